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
import Testing

/// What a download delivered, simplified for assertions.
typealias Outcome = Result<LoadedImage, ImageError>

extension Result where Success == LoadedImage, Failure == ImageError {
    /// The error code, or nil on success.
    var errorCode: ImageError.Code? {
        if case .failure(let error) = self { return error.code }
        return nil
    }

    /// The delivered image, if any.
    var image: PlatformImage? {
        if case .success(let loaded) = self { return loaded.image }
        return nil
    }

    /// The delivered bytes, if any.
    var data: Data? {
        if case .success(let loaded) = self { return loaded.data }
        return nil
    }
}

/// A tiny image format the tests decode without waiting for the real codecs:
/// `"TINY"`, width, height (one byte each), then nothing. Counts its decodes.
final class TinyDecoder: ImageDecoding {
    /// Invariant: incremented once per `decode` call.
    private let counter = Locked(0)
    /// The thumbnail sizes it was asked for, in call order.
    private let sizes = Locked<[PixelSize?]>([])

    static func bytes(width: UInt8 = 2, height: UInt8 = 3, padding: Int = 0) -> Data {
        Data("TINY".utf8) + Data([width, height]) + Data(repeating: 0xAB, count: padding)
    }

    var decodeCount: Int { counter.withLock { $0 } }
    var requestedThumbnailSizes: [PixelSize?] { sizes.withLock { $0 } }

    func canDecode(_ data: Data) -> Bool { data.starts(with: Data("TINY".utf8)) }

    func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        counter.withLock { $0 += 1 }
        sizes.withLock { $0.append(options.thumbnailPixelSize) }
        guard data.count >= 6 else { throw ImageError(.badImageData) }
        let bytes = [UInt8](data)
        let size = options.targetSize(for: PixelSize(width: Int(bytes[4]), height: Int(bytes[5])))
        try options.checkPixelCount(width: size.width, height: size.height)
        let pixels = PixelBuffer(width: size.width, height: size.height,
                                 bytes: [UInt8](repeating: 0xFF, count: size.width * size.height * 4))
        return DecodedImage(pixels: pixels, format: .unknown)
    }
}

/// One test's server, downloader and decoder; `close()` tears both down.
struct DownloadHarness {
    let server: LoopbackServer
    let downloader: ImageDownloader
    let decoder: TinyDecoder
    /// Where the test's callbacks run (serial: progress arrives in order).
    let callbackQueue: DispatchQueue

    init(configure: (inout ImageDownloaderConfig) -> Void = { _ in }) throws {
        server = try LoopbackServer()
        decoder = TinyDecoder()
        var config = ImageDownloaderConfig()
        config.coders = ImageCoders(decoders: [decoder], encoders: [])
        // Tests hold responses until they resume them; a deadline shorter than the slowest
        // moment of a loaded machine would turn a held download into a time-out. Tests about
        // deadlines set their own.
        config.downloadTimeout = 300
        configure(&config)
        downloader = ImageDownloader(config: config)
        callbackQueue = DispatchQueue(label: "osprey.tests.callbacks")
    }

    /// A context whose callbacks run on the harness's serial queue.
    var context: ImageContext {
        var context = ImageContext()
        context.callbackQueue = .queue(callbackQueue)
        return context
    }

    /// Starts a download of `path` whose completion is recorded into `recorder`.
    @discardableResult
    func download(_ path: String, options: DownloaderOptions = [], context: ImageContext? = nil,
                  into recorder: Recorder<Outcome>,
                  progress: (@Sendable (ImageProgress) -> Void)? = nil) -> DownloadToken? {
        downloader.downloadImage(with: server.url(path), options: options, context: context ?? self.context,
                                 progress: progress) { recorder.record($0) }
    }

    /// Downloads `path` and waits for its one outcome.
    func outcome(of path: String, options: DownloaderOptions = [], context: ImageContext? = nil) async throws -> Outcome {
        let recorder = Recorder<Outcome>()
        download(path, options: options, context: context, into: recorder)
        return try await recorder.first()
    }

    func close() {
        downloader.invalidate()
        server.stop()
    }
}

/// Counts outcomes by error code (`nil` = success) for assertions on many downloads.
func tally(_ outcomes: [Outcome]) -> [ImageError.Code?: Int] {
    var counts: [ImageError.Code?: Int] = [:]
    for outcome in outcomes { counts[outcome.errorCode, default: 0] += 1 }
    return counts
}

/// Waits (polling a condition, never a fixed schedule) until `downloader` has nothing
/// waiting, running or decoding, then drains `callbackQueue`, so that a count taken afterwards
/// includes any duplicate `completed` call. Throws after `timeout`.
func waitUntilIdle(_ downloader: ImageDownloader, draining callbackQueue: DispatchQueue,
                   timeout: Duration = .seconds(60)) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !downloader.isIdle {
        guard clock.now < deadline else { throw DownloaderNotIdle(remaining: downloader.currentDownloadCount) }
        try await Task.sleep(for: .milliseconds(5))
    }
    callbackQueue.sync {}
}

/// ``waitUntilIdle(_:draining:timeout:)`` gave up.
struct DownloaderNotIdle: Error, CustomStringConvertible {
    let remaining: Int
    var description: String { "downloader not idle after the timeout (\(remaining) downloads open)" }
}

/// A clock the test moves by hand (``ImageDownloaderConfig/clock``): an idle timeout or a total
/// deadline expires when the test advances the clock past it, never after a real wait.
final class ManualClock: DownloadClock {
    private struct State {
        var now: UInt64 = 1_000_000_000
        var timers: [(deadline: UInt64, work: DispatchWorkItem)] = []
        var advanced: UInt64 = 0
    }

    /// Invariant: `timers` are the scheduled items not yet due; `advanced` is the sum of every
    /// advance so far.
    private let state = Locked(State())

    func now() -> UInt64 { state.withLock { $0.now } }

    func schedule(at deadline: UInt64, _ work: DispatchWorkItem) {
        let due = state.withLock { state -> Bool in
            guard deadline > state.now else { return true }
            state.timers.append((deadline, work))
            return false
        }
        if due { DispatchQueue.global().async(execute: work) }
    }

    /// Moves the clock on by `seconds`; what fell due runs, each on a global queue.
    func advance(by seconds: Double) {
        let due = state.withLock { state -> [DispatchWorkItem] in
            let step = UInt64(seconds * 1e9)
            state.now += step
            state.advanced += step
            let now = state.now
            defer { state.timers.removeAll { $0.deadline <= now } }
            return state.timers.filter { $0.deadline <= now }.map(\.work)
        }
        for work in due { DispatchQueue.global().async(execute: work) }
    }

    /// Seconds the test advanced the clock in all.
    var advancedSeconds: Double { state.withLock { Double($0.advanced) / 1e9 } }

    /// Timers waiting for the clock.
    var pendingTimers: Int { state.withLock { $0.timers.count } }

    /// Timers waiting for the clock that fall due within `seconds` from now (a retry's wait,
    /// told apart from the idle check, which is due a whole idle timeout away).
    func pendingTimers(dueWithin seconds: Double) -> Int {
        state.withLock { state in
            let limit = state.now + UInt64(seconds * 1e9)
            return state.timers.filter { $0.deadline <= limit && !$0.work.isCancelled }.count
        }
    }
}
