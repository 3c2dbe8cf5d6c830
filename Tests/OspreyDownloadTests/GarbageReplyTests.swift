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

/// A server that answers with something that is not HTTP/1.x (an HTTP/0.9
/// body without a status line, or garbage) gave `.invalidURL`, which the manager treats as
/// permanent and blacklists. The URL is fine; the reply was not: `.invalidDownloadResponse`,
/// transient.
@Suite("Garbage replies", .offCooperativePool)
struct GarbageReplyTests {
    static let replies: [(name: String, bytes: Data)] = [
        ("HTTP/0.9 body", TinyDecoder.bytes(padding: 64)),
        ("garbage line", Data("GARBAGE GARBAGE\r\n\r\n".utf8)),
        ("binary noise", Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37) })),
        ("status line without a version", Data("200 OK\r\nContent-Length: 4\r\n\r\nTINY".utf8)),
    ]

    @Test("a reply that is not HTTP → .invalidDownloadResponse, not permanent", arguments: 0..<replies.count)
    func garbage(index: Int) async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        let reply = Self.replies[index]
        harness.server.setRoute("/odd", Route.ok(Data()).with { $0.rawReply = reply.bytes })
        let outcome = try await harness.outcome(of: "/odd")
        print("garbage reply \(reply.name): \(outcome)")
        #expect(outcome.errorCode == .invalidDownloadResponse, "\(reply.name): \(outcome)")
        if case .failure(let error) = outcome {
            #expect(!harness.downloader.shouldBlockFailedURL(harness.server.url("/odd"), error: error),
                    "\(reply.name) must not blacklist the URL")
        }
    }
}
