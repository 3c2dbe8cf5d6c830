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

/// `.handleCookies` stores the server's cookies in, and sends them from, the shared cookie
/// storage (or the configured one); requests without the option do neither.
@Suite("Cookies", .offCooperativePool)
struct CookieTests {
    static let image = TinyDecoder.bytes(width: 3, height: 3)

    static func install(on server: LoopbackServer, name: String) {
        server.setRoute("/set", Route(status: 200, body: image, headers: ["Set-Cookie": "\(name)=yes; Path=/"]))
        server.setRoute("/check", .ok(image))
    }

    static func cookieHeader(_ server: LoopbackServer) -> String? {
        server.requestLog.last { $0.path == "/check" }?.headers["cookie"]
    }

    @Test("a configured storage: the cookie set by one response is sent with the next request")
    func configuredStorage() async throws {
        let storage = HTTPCookieStorage.sharedCookieStorage(forGroupContainerIdentifier: "osprey-tests-\(UUID().uuidString)")
        storage.cookieAcceptPolicy = .always
        let harness = try DownloadHarness { $0.cookieStorage = storage }
        defer { harness.close() }
        Self.install(on: harness.server, name: "osprey_configured")
        _ = try await harness.outcome(of: "/set", options: .handleCookies)
        #expect(storage.cookies(for: harness.server.url("/check"))?.contains { $0.name == "osprey_configured" } == true)
        _ = try await harness.outcome(of: "/check", options: .handleCookies)
        #expect(Self.cookieHeader(harness.server)?.contains("osprey_configured=yes") == true)
        // Without the option no cookie goes out.
        _ = try await harness.outcome(of: "/check")
        #expect(Self.cookieHeader(harness.server) == nil)
    }

    @Test("by default .handleCookies uses HTTPCookieStorage.shared")
    func sharedStorage() async throws {
        let name = "osprey_shared_\(UInt32.random(in: 0...UInt32.max))"
        let harness = try DownloadHarness()
        defer {
            for cookie in HTTPCookieStorage.shared.cookies ?? [] where cookie.name == name {
                HTTPCookieStorage.shared.deleteCookie(cookie)
            }
            harness.close()
        }
        Self.install(on: harness.server, name: name)
        _ = try await harness.outcome(of: "/set", options: .handleCookies)
        #expect(HTTPCookieStorage.shared.cookies(for: harness.server.url("/check"))?.contains { $0.name == name } == true)
        _ = try await harness.outcome(of: "/check", options: .handleCookies)
        #expect(Self.cookieHeader(harness.server)?.contains("\(name)=yes") == true)
    }
}
