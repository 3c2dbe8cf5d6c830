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

/// A subclass that tags its requests and notes which URLs it started.
final class TaggingOperation: DownloaderOperation, @unchecked Sendable {
    // Safety: no stored instance state of its own; `started` is a `Locked` value. Keyed by
    // URL, and every test uses its own server port, so parallel tests never share entries.
    static let started = Locked<[URL: Int]>([:])

    override func start() {
        Self.started.withLock { $0[url, default: 0] += 1 }
        super.start()
    }

    override func makeDataTask(for request: URLRequest, in session: URLSession) -> URLSessionDataTask {
        var request = request
        request.setValue("TaggingOperation", forHTTPHeaderField: "X-Osprey-Operation")
        return super.makeDataTask(for: request, in: session)
    }
}

/// A subclass that refuses responses unless the server signed them.
final class SignatureCheckingOperation: DownloaderOperation, @unchecked Sendable {
    // Safety: no stored state of its own.
    override func taskDidReceive(_ response: URLResponse) -> URLSession.ResponseDisposition {
        guard (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-Signature") == "ok" else {
            fail(ImageError(.invalidDownloadResponse, url: url))
            return .cancel
        }
        return super.taskDidReceive(response)
    }
}

@Suite("Custom operation class", .offCooperativePool)
struct OperationClassTests {
    @Test("the configured operationClass runs the download")
    func subclassIsUsed() async throws {
        let harness = try DownloadHarness { $0.operationClass = TaggingOperation.self }
        defer { harness.close() }
        harness.server.setRoute("/custom", .ok(TinyDecoder.bytes()))
        let loaded = try await harness.outcome(of: "/custom").get()
        #expect(loaded.image != nil)
        #expect(harness.server.requestLog.first?.headers["x-osprey-operation"] == "TaggingOperation")
        #expect(TaggingOperation.started.withLock { $0[harness.server.url("/custom")] } == 1)
    }

    @Test("a subclass can refuse a response through the overridable hooks")
    func subclassRefusesResponse() async throws {
        let harness = try DownloadHarness { $0.operationClass = SignatureCheckingOperation.self }
        defer { harness.close() }
        var signed = Route.ok(TinyDecoder.bytes())
        signed.headers["X-Signature"] = "ok"
        harness.server.setRoute("/signed", signed)
        harness.server.setRoute("/unsigned", .ok(TinyDecoder.bytes()))
        #expect(try await harness.outcome(of: "/signed").image != nil)
        #expect(try await harness.outcome(of: "/unsigned").errorCode == .invalidDownloadResponse)
    }

    @Test("the default operation class is DownloaderOperation")
    func defaultClass() {
        #expect(ImageDownloaderConfig().operationClass == DownloaderOperation.self)
    }
}
