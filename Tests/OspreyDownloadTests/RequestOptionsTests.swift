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

/// What the request carries: credentials, cookies, cache policy.
@Suite("Request options", .offCooperativePool)
struct RequestOptionsTests {
    @Test("urlCredential answers a Basic challenge")
    func basicAuthentication() async throws {
        let harness = try DownloadHarness {
            $0.urlCredential = URLCredential(user: "osprey", password: "s3cret", persistence: .forSession)
        }
        defer { harness.close() }
        let expected = "Basic " + Data("osprey:s3cret".utf8).base64EncodedString()
        harness.server.setHandler("/private") { request in
            guard request.headers["authorization"] == expected else {
                return Route(status: 401, headers: ["WWW-Authenticate": "Basic realm=\"osprey\""])
            }
            return .ok(TinyDecoder.bytes())
        }
        let outcome = try await harness.outcome(of: "/private")
        #expect(outcome.image != nil, "\(outcome)")
    }

    @Test("without a credential a 401 fails with its status code")
    func unauthorized() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        harness.server.setRoute("/private", Route(status: 401, headers: ["WWW-Authenticate": "Basic realm=\"osprey\""]))
        let outcome = try await harness.outcome(of: "/private")
        #expect(outcome.errorCode == .invalidDownloadStatusCode)
        #expect(outcome.failure?.statusCode == 401)
    }

    @Test("cookies are sent only with handleCookies")
    func cookies() async throws {
        let harness = try DownloadHarness()
        defer { harness.close() }
        var setter = Route.ok(TinyDecoder.bytes())
        setter.headers["Set-Cookie"] = "flavour=osprey; Path=/"
        harness.server.setRoute("/set", setter)
        harness.server.setRoute("/check", .ok(TinyDecoder.bytes()))
        _ = try await harness.outcome(of: "/set", options: .handleCookies).get()
        _ = try await harness.outcome(of: "/check", options: .handleCookies).get()
        _ = try await harness.outcome(of: "/check").get()
        let checks = harness.server.requestLog.filter { $0.path == "/check" }
        try #require(checks.count == 2)
        #expect(checks[0].headers["cookie"]?.contains("flavour=osprey") == true)
        #expect(checks[1].headers["cookie"] == nil)
    }
}
