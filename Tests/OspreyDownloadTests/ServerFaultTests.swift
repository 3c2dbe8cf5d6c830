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

/// Every fault the loopback server can inject ends in one ``ImageError`` with the right code,
/// within the timeout, while a healthy download running beside it is unaffected.
@Suite("Server faults", .offCooperativePool)
struct ServerFaultTests {
    /// The downloader's total deadline in the deadline-fault tests. The healthy download beside
    /// such a fault shares it, so it must cover a 2 kB loopback download on a starved CPU with a
    /// wide margin: 2 s ran out once with a compiler beside the suite, and 4 s once with two busy
    /// loops beside the suite's LIFO stress tests. The faults outlast it by far (delay 60 s, drip
    /// of about 20 s), so the margin costs the suite nothing but these tests' own wall time.
    static let timeout: TimeInterval = 15
    static let image = TinyDecoder.bytes(width: 3, height: 3, padding: 2_000)

    struct Fault: Sendable, CustomTestStringConvertible {
        let name: String
        let route: Route
        let expected: ImageError.Code?
        var statusCode: Int?
        /// Whether the manager should refuse the URL from now on.
        var permanent: Bool?
        /// Ended by the total deadline: `downloadTimeout` is an idle timeout, which a steady
        /// drip never reaches.
        var usesTotalDeadline = false
        var testDescription: String { name }
    }

    static let faults: [Fault] = [
        Fault(name: "short delay succeeds", route: .ok(image).with { $0.delay = 0.2 }, expected: nil),
        Fault(name: "delay past the timeout", route: .ok(image).with { $0.delay = 60 }, expected: .timedOut,
              permanent: false),
        Fault(name: "stall", route: .ok(image).with { $0.stall = true }, expected: .timedOut, permanent: false),
        Fault(name: "drip longer than the total deadline", route: .ok(image).with { $0.bytesPerSecond = 100 },
              expected: .timedOut, permanent: false, usesTotalDeadline: true),
        Fault(name: "reset mid-body", route: .ok(image).with { $0.closeAfterBodyBytes = 100 },
              expected: .invalidDownloadResponse, statusCode: 200, permanent: false),
        Fault(name: "short body against Content-Length", route: .ok(image).with { $0.extraContentLength = 500 },
              expected: .invalidDownloadResponse, statusCode: 200, permanent: false),
        Fault(name: "404", route: .status(404), expected: .invalidDownloadStatusCode, statusCode: 404, permanent: true),
        Fault(name: "500", route: .status(500, body: Data("oops".utf8)), expected: .invalidDownloadStatusCode,
              statusCode: 500, permanent: false),
        Fault(name: "503", route: .status(503), expected: .invalidDownloadStatusCode, statusCode: 503, permanent: false),
        Fault(name: "429", route: .status(429), expected: .invalidDownloadStatusCode, statusCode: 429, permanent: false),
        Fault(name: "wrong content type", route: .ok(image, contentType: "text/html"),
              expected: .invalidDownloadContentType, statusCode: 200, permanent: true),
        Fault(name: "no content type", route: .ok(image, contentType: nil),
              expected: .invalidDownloadContentType, statusCode: 200, permanent: true),
        Fault(name: "empty body", route: .ok(Data()), expected: .invalidDownloadResponse, statusCode: 200,
              permanent: true),
        Fault(name: "oversized body (Content-Length)", route: .ok(Data(repeating: 1, count: 200_000)),
              expected: .responseTooLarge, statusCode: 200, permanent: true),
        Fault(name: "redirect loop", route: .redirect(to: "/fault"), expected: .invalidDownloadResponse,
              permanent: true),
        Fault(name: "corrupt image data", route: .ok(Data("TINY".utf8)), expected: .badImageData, permanent: true),
    ]

    @Test("fault → expected code, healthy download unaffected", arguments: faults)
    func fault(_ fault: Fault) async throws {
        // Only the deadline faults run against the short deadline; the others get a generous one,
        // so that a starved CPU (the suite runs many tests at once) cannot turn them into time-outs.
        let timeout = fault.expected == .timedOut ? Self.timeout : 120
        let harness = try DownloadHarness { config in
            config.downloadTimeout = timeout
            if fault.usesTotalDeadline { config.totalDeadline = timeout }
            config.maxResponseSize = 100_000
            config.acceptableContentTypes = ["image/*"]
        }
        defer { harness.close() }
        harness.server.setRoute("/fault", fault.route)
        harness.server.setRoute("/healthy", .ok(Self.image))
        let faulty = Recorder<Outcome>()
        let healthy = Recorder<Outcome>()
        let started = ContinuousClock.now
        harness.download("/fault", into: faulty)
        harness.download("/healthy", into: healthy)
        let outcome = try await faulty.first(timeout: .seconds(timeout * 5))
        let elapsed = ContinuousClock.now - started
        #expect(outcome.errorCode == fault.expected, "\(outcome)")
        if let statusCode = fault.statusCode {
            #expect(outcome.failure?.statusCode == statusCode)
        }
        if let permanent = fault.permanent, let error = outcome.failure {
            #expect(harness.downloader.shouldBlockFailedURL(harness.server.url("/fault"), error: error) == permanent)
        }
        if fault.expected == .timedOut {
            #expect(elapsed >= .seconds(Self.timeout * 0.9), "not before the deadline")
        }
        #expect(outcome.failure?.url == harness.server.url("/fault") || fault.expected == nil)
        #expect(try await healthy.first().image?.pixelWidth == 3)
        try await waitUntilIdle(harness.downloader, draining: harness.callbackQueue)
        #expect(faulty.count == 1)
    }

    @Test("redirects are followed")
    func redirectFollowed() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRoute("/old", .redirect(to: "/middle", status: 301))
        harness.server.setRoute("/middle", .redirect(to: "/new"))
        harness.server.setRoute("/new", .ok(Self.image))
        let loaded = try await harness.outcome(of: "/old").get()
        #expect(loaded.image?.pixelWidth == 3)
        #expect(loaded.response?.url?.path == "/new")
        #expect(harness.server.requestLog.map(\.path) == ["/old", "/middle", "/new"])
    }

    @Test("a connection refused is a network error, not permanent")
    func connectionRefused() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        let closed = try LoopbackServer()
        let url = closed.url("/gone.png")
        closed.stop()
        let recorder = Recorder<Outcome>()
        harness.downloader.downloadImage(with: url, context: harness.context) { recorder.record($0) }
        let outcome = try await recorder.first()
        #expect(outcome.errorCode == .network)
        #expect(outcome.failure?.underlying is URLError)
        #expect(!harness.downloader.shouldBlockFailedURL(url, error: try #require(outcome.failure)))
    }

    @Test("304 Not Modified is reported as notModified with its status")
    func notModified() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        var route = Route.ok(Self.image)
        route.etag = "\"v1\""
        harness.server.setRoute("/etag", route)
        var context = harness.context
        context.requestModifier = { request in
            var request = request
            request.setValue("\"v1\"", forHTTPHeaderField: "If-None-Match")
            return request
        }
        let outcome = try await harness.outcome(of: "/etag", context: context)
        #expect(outcome.errorCode == .notModified)
        #expect(outcome.failure?.statusCode == 304)
    }

    @Test("maxResponseSize is enforced while bytes arrive when the length is unknown")
    func maxResponseSizeWhileReceiving() async throws {
        let harness = try DownloadHarness { $0.maxResponseSize = 10_000 }
        defer { harness.close() }
        // The server always sends Content-Length; a response modifier that drops it makes the
        // downloader rely on the running total, as for a body without Content-Length.
        // An endless body: were the whole body sent before the client stopped (a loaded
        // machine), the connection would stay open for reuse and the last check below could not
        // tell; this one can only close because the client closed it.
        harness.server.setRoute("/drip", .ok(Data(repeating: 9, count: 200_000)).with {
            $0.bytesPerSecond = 400_000
            $0.endlessBody = true
        })
        var context = harness.context
        context.responseModifier = { response in
            HTTPURLResponse(url: response.url!, statusCode: 200, httpVersion: "HTTP/1.1",
                            headerFields: ["Content-Type": "image/png"])
        }
        let progress = Recorder<ImageProgress>()
        let recorder = Recorder<Outcome>()
        harness.download("/drip", context: context, into: recorder) { progress.record($0) }
        let outcome = try await recorder.first()
        #expect(outcome.errorCode == .responseTooLarge)
        #expect(progress.values.allSatisfy { $0.receivedBytes <= 10_000 && $0.expectedBytes == nil })
        #expect(await harness.server.waitForOpenConnections(atMost: 0), "the transfer was stopped")
    }

    @Test("acceptableContentTypes accepts exact types and wildcards, case-insensitively")
    func acceptableContentTypes() async throws {
        let harness = try DownloadHarness { $0.acceptableContentTypes = ["IMAGE/PNG", "application/*"] }
        defer { harness.close() }
        harness.server.setRoute("/png", .ok(Self.image, contentType: "image/png"))
        harness.server.setRoute("/octet", .ok(Self.image, contentType: "application/octet-stream"))
        harness.server.setRoute("/jpeg", .ok(Self.image, contentType: "image/jpeg"))
        #expect(try await harness.outcome(of: "/png").image != nil)
        #expect(try await harness.outcome(of: "/octet").image != nil)
        #expect(try await harness.outcome(of: "/jpeg").errorCode == .invalidDownloadContentType)
    }

    @Test("a response modifier returning nil fails the download")
    func responseModifierRejects() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRoute("/r", .ok(Self.image))
        var context = harness.context
        context.responseModifier = { _ in nil }
        #expect(try await harness.outcome(of: "/r", context: context).errorCode == .invalidDownloadResponse)
    }

    @Test("the decryptor turns the body into image bytes; nil fails with badImageData")
    func decryptor() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        let secret = Data(Self.image.map { $0 ^ 0x5A })
        harness.server.setRoute("/secret", .ok(secret))
        var context = harness.context
        context.downloadDecryptor = { data, _ in Data(data.map { $0 ^ 0x5A }) }
        let loaded = try await harness.outcome(of: "/secret", context: context).get()
        #expect(loaded.image?.pixelWidth == 3)
        #expect(loaded.data == Self.image)
        context.downloadDecryptor = { _, _ in nil }
        #expect(try await harness.outcome(of: "/secret", context: context).errorCode == .badImageData)
    }
}
