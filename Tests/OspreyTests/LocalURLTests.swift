import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport

/// `data:` and `file://` URLs load without the network and never land in the disk tier; an
/// `@2x`/`@3x` file name (or the context) sets the image's scale, which is part of the key.
@Suite("data: and file: URLs, scale from the file name", .offCooperativePool)
struct LocalURLTests {
    private func dataURL(_ bytes: Data, base64: Bool) -> URL {
        let payload = base64
            ? bytes.base64EncodedString()
            : bytes.map { String(format: "%%%02X", $0) }.joined()
        return URL(string: "data:image/png\(base64 ? ";base64" : ""),\(payload)")!
    }

    @Test("a data: URL decodes, base64 or percent-encoded, with no request and no disk entry",
          arguments: [true, false])
    func dataURLs(base64: Bool) async throws {
        let fixture = try ManagerFixture()
        let png = ManagerFixture.png(width: 7, height: 5, seed: 4)
        let url = dataURL(png, base64: base64)
        let result = try await fixture.load(url, options: .waitStoreCache).get()
        #expect(PlatformImageBridge.decodedImage(from: result.image)?.pixelSize == PixelSize(width: 7, height: 5))
        #expect(result.data == png)
        #expect(fixture.server.totalRequestCount == 0)
        #expect(fixture.cache.totalDiskCount() == 0)
        // The memory tier keeps it.
        #expect(try await fixture.load(url).get().cacheType == .memory)
        try await fixture.settle()
    }

    @Test("a malformed data: URL fails with invalidURL; one that holds no image with badImageData")
    func badDataURLs() async throws {
        let fixture = try ManagerFixture()
        let malformed = try #require(URL(string: "data:image/png;base64"))
        #expect(try await fixture.load(malformed).failure?.code == .invalidURL)
        let notAnImage = try #require(URL(string: "data:text/plain,hello"))
        let code = try await fixture.load(notAnImage).failure?.code
        #expect(code == .badImageData || code == .unsupportedFormat)
        try await fixture.settle()
        #expect(fixture.cache.totalDiskCount() == 0)
    }

    @Test("a file:// image is read from the file, kept in memory, never copied to the disk tier")
    func fileURL() async throws {
        let fixture = try ManagerFixture()
        let file = fixture.directory.appendingPathComponent("local.png")
        try FileManager.default.createDirectory(at: fixture.directory, withIntermediateDirectories: true)
        try ManagerFixture.png(width: 9, height: 3).write(to: file)
        let first = try await fixture.load(file, options: .waitStoreCache).get()
        #expect(first.cacheType == .none)
        #expect(fixture.cache.totalDiskCount() == 0)
        #expect(!fixture.cache.diskImageDataExists(forKey: file.absoluteString))
        #expect(try await fixture.load(file).get().cacheType == .memory)
        try await fixture.settle()
    }

    @Test("@2x / @3x in the file name set the image's scale and the key; scale 1 keeps the old key")
    func scaleFromFileName() async throws {
        let fixture = try ManagerFixture()
        let png = ManagerFixture.png(width: 8, height: 4)
        fixture.server.setRoute("/icon@2x.png", .ok(png))
        fixture.server.setRoute("/icon@3x.png", .ok(png))
        fixture.server.setRoute("/icon.png", .ok(png))
        let two = fixture.server.url("/icon@2x.png"), three = fixture.server.url("/icon@3x.png")
        let one = fixture.server.url("/icon.png")
        #expect(PlatformImageBridge.scale(of: try await fixture.load(two, options: .waitStoreCache).get().image) == 2)
        #expect(PlatformImageBridge.scale(of: try await fixture.load(three).get().image) == 3)
        #expect(PlatformImageBridge.scale(of: try await fixture.load(one).get().image) == 1)
        #expect(fixture.manager.cacheKey(for: two) == two.absoluteString + "-Scale(2)")
        #expect(fixture.manager.cacheKey(for: one) == one.absoluteString)
        // Memory keeps the scaled image under the scaled key; the disk keeps the bytes once.
        let again = try await fixture.load(two).get()
        #expect(again.cacheType == .memory)
        #expect(PlatformImageBridge.scale(of: again.image) == 2)
        #expect(fixture.cache.diskImageData(forKey: two.absoluteString) == png)
        // From the disk tier (memory emptied), the scale is applied again.
        fixture.cache.clearMemory()
        let fromDisk = try await fixture.load(two).get()
        #expect(fromDisk.cacheType == .disk)
        #expect(PlatformImageBridge.scale(of: fromDisk.image) == 2)
        try await fixture.settle()
    }

    @Test("the context's imageScaleFactor overrides the file name and is a key of its own")
    func scaleOverride() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/photo@2x.png")
        var context = fixture.context
        context.imageScaleFactor = 3
        let three = try await fixture.load(url, context: context).get()
        #expect(PlatformImageBridge.scale(of: three.image) == 3)
        #expect(fixture.manager.cacheKey(for: url, context: context) == url.absoluteString + "-Scale(3)")
        let two = try await fixture.load(url).get()
        #expect(PlatformImageBridge.scale(of: two.image) == 2)
        // Scale 3 did not land under scale 2's key: that one came from the disk bytes, not memory.
        #expect(two.cacheType != .memory)
        try await fixture.settle()
    }

    @Test("a file:// @2x image and a data: image with a forced scale")
    func localScales() async throws {
        let fixture = try ManagerFixture()
        try FileManager.default.createDirectory(at: fixture.directory, withIntermediateDirectories: true)
        let file = fixture.directory.appendingPathComponent("glyph@2x.png")
        try ManagerFixture.png(width: 4, height: 4).write(to: file)
        #expect(PlatformImageBridge.scale(of: try await fixture.load(file).get().image) == 2)
        var context = fixture.context
        context.imageScaleFactor = 2
        let data = dataURL(ManagerFixture.png(width: 2, height: 2), base64: true)
        #expect(PlatformImageBridge.scale(of: try await fixture.load(data, context: context).get().image) == 2)
        #expect(PlatformImageBridge.scale(of: try await fixture.load(data).get().image) == 1)
        try await fixture.settle()
        #expect(fixture.cache.totalDiskCount() == 0)
    }
}
