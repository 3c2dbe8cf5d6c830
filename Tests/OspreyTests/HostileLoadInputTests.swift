import Foundation
import OspreyTestTraits
import Testing
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Loads whose parameters or inputs are hostile: a transformer asking for a huge canvas, an
/// upper-case scheme, a local file larger than the response limit. Each ends in one clear
/// completion; none allocates what it was asked for.
@Suite("Hostile load inputs", .offCooperativePool)
struct HostileLoadInputTests {
    @Test("a load whose transformer would pass maxPixelCount fails with imageTooLarge, once, and caches nothing derived")
    func hugeTransform() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/small.png", width: 30, height: 20)
        var context = fixture.context
        context.transformer = ResizingTransformer(size: PixelSize(width: 30_000, height: 30_000), mode: .stretch)
        let recorder = Recorder<Result<ImageResult, ImageError>>()
        fixture.manager.loadImage(with: url, options: .waitStoreCache, context: context) { recorder.record($0) }
        let result = try await recorder.first()
        guard case .failure(let error) = result else { Issue.record("expected a failure"); return }
        #expect(error.code == .imageTooLarge)
        #expect(error.url == url)
        try await fixture.settle()
        #expect(recorder.count == 1)
        let key = try #require(fixture.manager.cacheKey(for: url, context: context))
        #expect(fixture.cache.imageFromMemoryCache(forKey: key) == nil)
        // The URL is fine: the same URL without the transformer loads (the failure is not blacklisted).
        let plain = try await fixture.load(url).get()
        #expect(PlatformImageBridge.decodedImage(from: plain.image)?.pixelSize == PixelSize(width: 30, height: 20))
    }

    @Test("the context's maxPixelCount bounds a transformer's output; negative sizes are invalidTransform")
    func contextLimitAndInvalid() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/p.png", width: 30, height: 20)
        var context = fixture.context
        context.maxPixelCount = 10_000
        context.transformer = ResizingTransformer(size: PixelSize(width: 200, height: 200), mode: .stretch)
        guard case .failure(let tooLarge) = try await fixture.load(url, context: context) else {
            Issue.record("expected imageTooLarge"); return
        }
        #expect(tooLarge.code == .imageTooLarge)
        context.maxPixelCount = nil
        context.transformer = CroppingTransformer(rect: PixelRect(x: Int.max, y: Int.min, width: Int.max, height: -4))
        guard case .failure(let invalid) = try await fixture.load(url, context: context) else {
            Issue.record("expected invalidTransform"); return
        }
        #expect(invalid.code == .invalidTransform)
        try await fixture.settle()
    }

    @Test("an upper-case scheme loads like a lower-case one", arguments: ["HTTP", "Http"])
    func upperCaseScheme(scheme: String) async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/upper.png")
        var components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        components.scheme = scheme
        let shouting = try #require(components.url)
        #expect(fixture.downloader.canRequestImage(for: shouting))
        let result = try await fixture.load(shouting).get()
        #expect(PlatformImageBridge.decodedImage(from: result.image)?.pixelSize == PixelSize(width: 16, height: 12))
        #expect(fixture.server.requestCount(for: "/upper.png") == 1)
    }

    @Test("a file:// image larger than maxResponseSize fails with responseTooLarge without being read")
    func largeLocalFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-local-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A sparse 8 GiB file: reading it whole would need 8 GiB; its size alone must refuse it.
        let path = directory.appendingPathComponent("huge.png").path
        let png = ManagerFixture.png()
        #expect(FileManager.default.createFile(atPath: path, contents: png))
        #expect(truncate(path, 8 << 30) == 0)
        var config = ImageDownloaderConfig()
        config.maxResponseSize = 1 << 20
        let downloader = ImageDownloader(config: config)
        defer { downloader.invalidate() }
        var context = ImageContext()
        context.callbackQueue = .queue(DispatchQueue(label: "osprey.tests.local-files"))
        let recorder = Recorder<Result<LoadedImage, ImageError>>()
        downloader.downloadImage(with: URL(fileURLWithPath: path), context: context) { recorder.record($0) }
        guard case .failure(let error) = try await recorder.first() else { Issue.record("expected a failure"); return }
        #expect(error.code == .responseTooLarge)
        // A small file in the same folder still loads, and a folder or FIFO is refused.
        let small = directory.appendingPathComponent("small.png")
        try png.write(to: small)
        let loaded = Recorder<Result<LoadedImage, ImageError>>()
        downloader.downloadImage(with: small, context: context) { loaded.record($0) }
        #expect(try await loaded.first().get().data == png)
        let fifo = directory.appendingPathComponent("fifo.png").path
        #expect(mkfifo(fifo, 0o644) == 0)
        for url in [directory, URL(fileURLWithPath: fifo)] {
            let refused = Recorder<Result<LoadedImage, ImageError>>()
            downloader.downloadImage(with: url, context: context) { refused.record($0) }
            guard case .failure(let error) = try await refused.first() else { Issue.record("expected a failure"); continue }
            #expect(error.code == .invalidURL, "\(url)")
        }
    }
}
