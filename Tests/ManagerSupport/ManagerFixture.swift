import Foundation
import LoopbackServer
import Osprey
import OspreyTestSupport

/// A manager over a temp-dir cache and a real downloader, with a loopback server holding
/// generated PNGs. One per test: nothing is shared between tests.
package final class ManagerFixture: @unchecked Sendable {
    // Safety: every stored property is a `let` of a Sendable type; the class is only
    // @unchecked because `deinit` cleans up.
    package let server: LoopbackServer
    package let directory: URL
    package let cache: ImageCache
    package let downloader: ImageDownloader
    package let manager: ImageManager
    package let queue = DispatchQueue(label: "osprey.tests.callbacks")

    /// A manager over a fresh folder and server; `coders` (default: the built-in ones) decode
    /// for both the cache and the downloader.
    package init(maxConcurrentDownloads: Int = 6, downloadTimeout: TimeInterval = 300, coders: ImageCoders? = nil) throws {
        server = try LoopbackServer()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-manager-\(UUID().uuidString)")
        self.directory = directory
        cache = coders.map { ImageCache(namespace: "tests", diskCacheDirectory: directory, config: .init(), coders: $0) }
            ?? ImageCache(namespace: "tests", diskCacheDirectory: directory)
        var config = ImageDownloaderConfig()
        if let coders { config.coders = coders }
        config.maxConcurrentDownloads = maxConcurrentDownloads
        config.downloadTimeout = downloadTimeout
        downloader = ImageDownloader(config: config)
        manager = ImageManager(cache: cache, loader: downloader)
    }

    deinit {
        downloader.invalidate()
        server.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// A context whose callbacks arrive on the fixture's serial queue.
    package var context: ImageContext {
        var context = ImageContext()
        context.callbackQueue = .queue(queue)
        return context
    }

    /// A generated PNG, different for each seed.
    package static func png(width: Int = 16, height: Int = 12, seed: Int = 0) -> Data {
        var pixels = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { pixels[x, y] = (UInt8(truncatingIfNeeded: x &* 16 &+ seed), UInt8(truncatingIfNeeded: y &* 20), UInt8(truncatingIfNeeded: seed &* 40), 255) }
        }
        // Encoding our own generated pixels cannot fail; a failure here is a test bug.
        return try! ImageCoders.shared.encode(DecodedImage(pixels: pixels), format: .png)
    }

    /// Serves a PNG at `path` and returns its URL and bytes.
    @discardableResult
    package func serveImage(_ path: String, width: Int = 16, height: Int = 12, seed: Int = 0) -> (URL, Data) {
        let data = Self.png(width: width, height: height, seed: seed)
        server.setRoute(path, .ok(data, contentType: "image/png"))
        return (server.url(path), data)
    }

    /// Loads `url` and waits for the single completion.
    package func load(_ url: URL?, options: ImageOptions = [], context: ImageContext? = nil) async throws -> Result<ImageResult, ImageError> {
        let recorder = Recorder<Result<ImageResult, ImageError>>()
        manager.loadImage(with: url, options: options, context: context ?? self.context) { recorder.record($0) }
        return try await recorder.first()
    }
}

extension ManagerFixture {
    /// Waits until the manager and the downloader are idle, then until everything already
    /// queued on the callback queue has run: only then are "called exactly once" counts
    /// final. Polls a condition with a generous deadline; never asserts after a fixed sleep.
    /// `manager` defaults to the fixture's own (pass another built over this fixture's parts).
    package func settle(manager: ImageManager? = nil, timeout: TimeInterval = 60) async throws {
        let manager = manager ?? self.manager
        let deadline = Date().addingTimeInterval(timeout)
        while manager.isRunning || downloader.currentDownloadCount > 0 {
            guard Date() < deadline else { throw SettleTimedOut(running: manager.runningCount) }
            try await Task.sleep(for: .milliseconds(10))
        }
        let drained = Recorder<Bool>()
        queue.async { drained.record(true) }
        _ = try await drained.first(timeout: .seconds(Int64(timeout)))
    }
}

/// ``ManagerFixture/settle(timeout:)`` gave up: loads were still running.
package struct SettleTimedOut: Error {
    package let running: Int

    package init(running: Int) {
        self.running = running
    }
}

extension Result {
    /// The failure, or nil on success.
    package var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
