import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport
import OspreyUIKitBridge

/// A stand-in for `UIButton`: an object with one image slot per state, bound per slot through
/// ``ImageBinding`` as the UIKit extension does, with no wrapper object anyone must retain.
@MainActor
final class TestButton {
    var images: [Int: PlatformImage] = [:]
    func width(_ state: Int) -> Int? { images[state].flatMap { PlatformImageBridge.decodedImage(from: $0)?.pixelWidth } }
}

/// Operation keys are honoured by cancel and imageURL; multi-slot objects
/// bind per slot.
@MainActor
@Suite("View binding: operation keys and slots", .offCooperativePool)
struct BindingKeyTests {
    @Test("cancelCurrentImageLoad() and imageURL follow a custom operationKey")
    func customOperationKey() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/keyed.png", width: 9, height: 9)
        fixture.server.suspend("/keyed.png")
        let view = TestImageView()
        var context = ImageContext()
        context.operationKey = "avatar"
        let done = Recorder<Result<ImageResult, ImageError>>()
        view.setImage(with: url, context: context, manager: fixture.manager) { done.record($0) }
        #expect(view.imageURL == url)
        #expect(view.imageURL(operationKey: "avatar") == url)
        #expect(await fixture.server.waitForRequests("/keyed.png", count: 1))
        view.cancelCurrentImageLoad()
        fixture.server.resume("/keyed.png")
        #expect(try await done.first().failure?.code == .cancelled)
        #expect(!view.history.contains(9))
        #expect(done.count == 1)
    }

    @Test("cancelImageLoad(operationKey:) cancels that key's load only")
    func cancelByKey() async throws {
        let fixture = try ManagerFixture()
        let (held, _) = fixture.serveImage("/held.png", width: 5, height: 5)
        let (free, _) = fixture.serveImage("/free.png", width: 7, height: 7)
        fixture.server.suspend("/held.png")
        let view = TestImageView()
        var heldContext = ImageContext()
        heldContext.operationKey = "a"
        var freeContext = ImageContext()
        freeContext.operationKey = "b"
        let heldDone = Recorder<Result<ImageResult, ImageError>>()
        let freeDone = Recorder<Result<ImageResult, ImageError>>()
        view.setImage(with: held, context: heldContext, manager: fixture.manager) { heldDone.record($0) }
        view.setImage(with: free, context: freeContext, manager: fixture.manager) { freeDone.record($0) }
        view.cancelImageLoad(operationKey: "a")
        #expect(try await heldDone.first().failure?.code == .cancelled)
        #expect(try await freeDone.first().failure == nil)
        fixture.server.resume("/held.png")
        #expect(view.imageURL(operationKey: "a") == held)
        #expect(view.imageURL == free)
    }

    @Test("a multi-slot object binds each slot separately, with nothing else keeping state alive")
    func perSlotBinding() async throws {
        let fixture = try ManagerFixture()
        let (normal, _) = fixture.serveImage("/normal.png", width: 10, height: 2)
        let (highlighted, _) = fixture.serveImage("/highlighted.png", width: 20, height: 2)
        let (stale, _) = fixture.serveImage("/stale.png", width: 30, height: 2)
        fixture.server.suspend("/stale.png")
        let button = TestButton()
        let staleDone = Recorder<Result<ImageResult, ImageError>>()
        let normalDone = Recorder<Result<ImageResult, ImageError>>()
        let highlightedDone = Recorder<Result<ImageResult, ImageError>>()
        let setter0: @MainActor (TestButton, PlatformImage?) -> Void = { $0.images[0] = $1 }
        ImageBinding.setImage(with: stale, on: button, operationKey: "state.0", manager: fixture.manager,
                              setter: setter0) { staleDone.record($0) }
        ImageBinding.setImage(with: highlighted, on: button, operationKey: "state.1", manager: fixture.manager,
                              setter: { $0.images[1] = $1 }) { highlightedDone.record($0) }
        // Re-pointing slot 0 cancels slot 0's stale load, never slot 1's.
        ImageBinding.setImage(with: normal, on: button, operationKey: "state.0", manager: fixture.manager,
                              setter: setter0) { normalDone.record($0) }
        #expect(try await normalDone.first().failure == nil)
        #expect(try await highlightedDone.first().failure == nil)
        #expect(try await staleDone.first().failure?.code == .cancelled)
        fixture.server.resume("/stale.png")
        #expect(button.width(0) == 10)
        #expect(button.width(1) == 20)
        #expect(ImageBinding.imageURL(of: button, operationKey: "state.1") == highlighted)
        #expect(ImageBinding.imageURL(of: button, operationKey: nil) == normal)
    }

    @Test("a released owner: the completion gets .cancelled once, nothing is set")
    func releasedOwner() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/gone.png")
        fixture.server.suspend("/gone.png")
        let done = Recorder<Result<ImageResult, ImageError>>()
        do {
            let button = TestButton()
            ImageBinding.setImage(with: url, on: button, operationKey: "k", manager: fixture.manager,
                                  setter: { $0.images[0] = $1 }) { done.record($0) }
        }
        fixture.server.resume("/gone.png")
        #expect(try await done.first().failure?.code == .cancelled)
        #expect(done.count == 1)
    }
}
