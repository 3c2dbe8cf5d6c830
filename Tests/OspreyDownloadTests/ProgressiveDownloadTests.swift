import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackServer
import OspreyCore
import OspreyCodecs
import OspreyDownload
import OspreyTestSupport
import OspreyTestTraits
import Testing

/// What one progressive caller saw, in the order its callback queue ran it.
enum ProgressiveEvent: Sendable {
    case partial(DecodedImage)
    case completed(Outcome)
}

/// A noisy (hence barely compressible) RGBA image and its PNG bytes: the bytes arrive in about
/// the order of the rows they hold.
struct NoisyPNG {
    let pixels: PixelBuffer
    let data: Data

    init(width: Int, height: Int, seed: UInt64 = 16) throws {
        var generator = SeededGenerator(seed: seed)
        let bytes = (0..<(width * height * 4)).map { index in
            index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: generator.next())
        }
        pixels = PixelBuffer(width: width, height: height, bytes: bytes)
        data = try PNGEncoder().encode(DecodedImage(pixels: pixels), format: .png)
    }

    /// Rows from the top that `partial` already shows exactly as the final image.
    func knownRows(of partial: PixelBuffer) -> Int {
        let stride = pixels.bytesPerRow
        return (0..<pixels.height).prefix { y in
            partial.bytes[(y * stride)..<((y + 1) * stride)] == pixels.bytes[(y * stride)..<((y + 1) * stride)]
        }.count
    }
}

/// Progressive loading through the downloader, against the loopback
/// server holding a body half-way (``Faults/holdAfterBodyBytes``) or dripping it.
@Suite("Progressive downloads", .offCooperativePool)
struct ProgressiveDownloadTests {
    static func harness() throws -> DownloadHarness {
        try DownloadHarness { $0.coders = ImageCoders() }
    }

    /// The harness's context with partial images as often as rows arrive.
    static func context(_ harness: DownloadHarness, thumbnail: PixelSize? = nil) -> ImageContext {
        var context = harness.context
        context.progressiveInterval = 0
        context.thumbnailPixelSize = thumbnail
        return context
    }

    /// Starts a progressive download whose partial images and completion go to `events`.
    @discardableResult
    static func start(_ harness: DownloadHarness, _ path: String, context: ImageContext,
                      options: DownloaderOptions = [.progressiveLoad],
                      events: Recorder<ProgressiveEvent>, partials: Recorder<DecodedImage>) -> DownloadToken? {
        harness.downloader.downloadImage(with: harness.server.url(path), options: options, context: context,
                                         progress: { report in
            if let image = report.partialImage {
                events.record(.partial(image))
                partials.record(image)
            }
        }) { events.record(.completed($0)) }
    }

    /// Checks the order: partial images only before the one completion, each showing at least
    /// as many final rows as the one before; returns the partial images and the outcome.
    static func check(_ events: [ProgressiveEvent], image: NoisyPNG?) -> ([DecodedImage], Outcome?) {
        var partials: [DecodedImage] = []
        var outcome: Outcome?
        var known = 0
        for event in events {
            switch event {
            case .partial(let partial):
                #expect(outcome == nil, "a partial image after the completion")
                partials.append(partial)
                if let image {
                    let rows = image.knownRows(of: partial.firstFrame)
                    #expect(rows >= known, "a partial image with fewer rows than the one before")
                    known = rows
                }
            case .completed(let result):
                #expect(outcome == nil, "a second completion")
                outcome = result
            }
        }
        return (partials, outcome)
    }

    @Test("a body held half-way gives growing partial images, then the full image, which equals a plain decode")
    func heldBodyGivesPartials() async throws {
        let harness = try Self.harness()
        defer { harness.close() }
        let image = try NoisyPNG(width: 96, height: 96)
        harness.server.setRoute("/held.png", .ok(image.data).with { $0.holdAfterBodyBytes = image.data.count / 2 })
        let events = Recorder<ProgressiveEvent>(), partials = Recorder<DecodedImage>()
        Self.start(harness, "/held.png", context: Self.context(harness), events: events, partials: partials)

        let first = try await partials.first(timeout: .seconds(60))
        let rows = image.knownRows(of: first.firstFrame)
        #expect(rows > 0 && rows < 96, "a partial image of a half body shows part of the rows (\(rows))")
        #expect(first.pixelSize == PixelSize(width: 96, height: 96))
        harness.server.releaseBody("/held.png")
        _ = try await events.wait(count: partials.count + 1, timeout: .seconds(60))
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)

        let (seen, outcome) = Self.check(events.values, image: image)
        #expect(!seen.isEmpty)
        let final = try #require(try outcome?.get().image)
        #expect(final.firstFrame == image.pixels)
        #expect(try final.firstFrame == PNGDecoder().decode(image.data, options: DecodeOptions()).firstFrame)
    }

    @Test("joined callers each get partial images of their own size; one without progressiveLoad gets none")
    func joinedCallersAndThumbnails() async throws {
        let harness = try Self.harness()
        defer { harness.close() }
        let image = try NoisyPNG(width: 80, height: 64, seed: 3)
        harness.server.setRoute("/joined.png", .ok(image.data).with { $0.holdAfterBodyBytes = image.data.count / 2 })
        let full = (Recorder<ProgressiveEvent>(), Recorder<DecodedImage>())
        let thumb = (Recorder<ProgressiveEvent>(), Recorder<DecodedImage>())
        let plain = (Recorder<ProgressiveEvent>(), Recorder<DecodedImage>())
        let box = PixelSize(width: 20, height: 20)
        Self.start(harness, "/joined.png", context: Self.context(harness), events: full.0, partials: full.1)
        Self.start(harness, "/joined.png", context: Self.context(harness, thumbnail: box), events: thumb.0,
                   partials: thumb.1)
        Self.start(harness, "/joined.png", context: Self.context(harness), options: [], events: plain.0,
                   partials: plain.1)
        _ = try await full.1.first(timeout: .seconds(60))
        _ = try await thumb.1.first(timeout: .seconds(60))
        harness.server.releaseBody("/joined.png")
        for recorder in [full.0, thumb.0, plain.0] {
            _ = try await recorder.wait(count: 1, timeout: .seconds(60))
        }
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(harness.server.requestCount(for: "/joined.png") == 1)

        var thumbnailOptions = DecodeOptions()
        thumbnailOptions.thumbnailPixelSize = box
        let expectedThumbnail = try PNGDecoder().decode(image.data, options: thumbnailOptions)
        let (fullPartials, fullOutcome) = Self.check(full.0.values, image: image)
        let (thumbPartials, thumbOutcome) = Self.check(thumb.0.values, image: nil)
        let (plainPartials, plainOutcome) = Self.check(plain.0.values, image: nil)
        #expect(!fullPartials.isEmpty && !thumbPartials.isEmpty && plainPartials.isEmpty)
        #expect(fullPartials.allSatisfy { $0.pixelSize == PixelSize(width: 80, height: 64) })
        #expect(thumbPartials.allSatisfy { $0.pixelSize == expectedThumbnail.pixelSize })
        #expect(try fullOutcome?.get().image?.firstFrame == image.pixels)
        #expect(try thumbOutcome?.get().image?.firstFrame == expectedThumbnail.firstFrame)
        #expect(try plainOutcome?.get().image?.firstFrame == image.pixels)
    }

    @Test("a decryptor on the request disables partial images")
    func decryptorDisablesPartials() async throws {
        let harness = try Self.harness()
        defer { harness.close() }
        let image = try NoisyPNG(width: 64, height: 64, seed: 5)
        harness.server.setRoute("/secret.png", .ok(image.data).with { $0.bytesPerSecond = 200_000 })
        var context = Self.context(harness)
        context.downloadDecryptor = { data, _ in data }
        let events = Recorder<ProgressiveEvent>(), partials = Recorder<DecodedImage>()
        Self.start(harness, "/secret.png", context: context, events: events, partials: partials)
        _ = try await events.wait(count: 1, timeout: .seconds(60))
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        let (seen, outcome) = Self.check(events.values, image: image)
        #expect(seen.isEmpty)
        #expect(try outcome?.get().image?.firstFrame == image.pixels)
    }

    @Test("a dripped body: partial images in order, none after the completion, the final image exact")
    func drippedBody() async throws {
        let harness = try Self.harness()
        defer { harness.close() }
        let image = try NoisyPNG(width: 128, height: 64, seed: 9)
        // About 20 pieces over a second: how many partial images arrive depends on timing, so
        // only their order and content are checked, never their number.
        harness.server.setRoute("/drip.png", .ok(image.data).with { $0.bytesPerSecond = image.data.count })
        let events = Recorder<ProgressiveEvent>(), partials = Recorder<DecodedImage>()
        Self.start(harness, "/drip.png", context: Self.context(harness), events: events, partials: partials)
        try await waitUntil(timeout: .seconds(60)) {
            events.values.contains { if case .completed = $0 { true } else { false } }
        }
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        let (_, outcome) = Self.check(events.values, image: image)
        #expect(try outcome?.get().image?.firstFrame == image.pixels)
    }

    @Test("a caller that cancels after a partial image gets one .cancelled and no partial image after it")
    func cancelAfterPartial() async throws {
        let harness = try Self.harness()
        defer { harness.close() }
        let image = try NoisyPNG(width: 96, height: 64, seed: 11)
        harness.server.setRoute("/cancel.png", .ok(image.data).with { $0.holdAfterBodyBytes = image.data.count / 3 })
        let events = Recorder<ProgressiveEvent>(), partials = Recorder<DecodedImage>()
        let token = Self.start(harness, "/cancel.png", context: Self.context(harness), events: events, partials: partials)
        _ = try await partials.first(timeout: .seconds(60))
        token?.cancel()
        harness.server.releaseBody("/cancel.png")
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        let (_, outcome) = Self.check(events.values, image: image)
        #expect(outcome?.errorCode == .cancelled)
    }

    @Test("12 MB arriving in pieces: the body buffer moves at most 2× its bytes, also with partial images on")
    func bodyBufferIsLinear() async throws {
        let harness = try DownloadHarness {
            $0.coders = ImageCoders()
            $0.operationClass = RecordingOperation.self
            $0.maxResponseSize = 64 << 20
        }
        defer { harness.close() }
        // No Content-Length (a body that ends when the connection closes): nothing is
        // reserved up front, so the buffer grows as the pieces arrive.
        // 12 MiB: large enough for many doublings, small enough for a loaded debug build
        // (20 MiB took over two minutes beside the whole suite and a TSan build).
        let total = 12 << 20
        let image = try NoisyPNG(width: 64, height: 64, seed: 2)
        var route = Route.ok(image.data)
        route.faults.endlessBody = true
        route.faults.endlessBodyLimit = total
        harness.server.setRoute("/big.png", route)
        let events = Recorder<ProgressiveEvent>(), partials = Recorder<DecodedImage>()
        Self.start(harness, "/big.png", context: Self.context(harness), events: events, partials: partials)
        try await waitUntil(timeout: .seconds(180)) {
            events.values.contains { if case .completed = $0 { true } else { false } }
        }
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        let moved = try #require(RecordingOperation.moved.withLock { $0[harness.server.url("/big.png")] })
        #expect(moved.received >= total)
        #expect(moved.moved <= 2 * moved.received, "moved \(moved.moved) bytes for \(moved.received)")
    }
}

/// A subclass that notes how many body bytes its buffer moved, per URL.
final class RecordingOperation: DownloaderOperation, @unchecked Sendable {
    // Safety: no stored instance state of its own; `moved` is a `Locked` value keyed by URL
    // (each test has its own server port).
    static let moved = Locked<[URL: (received: Int, moved: Int)]>([:])

    override func taskDidComplete(with error: (any Error)?) {
        let growth = bodyGrowth
        Self.moved.withLock { $0[url] = growth }
        super.taskDidComplete(with: error)
    }
}

/// ``waitUntil(timeout:_:)`` gave up.
struct ConditionTimedOut: Error {}

/// Polls `condition` until it holds; throws after `timeout`.
func waitUntil(timeout: Duration, _ condition: @Sendable () -> Bool) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
        guard clock.now < deadline else { throw ConditionTimedOut() }
        try await Task.sleep(for: .milliseconds(5))
    }
}
