import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport
import OspreyUIKitBridge

/// A stand-in view: on Linux any class can display images.
@MainActor
final class TestImageView: ImageDisplaying {
    var displayedImage: PlatformImage? {
        didSet { history.append(displayedImage.map { PlatformImageBridge.decodedImage(from: $0)?.pixelWidth ?? -1 } ?? 0) }
    }
    /// Widths of every image set, 0 for nil: shows whether a stale image was ever shown.
    var history: [Int] = []
}

@MainActor
@Suite("View binding", .offCooperativePool)
struct ViewBindingTests {
    let placeholder = DecodedImage(pixels: PixelBuffer(width: 1, height: 1))

    @Test("shows the placeholder at once, then the image; completes once; remembers the URL")
    func basic() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/v.png", width: 33, height: 5)
        let view = TestImageView()
        let done = Recorder<Result<ImageResult, ImageError>>()
        view.setImage(with: url, placeholder: placeholder, manager: fixture.manager, completed: { done.record($0) })
        #expect(view.history == [1])
        #expect(view.imageURL == url)
        #expect(try await done.first().failure == nil)
        #expect(view.history == [1, 33])
        #expect(done.count == 1)
    }

    @Test("re-pointing a view never shows the stale image; the stale load completes as cancelled")
    func repoint() async throws {
        let fixture = try ManagerFixture()
        let (old, _) = fixture.serveImage("/old.png", width: 11, height: 4)
        let (new, _) = fixture.serveImage("/new.png", width: 22, height: 4)
        fixture.server.suspend("/old.png")
        let view = TestImageView()
        let oldDone = Recorder<Result<ImageResult, ImageError>>()
        let newDone = Recorder<Result<ImageResult, ImageError>>()
        view.setImage(with: old, manager: fixture.manager, completed: { oldDone.record($0) })
        #expect(await fixture.server.waitForRequests("/old.png", count: 1))
        view.setImage(with: new, manager: fixture.manager, completed: { newDone.record($0) })
        fixture.server.resume("/old.png")
        #expect(try await newDone.first().failure == nil)
        #expect(try await oldDone.first().failure?.code == .cancelled)
        #expect(!view.history.contains(11))
        #expect(view.history.last == 22)
        #expect(view.imageURL == new)
    }

    @Test(".delayPlaceholder shows the placeholder only after a failure")
    func delayPlaceholder() async throws {
        let fixture = try ManagerFixture()
        fixture.server.setRoute("/none.png", .status(404))
        let view = TestImageView()
        let done = Recorder<Result<ImageResult, ImageError>>()
        view.setImage(with: fixture.server.url("/none.png"), placeholder: placeholder, options: .delayPlaceholder,
                      manager: fixture.manager, completed: { done.record($0) })
        #expect(view.history.isEmpty)
        #expect(try await done.first().failure?.code == .invalidDownloadStatusCode)
        #expect(view.history == [1])
    }

    @Test(".avoidAutoSetImage leaves the view to the completion handler")
    func avoidAutoSet() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/manual.png", width: 7, height: 7)
        let view = TestImageView()
        let done = Recorder<Result<ImageResult, ImageError>>()
        view.setImage(with: url, options: .avoidAutoSetImage, manager: fixture.manager, completed: { done.record($0) })
        #expect(try await done.first().failure == nil)
        #expect(view.history == [0])
    }

    @Test("cancelCurrentImageLoad stops the load; the image is never shown")
    func cancelCurrent() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/cancel.png", width: 9, height: 9)
        fixture.server.suspend("/cancel.png")
        let view = TestImageView()
        let done = Recorder<Result<ImageResult, ImageError>>()
        view.setImage(with: url, manager: fixture.manager, completed: { done.record($0) })
        view.cancelCurrentImageLoad()
        #expect(try await done.first().failure?.code == .cancelled)
        fixture.server.resume("/cancel.png")
        #expect(!view.history.contains(9))
    }
}
