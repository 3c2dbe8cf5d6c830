import Foundation
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport
import OspreyTestTraits
import Testing

/// The manager shares a download between loads only when the downloader would also merge
/// them: loads whose requests differ get their own downloads.
@Suite("Manager shares only downloads the downloader would merge", .offCooperativePool)
struct SharedDownloadKeyTests {
    @Test("loads differing in cookie handling make two requests; identical loads still one")
    func cookieHandlingSplits() async throws {
        let fixture = try ManagerFixture(downloadTimeout: 120)
        let (url, _) = fixture.serveImage("/cookies.png")
        fixture.server.suspend("/cookies.png")
        let recorder = Recorder<Result<ImageResult, ImageError>>()
        // .fromLoaderOnly: each load reaches the download step before loadImage returns.
        for options: ImageOptions in [[.fromLoaderOnly], [.fromLoaderOnly], [.fromLoaderOnly, .handleCookies]] {
            fixture.manager.loadImage(with: url, options: options, context: fixture.context) { recorder.record($0) }
        }
        // Before the fix the cookie load joined the shared download and this never came.
        #expect(await fixture.server.waitForRequests("/cookies.png", count: 2))
        fixture.server.resume("/cookies.png")
        let results = try await recorder.wait(count: 3, timeout: .seconds(120))
        try await fixture.settle()
        #expect(results.allSatisfy { $0.failure == nil })
        #expect(recorder.count == 3)
        #expect(fixture.server.requestCount(for: "/cookies.png") == 2)
    }

    @Test("a load asked for after setHTTPHeaderValue gets its own request with the new header")
    func headerChangeSplits() async throws {
        let fixture = try ManagerFixture(downloadTimeout: 120)
        let (url, _) = fixture.serveImage("/headers.png")
        fixture.server.suspend("/headers.png")
        let recorder = Recorder<Result<ImageResult, ImageError>>()
        fixture.manager.loadImage(with: url, options: .fromLoaderOnly, context: fixture.context) { recorder.record($0) }
        fixture.downloader.setHTTPHeaderValue("second", forField: "X-Osprey-Test")
        fixture.manager.loadImage(with: url, options: .fromLoaderOnly, context: fixture.context) { recorder.record($0) }
        // Before the fix the second load joined the first's download, sent without the header.
        #expect(await fixture.server.waitForRequests("/headers.png", count: 2))
        fixture.server.resume("/headers.png")
        let results = try await recorder.wait(count: 2, timeout: .seconds(120))
        try await fixture.settle()
        #expect(results.allSatisfy { $0.failure == nil })
        #expect(recorder.count == 2)
        let sent = fixture.server.requestLog.filter { $0.path == "/headers.png" }.map { $0.headers["x-osprey-test"] }
        #expect(sent.sorted { ($0 ?? "") < ($1 ?? "") } == [nil, "second"])
    }
}
