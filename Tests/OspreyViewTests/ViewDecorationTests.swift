import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport
@testable import OspreyUIKitBridge

/// Transitions, indicators and the failure image of the view binding, with real loads from
/// the loopback server into a Linux view that records what it was asked to do.
@MainActor
@Suite("View binding decorations", .offCooperativePool)
struct ViewDecorationTests {
    /// Records every image put up and whether a transition brought it in.
    @MainActor
    final class RecordingView: ImageDisplaying {
        var displayedImage: PlatformImage? {
            didSet { history.append(displayedImage?.pixelWidth ?? 0) }
        }
        /// Widths of every image set, 0 for nil.
        var history: [Int] = []
        /// Widths of the images a transition brought in.
        var transitioned: [Int] = []

        func setDisplayedImage(_ image: PlatformImage?, transition: ImageTransition) {
            transitioned.append(image?.pixelWidth ?? 0)
            displayedImage = image
        }
    }

    /// Records the calls the binding makes; fails the test if start and stop do not alternate.
    @MainActor
    final class RecordingIndicator: ImageIndicator {
        var events: [String] = []
        var isShowing = false

        func startAnimating(on view: AnyObject) {
            #expect(!isShowing, "started twice without a stop")
            isShowing = true
            events.append("start")
        }

        func updateProgress(_ fraction: Double?) { events.append("progress") }

        func stopAnimating() {
            #expect(isShowing, "stopped while not showing")
            isShowing = false
            events.append("stop")
        }
    }

    func load(_ view: RecordingView, _ url: URL?, options: ImageOptions = [], context: ImageContext = .init(),
              fixture: ManagerFixture) async throws -> Result<ImageResult, ImageError> {
        let done = Recorder<Result<ImageResult, ImageError>>()
        view.setImage(with: url, options: options, context: context, manager: fixture.manager, completed: { done.record($0) })
        return try await done.first()
    }

    @Test("a fade runs for an image from the network and from disk, not from memory unless .forceTransition")
    func transitionRule() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/t.png", width: 21, height: 3)
        let view = RecordingView()
        var context = ImageContext()
        context.transition = .fade(duration: 0.3)

        #expect(try await load(view, url, context: context, fixture: fixture).get().cacheType == .none)
        #expect(view.transitioned == [21])
        #expect(try await load(view, url, context: context, fixture: fixture).get().cacheType == .memory)
        #expect(view.transitioned == [21], "a memory hit is on screen at once: no transition")
        #expect(view.history.last == 21)
        _ = try await load(view, url, options: .forceTransition, context: context, fixture: fixture)
        #expect(view.transitioned == [21, 21])

        fixture.cache.clearMemory()
        #expect(try await load(view, url, context: context, fixture: fixture).get().cacheType == .disk)
        #expect(view.transitioned == [21, 21, 21])
        fixture.cache.clearMemory()
        _ = try await load(view, url, options: .queryDiskDataSync, context: context, fixture: fixture)
        #expect(view.transitioned.count == 3, "a synchronous disk hit is on screen at once too")

        _ = try await load(view, url, context: ImageContext(), fixture: fixture)
        #expect(view.transitioned.count == 3, "no transition without one in the context")
    }

    @Test("the rule itself, for every source and option")
    func transitionDecisions() {
        let fade = ImageTransition.fade(duration: 0.2)
        #expect(fade.shouldRun(for: .none, options: []))
        #expect(fade.shouldRun(for: .disk, options: []))
        #expect(!fade.shouldRun(for: .disk, options: .queryDiskDataSync))
        #expect(!fade.shouldRun(for: .memory, options: []))
        #expect(fade.shouldRun(for: .memory, options: .forceTransition))
        #expect(!fade.shouldRun(for: .none, options: [], isFinal: false), "partial images never transition")
        #expect(!ImageTransition.none.shouldRun(for: .none, options: .forceTransition))
        let custom = ImageTransition.custom(duration: 1) { _, _ in }
        #expect(custom.shouldRun(for: .none, options: []) && custom.duration == 1)
        #expect(ImageTransition.curlDown(duration: 0.4).duration == 0.4)
    }

    @Test("a custom transition on a plain object runs the caller's closure, which puts the image up")
    func customTransition() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/c.png", width: 13, height: 2)
        @MainActor final class Slot {
            var image: PlatformImage?
            var animated: [Int] = []
        }
        let slot = Slot()
        var context = ImageContext()
        context.transition = .custom(duration: 0.5) { owner, image in
            guard let slot = owner as? Slot else { return }
            slot.animated.append(image?.pixelWidth ?? 0)
            slot.image = image
        }
        let done = Recorder<Result<ImageResult, ImageError>>()
        ImageBinding.setImage(with: url, on: slot, operationKey: "slot", context: context, manager: fixture.manager,
                              setter: { slot, image in slot.image = image }, completed: { done.record($0) })
        _ = try await done.first()
        #expect(slot.animated == [13])
        #expect(slot.image?.pixelWidth == 13)
    }

    @Test("the indicator shows from the start and goes on success, failure and cancel; progress reaches it")
    func indicator() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/i.png", width: 5, height: 5)
        fixture.server.setRoute("/missing.png", .status(404))
        let view = RecordingView()
        let indicator = RecordingIndicator()
        view.imageIndicator = indicator
        #expect(view.imageIndicator === indicator)

        let done = Recorder<Result<ImageResult, ImageError>>()
        view.setImage(with: url, manager: fixture.manager, completed: { done.record($0) })
        #expect(indicator.events == ["start"])
        _ = try await done.first()
        #expect(indicator.events.first == "start" && indicator.events.last == "stop")
        #expect(indicator.events.contains("progress"))
        #expect(!indicator.isShowing)

        indicator.events = []
        #expect(try await load(view, fixture.server.url("/missing.png"), fixture: fixture).failure != nil)
        #expect(indicator.events.first == "start" && indicator.events.last == "stop" && !indicator.isShowing)

        indicator.events = []
        fixture.server.suspend("/slow.png")
        fixture.server.setRoute("/slow.png", .ok(ManagerFixture.png(), contentType: "image/png"))
        let cancelled = Recorder<Result<ImageResult, ImageError>>()
        view.setImage(with: fixture.server.url("/slow.png"), manager: fixture.manager, completed: { cancelled.record($0) })
        view.cancelCurrentImageLoad()
        #expect(indicator.events == ["start", "stop"])
        #expect(try await cancelled.first().failure?.code == .cancelled)
        #expect(indicator.events == ["start", "stop"], "the cancelled load's late completion touches nothing")
        fixture.server.resume("/slow.png")
    }

    @Test("re-pointing a view moves the indicator to the new load; the old load's late end leaves it showing")
    func indicatorRepoint() async throws {
        let fixture = try ManagerFixture()
        let (old, _) = fixture.serveImage("/old.png", width: 3, height: 3)
        let (new, _) = fixture.serveImage("/new.png", width: 4, height: 4)
        fixture.server.suspend("/old.png")
        fixture.server.suspend("/new.png")
        let view = RecordingView()
        let indicator = RecordingIndicator()
        view.imageIndicator = indicator
        let oldDone = Recorder<Result<ImageResult, ImageError>>()
        let newDone = Recorder<Result<ImageResult, ImageError>>()
        view.setImage(with: old, manager: fixture.manager, completed: { oldDone.record($0) })
        view.setImage(with: new, manager: fixture.manager, completed: { newDone.record($0) })
        #expect(try await oldDone.first().failure?.code == .cancelled)
        #expect(indicator.isShowing, "still showing for the new load")
        #expect(indicator.events == ["start", "stop", "start"])
        fixture.server.resume("/new.png")
        fixture.server.resume("/old.png")
        _ = try await newDone.first()
        #expect(!indicator.isShowing)
        #expect(indicator.events.filter { $0 != "progress" } == ["start", "stop", "start", "stop"])
        view.imageIndicator = nil
        #expect(view.imageIndicator == nil)
    }

    @Test("a failure shows the context's failure image (before the delayed placeholder); a cancel does not")
    func failureImage() async throws {
        let fixture = try ManagerFixture()
        fixture.server.setRoute("/gone.png", .status(404))
        let view = RecordingView()
        var context = ImageContext()
        context.failureImage = DecodedImage(pixels: PixelBuffer(width: 2, height: 2))
        let placeholder = DecodedImage(pixels: PixelBuffer(width: 1, height: 1))

        let done = Recorder<Result<ImageResult, ImageError>>()
        view.setImage(with: fixture.server.url("/gone.png"), placeholder: placeholder, options: .delayPlaceholder,
                      context: context, manager: fixture.manager, completed: { done.record($0) })
        #expect(try await done.first().failure?.code == .invalidDownloadStatusCode)
        #expect(view.history == [2])

        view.history = []
        fixture.server.suspend("/slow.png")
        fixture.server.setRoute("/slow.png", .ok(ManagerFixture.png(), contentType: "image/png"))
        let cancelled = Recorder<Result<ImageResult, ImageError>>()
        view.setImage(with: fixture.server.url("/slow.png"), context: context, manager: fixture.manager,
                      completed: { cancelled.record($0) })
        view.cancelCurrentImageLoad()
        #expect(try await cancelled.first().failure?.code == .cancelled)
        #expect(view.history == [0], "only the (nil) placeholder: no failure image for a cancel")
        fixture.server.resume("/slow.png")
    }
}
