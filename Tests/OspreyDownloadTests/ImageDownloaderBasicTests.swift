import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackServer
import OspreyCore
import OspreyDownload
import OspreyTestSupport
import OspreyTestTraits
import Testing

@Suite("ImageDownloader basics", .offCooperativePool)
struct ImageDownloaderBasicTests {
    @Test("downloads and decodes an image, once")
    func downloadsAndDecodes() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        let body = TinyDecoder.bytes(width: 4, height: 5)
        harness.server.setRoute("/a.tiny", .ok(body))
        let outcome = try await harness.outcome(of: "/a.tiny")
        let loaded = try outcome.get()
        let image = try #require(loaded.image)
        #expect(image.pixelWidth == 4 && image.pixelHeight == 5)
        #expect(loaded.data == body)
        #expect((loaded.response as? HTTPURLResponse)?.statusCode == 200)
        #expect(harness.decoder.decodeCount == 1)
        #expect(harness.server.requestCount(for: "/a.tiny") == 1)
    }

    @Test("avoidDecodeImage delivers the bytes without decoding")
    func avoidDecode() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRoute("/raw", .ok(Data("not an image".utf8)))
        let loaded = try await harness.outcome(of: "/raw", options: .avoidDecodeImage).get()
        #expect(loaded.image == nil)
        #expect(loaded.data == Data("not an image".utf8))
        #expect(harness.decoder.decodeCount == 0)
    }

    @Test("bytes no decoder knows fail with unsupportedFormat")
    func unsupportedFormat() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRoute("/junk", .ok(Data(repeating: 7, count: 64)))
        let outcome = try await harness.outcome(of: "/junk")
        #expect(outcome.errorCode == .unsupportedFormat)
        #expect(harness.downloader.shouldBlockFailedURL(harness.server.url("/junk"),
                                                        error: try #require(outcome.failure)))
    }

    @Test("progress is monotonic and ends at the byte count")
    func progressIsMonotonic() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        let body = TinyDecoder.bytes(padding: 20_000)
        harness.server.setRoute("/slow", .ok(body).with { $0.bytesPerSecond = 100_000 })
        let progress = Recorder<ImageProgress>()
        let done = Recorder<Outcome>()
        harness.download("/slow", into: done) { progress.record($0) }
        #expect(try await done.first().image != nil)
        let reports = progress.values
        #expect(reports.count >= 3, "a paced body arrives in several pieces")
        let received = reports.map(\.receivedBytes)
        #expect(received == received.sorted())
        #expect(received.last == Int64(body.count))
        #expect(reports.allSatisfy { $0.expectedBytes == Int64(body.count) })
    }

    @Test("default Accept and User-Agent headers reach the server")
    func defaultHeaders() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRoute("/h", .ok(TinyDecoder.bytes()))
        _ = try await harness.outcome(of: "/h").get()
        let headers = try #require(harness.server.requestLog.first?.headers)
        #expect(headers["accept"] == "image/*,*/*;q=0.8")
        #expect(headers["user-agent"]?.hasPrefix("Osprey/\(OspreyVersion.string)") == true)
    }

    @Test("setHTTPHeaderValue adds, replaces and removes headers")
    func customHeaders() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRoute("/h", .ok(TinyDecoder.bytes()))
        harness.downloader.setHTTPHeaderValue("yes", forField: "X-Osprey-Test")
        harness.downloader.setHTTPHeaderValue("Custom/1", forField: "user-agent")
        _ = try await harness.outcome(of: "/h").get()
        harness.downloader.setHTTPHeaderValue(nil, forField: "x-osprey-test")
        _ = try await harness.outcome(of: "/h").get()
        let log = harness.server.requestLog
        try #require(log.count == 2)
        #expect(log[0].headers["x-osprey-test"] == "yes")
        #expect(log[0].headers["user-agent"] == "Custom/1")
        #expect(log[1].headers["x-osprey-test"] == nil)
        #expect(harness.downloader.httpHeaderValue(forField: "X-OSPREY-TEST") == nil)
    }

    @Test("the request modifier adds a header the server sees")
    func requestModifierAddsHeader() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRoute("/m", .ok(TinyDecoder.bytes()))
        var context = harness.context
        context.requestModifier = { request in
            var request = request
            request.setValue("token-1", forHTTPHeaderField: "Authorization")
            return request
        }
        _ = try await harness.outcome(of: "/m", context: context).get()
        #expect(harness.server.requestLog.first?.headers["authorization"] == "token-1")
    }

    @Test("a request modifier returning nil cancels without a request")
    func requestModifierCancels() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRoute("/m", .ok(TinyDecoder.bytes()))
        var context = harness.context
        context.requestModifier = { _ in nil }
        let recorder = Recorder<Outcome>()
        let token = harness.download("/m", context: context, into: recorder)
        #expect(token == nil)
        #expect(try await recorder.first().errorCode == .cancelled)
        #expect(harness.server.totalRequestCount == 0)
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(recorder.count == 1)
    }

    @Test("invalid and unsupported URLs fail with invalidURL")
    func invalidURLs() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        let recorder = Recorder<Outcome>()
        let downloader = harness.downloader
        let context = harness.context
        downloader.downloadImage(with: nil, context: context) { recorder.record($0) }
        downloader.downloadImage(with: URL(string: "ftp://127.0.0.1/a.png"), context: context) { recorder.record($0) }
        downloader.downloadImage(with: URL(string: "data:image/png;base64,AAAA"), context: context) { recorder.record($0) }
        let outcomes = try await recorder.wait(count: 3)
        #expect(outcomes.allSatisfy { $0.errorCode == .invalidURL })
        #expect(!downloader.canRequestImage(for: nil))
        #expect(downloader.canRequestImage(for: URL(string: "https://example.com/a.png")))
        #expect(downloader.canRequestImage(for: URL(fileURLWithPath: "/tmp/a.png")))
        #expect(!downloader.canRequestImage(for: URL(string: "http:///a.png")))
    }

    @Test("file URLs are read from disk; a missing file is invalidURL")
    func fileURLs() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("osprey-download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("local.tiny")
        try TinyDecoder.bytes(width: 9, height: 9).write(to: file)
        let recorder = Recorder<Outcome>()
        harness.downloader.downloadImage(with: file, context: harness.context) { recorder.record($0) }
        let image = try #require(try await recorder.first().image)
        #expect(image.pixelWidth == 9)
        let missing = Recorder<Outcome>()
        harness.downloader.downloadImage(with: directory.appendingPathComponent("nope.tiny"),
                                         context: harness.context) { missing.record($0) }
        #expect(try await missing.first().errorCode == .invalidURL)
    }

    @Test("requestImage maps ImageOptions and returns a cancellable token")
    func imageLoadingConformance() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRoute("/l", .ok(TinyDecoder.bytes()))
        let recorder = Recorder<Outcome>()
        let loader: any ImageLoading = harness.downloader
        let token = loader.requestImage(with: harness.server.url("/l"), options: [.avoidDecodeImage, .highPriority],
                                        context: harness.context, progress: nil) { recorder.record($0) }
        #expect(token is DownloadToken)
        let loaded = try await recorder.first().get()
        #expect(loaded.image == nil)
        #expect(DownloaderOptions([.lowPriority, .decodeFirstFrameOnly, .retryFailed])
                == [.lowPriority, .decodeFirstFrameOnly])
    }

    @Test("callbacks on .main run under Swift Testing on Linux")
    func mainQueueCallbacks() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRoute("/main", .ok(TinyDecoder.bytes()))
        var context = ImageContext()
        context.callbackQueue = .main
        // Until the main queue is seen to be served, a `.main` callback may take the fallback
        // queue after a wait (a busy machine can starve the main queue that long): the claim
        // is about a served main queue, so it is observed first.
        CallbackQueue.main.execute {}
        #expect(await waitForCondition(timeout: .seconds(120)) { MainQueueWatch.isMainQueueServed })
        let onMain = Recorder<Bool>()
        harness.downloader.downloadImage(with: harness.server.url("/main"), context: context) { _ in
            onMain.record(CallbackQueue.isOnMainQueue)
        }
        #expect(try await onMain.first())
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
