import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport
import OspreyUIKitBridge

/// A noisy (barely compressible) PNG: its bytes arrive in about the order of its rows.
func noisyPNG(width: Int, height: Int, seed: UInt64) throws -> (pixels: PixelBuffer, data: Data) {
    var generator = SeededGenerator(seed: seed)
    let bytes = (0..<(width * height * 4)).map { index in
        index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: generator.next())
    }
    let pixels = PixelBuffer(width: width, height: height, bytes: bytes)
    return (pixels, try ImageCoders.shared.encode(DecodedImage(pixels: pixels), format: .png))
}

/// What a progressive load's caller saw, in callback order.
enum LoadEvent: Sendable {
    case partial(PlatformImage)
    case completed(Result<ImageResult, ImageError>)
}

/// Partial images through the manager and the view binding.
@Suite("Progressive loads", .offCooperativePool)
struct ProgressiveLoadTests {
    static func context(_ fixture: ManagerFixture) -> ImageContext {
        var context = fixture.context
        context.progressiveInterval = 0
        return context
    }

    /// Loads `url` progressively, recording partial images and the completion into `events`.
    @discardableResult
    static func load(_ fixture: ManagerFixture, _ url: URL, context: ImageContext,
                     events: Recorder<LoadEvent>) -> ImageLoadOperation {
        fixture.manager.loadImage(with: url, options: [.progressiveLoad], context: context, progress: { report in
            if let partial = report.partialImage { events.record(.partial(partial)) }
        }) { events.record(.completed($0)) }
    }

    /// The partial images before the one completion, and the completion; records an issue
    /// for a partial image after the completion or a second completion.
    static func split(_ events: [LoadEvent]) -> ([PlatformImage], Result<ImageResult, ImageError>?) {
        var partials: [PlatformImage] = []
        var completion: Result<ImageResult, ImageError>?
        for event in events {
            switch event {
            case .partial(let image):
                #expect(completion == nil, "a partial image after the completion")
                partials.append(image)
            case .completed(let result):
                #expect(completion == nil, "a second completion")
                completion = result
            }
        }
        return (partials, completion)
    }

    @Test("the leader and a joined load both get partial images; the final image, not a partial, is cached")
    func leaderAndJoinedLoad() async throws {
        let fixture = try ManagerFixture()
        let image = try noisyPNG(width: 96, height: 80, seed: 21)
        fixture.server.setRoute("/p.png", .ok(image.data).with { $0.holdAfterBodyBytes = image.data.count / 2 })
        let url = fixture.server.url("/p.png")
        let leader = Recorder<LoadEvent>(), joined = Recorder<LoadEvent>()
        Self.load(fixture, url, context: Self.context(fixture), events: leader)
        #expect(await fixture.server.waitForRequests("/p.png", count: 1))
        Self.load(fixture, url, context: Self.context(fixture), events: joined)
        _ = try await leader.wait(count: 1, timeout: .seconds(60))
        _ = try await joined.wait(count: 1, timeout: .seconds(60))
        fixture.server.releaseBody("/p.png")
        try await waitForCompletion(leader)
        try await waitForCompletion(joined)
        try await fixture.settle()

        #expect(fixture.server.requestCount(for: "/p.png") == 1)
        for events in [leader, joined] {
            let (partials, completion) = Self.split(events.values)
            #expect(!partials.isEmpty)
            let final = try #require(try completion?.get())
            #expect(PlatformImageBridge.decodedImage(from: final.image)?.firstFrame == image.pixels)
        }
        let key = try #require(fixture.manager.cacheKey(for: url))
        let cached = try #require(fixture.cache.imageFromMemoryCache(forKey: key))
        #expect(PlatformImageBridge.decodedImage(from: cached)?.firstFrame == image.pixels)
        #expect(fixture.cache.diskImageData(forKey: key) == image.data)
    }

    @MainActor
    @Test("a view shows partial images, then the final one, and never a partial image of a URL it left")
    func viewShowsPartials() async throws {
        let fixture = try ManagerFixture()
        let old = try noisyPNG(width: 64, height: 64, seed: 31)
        let new = try noisyPNG(width: 48, height: 40, seed: 32)
        fixture.server.setRoute("/old.png", .ok(old.data).with { $0.holdAfterBodyBytes = old.data.count / 2 })
        fixture.server.setRoute("/new.png", .ok(new.data).with { $0.holdAfterBodyBytes = new.data.count / 2 })
        let view = RecordingImageView()
        var context = ImageContext()
        context.progressiveInterval = 0
        let oldDone = Recorder<Result<ImageResult, ImageError>>(), newDone = Recorder<Result<ImageResult, ImageError>>()
        view.setImage(with: fixture.server.url("/old.png"), options: [.progressiveLoad], context: context,
                      manager: fixture.manager, progress: { _ in }, completed: { oldDone.record($0) })
        // A partial image of the old URL is on screen.
        try await waitUntil { view.widths.contains(64) }
        view.setImage(with: fixture.server.url("/new.png"), options: [.progressiveLoad], context: context,
                      manager: fixture.manager, progress: { _ in }, completed: { newDone.record($0) })
        let shownBeforeNew = view.widths.count
        fixture.server.releaseBody("/old.png")
        try await waitUntil { view.widths.contains(48) }
        fixture.server.releaseBody("/new.png")
        #expect(try await newDone.first(timeout: .seconds(60)).failure == nil)
        #expect(try await oldDone.first(timeout: .seconds(60)).failure?.code == .cancelled)
        try await fixture.settle()
        await MainActor.run {}

        // After re-pointing, nothing of the old URL (64 wide) was shown again; the new load's
        // partial images came before its final image, which is what stays on screen.
        #expect(!view.widths[shownBeforeNew...].contains(64))
        #expect(view.widths.filter { $0 == 48 }.count >= 2)
        let final = try #require(view.images.last.flatMap { $0 }.flatMap(PlatformImageBridge.decodedImage(from:)))
        #expect(final.firstFrame == new.pixels)
        #expect(oldDone.count == 1 && newDone.count == 1)
    }

    /// Waits until `events` holds a completion.
    func waitForCompletion(_ events: Recorder<LoadEvent>) async throws {
        try await waitUntil {
            events.values.contains { if case .completed = $0 { true } else { false } }
        }
    }
}

/// A view that records every image it is given.
@MainActor
final class RecordingImageView: ImageDisplaying {
    var displayedImage: PlatformImage? {
        didSet { images.append(displayedImage) }
    }
    /// Every image set, in order (nil for a cleared view or a nil placeholder).
    var images: [PlatformImage?] = []
    /// The width of each image set (0 for nil).
    var widths: [Int] {
        images.map { $0.flatMap(PlatformImageBridge.decodedImage(from:))?.pixelWidth ?? 0 }
    }
}

/// Polls `condition` (on the main actor when it needs it) until it holds; throws after 60 s.
func waitUntil(_ condition: @escaping @MainActor () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(60)
    while !(await condition()) {
        guard Date() < deadline else { throw SettleTimedOut(running: -1) }
        try await Task.sleep(for: .milliseconds(5))
    }
}
