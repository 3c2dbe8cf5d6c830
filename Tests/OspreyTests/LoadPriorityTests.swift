import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport

/// Changing a waiting load's priority, end to end: manager operation → shared download →
/// downloader token → the downloader's waiting list, observed as the order in which the
/// loopback server receives the requests (one download slot, held by a suspended response).
@Suite("Load priority changes", .offCooperativePool)
struct LoadPriorityTests {
    /// Holds the only slot with a suspended download, runs `queue` (which starts the loads
    /// that must wait), releases the slot once `waiting` downloads wait, and returns the
    /// order of the paths the server saw once `completions` loads (default `waiting`) ended.
    func order(waiting: Int, completions: Int? = nil, _ queue: (ManagerFixture, Recorder<String>) -> Void) async throws -> [String] {
        let fixture = try ManagerFixture(maxConcurrentDownloads: 1)
        let (blocker, _) = fixture.serveImage("/blocker.png")
        fixture.server.suspend("/blocker.png")
        let done = Recorder<String>()
        fixture.manager.loadImage(with: blocker, context: fixture.context) { _ in done.record("blocker") }
        #expect(await fixture.server.waitForRequests("/blocker.png", count: 1))
        queue(fixture, done)
        let deadline = Date().addingTimeInterval(30)
        while fixture.downloader.currentDownloadCount < waiting + 1, Date() < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(fixture.downloader.currentDownloadCount == waiting + 1)
        fixture.server.resume("/blocker.png")
        _ = try await done.wait(count: (completions ?? waiting) + 1)
        return fixture.server.requestLog.map(\.path)
    }

    /// Waits (polling, generous deadline) until the downloader holds `count` downloads.
    static func waitForDownloads(_ fixture: ManagerFixture, _ count: Int) {
        let deadline = Date().addingTimeInterval(30)
        while fixture.downloader.currentDownloadCount < count, Date() < deadline { usleep(1000) }
    }

    @Test("first in, first out when nobody changes a priority (the control)")
    func control() async throws {
        let paths = try await order(waiting: 2) { fixture, done in
            let (first, _) = fixture.serveImage("/first.png", seed: 1)
            let (second, _) = fixture.serveImage("/second.png", seed: 2)
            fixture.manager.loadImage(with: first, context: fixture.context) { _ in done.record("first") }
            // First's download is filed before second's is asked for: the loads reach the
            // downloader through asynchronous cache queries, whose answers may cross.
            Self.waitForDownloads(fixture, 2)
            fixture.manager.loadImage(with: second, context: fixture.context) { _ in done.record("second") }
        }
        #expect(paths == ["/blocker.png", "/first.png", "/second.png"])
    }

    @Test("a lowered load is overtaken by a normal one queued after it")
    func lowered() async throws {
        let paths = try await order(waiting: 2) { fixture, done in
            let (first, _) = fixture.serveImage("/first.png", seed: 1)
            let (second, _) = fixture.serveImage("/second.png", seed: 2)
            let operation = fixture.manager.loadImage(with: first, context: fixture.context) { _ in done.record("first") }
            operation.setPriority(.low)
            // First's download is filed before second's is asked for: the loads reach the
            // downloader through asynchronous cache queries, whose answers may cross.
            Self.waitForDownloads(fixture, 2)
            fixture.manager.loadImage(with: second, context: fixture.context) { _ in done.record("second") }
        }
        #expect(paths == ["/blocker.png", "/second.png", "/first.png"])
    }

    @Test("a load lowered once it waits in the downloader moves back too")
    func loweredWhileWaiting() async throws {
        let paths = try await order(waiting: 2) { fixture, done in
            let (first, _) = fixture.serveImage("/first.png", seed: 1)
            let (second, _) = fixture.serveImage("/second.png", seed: 2)
            let operation = fixture.manager.loadImage(with: first, context: fixture.context) { _ in done.record("first") }
            fixture.manager.loadImage(with: second, context: fixture.context) { _ in done.record("second") }
            // Lowered only after its download is filed (the cache query has answered by then).
            let deadline = Date().addingTimeInterval(30)
            while fixture.downloader.currentDownloadCount < 3, Date() < deadline { usleep(1000) }
            operation.setPriority(.low)
        }
        #expect(paths == ["/blocker.png", "/second.png", "/first.png"])
    }

    @Test("a download shared by two loads waits at the highest priority either still wants")
    func shared() async throws {
        let paths = try await order(waiting: 2, completions: 3) { fixture, done in
            let (first, _) = fixture.serveImage("/first.png", seed: 1)
            let (second, _) = fixture.serveImage("/second.png", seed: 2)
            let one = fixture.manager.loadImage(with: first, context: fixture.context) { _ in done.record("first") }
            let two = fixture.manager.loadImage(with: first, context: fixture.context) { _ in done.record("first again") }
            one.setPriority(.low)   // the other still wants normal: first keeps its place
            // First's download is filed before second's is asked for: the loads reach the
            // downloader through asynchronous cache queries, whose answers may cross.
            Self.waitForDownloads(fixture, 2)
            fixture.manager.loadImage(with: second, context: fixture.context) { _ in done.record("second") }
            _ = two
        }
        #expect(paths == ["/blocker.png", "/first.png", "/second.png"])

        let lowered = try await order(waiting: 2, completions: 3) { fixture, done in
            let (first, _) = fixture.serveImage("/first.png", seed: 1)
            let (second, _) = fixture.serveImage("/second.png", seed: 2)
            let one = fixture.manager.loadImage(with: first, context: fixture.context) { _ in done.record("first") }
            let two = fixture.manager.loadImage(with: first, context: fixture.context) { _ in done.record("first again") }
            one.setPriority(.low)
            two.setPriority(.low)   // now nobody wants it sooner
            // First's download is filed before second's is asked for: the loads reach the
            // downloader through asynchronous cache queries, whose answers may cross.
            Self.waitForDownloads(fixture, 2)
            fixture.manager.loadImage(with: second, context: fixture.context) { _ in done.record("second") }
        }
        #expect(lowered == ["/blocker.png", "/second.png", "/first.png"])
    }
}
