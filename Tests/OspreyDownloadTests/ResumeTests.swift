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

/// Broken-off downloads resume with `Range` and `If-Range` — on a retry or on a later load —
/// and the final bytes always equal a full download.
@Suite("Resumable downloads", .offCooperativePool)
struct ResumeTests {
    /// 1.7 MB of bytes that differ from position to position, so a misplaced range shows.
    static let body: Data = {
        var generator = SeededGenerator(seed: 0x5E5E)
        return Data((0..<1_700_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
    }()

    static func ranges(_ server: LoopbackServer, _ path: String) -> [String?] {
        server.requestLog.filter { $0.path == path }.map { $0.headers["range"] }
    }

    @Test("a body cut after 600,000 bytes is completed by a retry that asks Range: bytes=600000-")
    func retryResumes() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRangedRoute("/big", body: Self.body, etag: "\"big-1\"", cutAfter: 600_000)
        var context = harness.context
        context.retryStrategy = DelayRetryStrategy(maxRetryCount: 2, retryInterval: .seconds(0))
        let outcome = try await harness.outcome(of: "/big", options: .avoidDecodeImage, context: context)
        #expect(outcome.data == Self.body)
        #expect(Self.ranges(harness.server, "/big") == [nil, "bytes=600000-"])
        #expect(harness.server.requestLog.last?.headers["if-range"] == "\"big-1\"")
    }

    @Test("without a retry, the next load of the URL resumes from the kept bytes")
    func laterLoadResumes() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRangedRoute("/big", body: Self.body, cutAfter: 600_000)
        let first = try await harness.outcome(of: "/big", options: .avoidDecodeImage)
        #expect(first.errorCode == .invalidDownloadResponse)
        let second = try await harness.outcome(of: "/big", options: .avoidDecodeImage)
        #expect(second.data == Self.body)
        #expect(Self.ranges(harness.server, "/big") == [nil, "bytes=600000-"])
    }

    @Test("a changed validator gets a 200: the kept bytes are dropped and the new body is whole")
    func changedValidator() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRangedRoute("/big", body: Self.body, etag: "\"v1\"", cutAfter: 600_000)
        #expect(try await harness.outcome(of: "/big", options: .avoidDecodeImage).errorCode == .invalidDownloadResponse)
        let changed = Data(Self.body.reversed())
        harness.server.setRangedRoute("/big", body: changed, etag: "\"v2\"")
        let second = try await harness.outcome(of: "/big", options: .avoidDecodeImage)
        #expect(second.data == changed)
        #expect(Self.ranges(harness.server, "/big") == [nil, "bytes=600000-"])
    }

    @Test("a 416 discards the kept bytes and the download is asked for again without a range")
    func rangeNotSatisfiable() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        let served = Locked(0)
        harness.server.setHandler("/big") { request in
            let first = served.withLock { count -> Bool in
                defer { count += 1 }
                return count == 0
            }
            if request.headers["range"] != nil {
                return Route(status: 416, body: Data(), contentType: nil, headers: ["Content-Range": "bytes */1"])
            }
            let whole = Route(status: 200, body: Self.body, headers: ["ETag": "\"v1\"", "Accept-Ranges": "bytes"])
            return first ? whole.with { $0.closeAfterBodyBytes = 600_000 } : whole
        }
        #expect(try await harness.outcome(of: "/big", options: .avoidDecodeImage).errorCode == .invalidDownloadResponse)
        let second = try await harness.outcome(of: "/big", options: .avoidDecodeImage)
        #expect(second.data == Self.body)
        #expect(Self.ranges(harness.server, "/big") == [nil, "bytes=600000-", nil])
    }

    @Test("a weak ETag or no Accept-Ranges keeps nothing: the next load asks for the whole body")
    func notResumable() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        for (path, headers) in [("/weak", ["ETag": "W/\"v1\"", "Accept-Ranges": "bytes"]), ("/noranges", ["ETag": "\"v1\""])] {
            harness.server.setRoute(path, Route(status: 200, body: Self.body, headers: headers)
                .with { $0.closeAfterBodyBytes = 600_000 })
            #expect(try await harness.outcome(of: path, options: .avoidDecodeImage).errorCode == .invalidDownloadResponse)
            _ = try await harness.outcome(of: path, options: .avoidDecodeImage)
            #expect(Self.ranges(harness.server, path) == [nil, nil])
        }
    }
}
