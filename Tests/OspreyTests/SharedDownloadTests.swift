import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport

/// Identical loads share one download; each gets its own progress,
/// and cancelling one leaves the others their download.
@Suite("ImageManager shared downloads", .offCooperativePool)
struct SharedDownloadTests {
    /// A PNG of noise (so it does not compress away), big enough to arrive in many chunks.
    static func noisePNG(side: Int) -> Data {
        var generator = SeededGenerator(seed: 11)
        var pixels = PixelBuffer(width: side, height: side)
        for y in 0..<side {
            for x in 0..<side {
                let value = generator.next()
                pixels[x, y] = (UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
                                UInt8(truncatingIfNeeded: value >> 16), 255)
            }
        }
        // Encoding our own generated pixels cannot fail; a failure here is a test bug.
        return try! ImageCoders.shared.encode(DecodedImage(pixels: pixels), format: .png)
    }

    @Test("cancelling the first of three identical loads keeps the one download for the others")
    func cancelFirstKeepsDownload() async throws {
        // The download is held until the test resumes it; under a busy CPU (the whole suite
        // on two cores) that can take longer than the default deadline, so allow plenty.
        let fixture = try ManagerFixture(downloadTimeout: 120)
        let (url, _) = fixture.serveImage("/shared.png")
        fixture.server.suspend("/shared.png")
        let recorders = (0..<3).map { _ in Recorder<Result<ImageResult, ImageError>>() }
        // .fromLoaderOnly: each load reaches the download step before loadImage returns, so
        // all three share the download before the first is cancelled.
        let operations = recorders.map { recorder in
            fixture.manager.loadImage(with: url, options: [.fromLoaderOnly], context: fixture.context) {
                recorder.record($0)
            }
        }
        #expect(await fixture.server.waitForRequests("/shared.png", count: 1))
        operations[0].cancel()
        #expect(try await recorders[0].first().failure?.code == .cancelled)
        fixture.server.resume("/shared.png")
        for recorder in recorders.dropFirst() {
            let result = try await recorder.first(timeout: .seconds(120))
            #expect(result.failure == nil, "\(String(describing: result.failure))")
        }
        try await fixture.settle()
        #expect(fixture.server.requestCount(for: "/shared.png") == 1)
        #expect(recorders.map(\.count) == [1, 1, 1])
    }

    @Test("cancelling every identical load stops the download; each completes once with .cancelled")
    func cancelAllStopsDownload() async throws {
        let fixture = try ManagerFixture()
        let (url, _) = fixture.serveImage("/gone.png")
        fixture.server.suspend("/gone.png")
        let recorder = Recorder<Result<ImageResult, ImageError>>()
        let operations = (0..<3).map { _ in
            fixture.manager.loadImage(with: url, options: [.fromLoaderOnly], context: fixture.context) {
                recorder.record($0)
            }
        }
        #expect(await fixture.server.waitForRequests("/gone.png", count: 1))
        operations.forEach { $0.cancel() }
        let results = try await recorder.wait(count: 3)
        #expect(results.allSatisfy { $0.failure?.code == .cancelled })
        #expect(await fixture.server.waitForOpenConnections(atMost: 0))
        fixture.server.resume("/gone.png")
        try await fixture.settle()
        #expect(recorder.count == 3)
        #expect(fixture.server.requestCount(for: "/gone.png") == 1)
    }

    @Test("every identical load gets its own progress, up to the last byte")
    func progressForEveryCaller() async throws {
        let fixture = try ManagerFixture()
        let data = Self.noisePNG(side: 96)
        fixture.server.setRoute("/drip.png", Route.ok(data).with { $0.bytesPerSecond = 200_000 })
        let url = fixture.server.url("/drip.png")
        let progress = (0..<3).map { _ in Recorder<ImageProgress>() }
        let done = Recorder<Result<ImageResult, ImageError>>()
        for recorder in progress {
            fixture.manager.loadImage(with: url, options: [.fromLoaderOnly], context: fixture.context,
                                      progress: { recorder.record($0) }, completed: { done.record($0) })
        }
        let results = try await done.wait(count: 3)
        #expect(results.allSatisfy { $0.failure == nil })
        try await fixture.settle()
        for recorder in progress {
            #expect(recorder.count >= 1)
            #expect(recorder.values.last?.receivedBytes == Int64(data.count))
        }
        #expect(fixture.server.requestCount(for: "/drip.png") == 1)
        #expect(done.count == 3)
    }

    @Test("minimumProgressInterval thins out each caller's progress but keeps the last byte")
    func minimumProgressInterval() async throws {
        let fixture = try ManagerFixture()
        let data = Self.noisePNG(side: 128)
        fixture.server.setRoute("/thin.png", Route.ok(data).with { $0.bytesPerSecond = 200_000 })
        var context = fixture.context
        context.minimumProgressInterval = 0.5
        let progress = Recorder<ImageProgress>()
        let done = Recorder<Result<ImageResult, ImageError>>()
        fixture.manager.loadImage(with: fixture.server.url("/thin.png"), options: [.fromLoaderOnly], context: context,
                                  progress: { progress.record($0) }, completed: { done.record($0) })
        #expect(try await done.first().failure == nil)
        try await fixture.settle()
        // First report, at most one per half of the body, and the last byte.
        #expect((1...3).contains(progress.count))
        #expect(progress.values.last?.receivedBytes == Int64(data.count))
        let fractions = progress.values.map { Double($0.receivedBytes) / Double(data.count) }
        #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $1 >= 1 || $1 - $0 >= 0.5 })
    }
}
