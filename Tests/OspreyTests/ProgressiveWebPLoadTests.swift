import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyManagerTestSupport
import OspreyTestSupport
import OspreyUIKitBridge

/// A progressive load of a WebP through the manager: partial images while
/// the body is held half way, then the final image, equal to a plain decode.
@Suite("Progressive WebP loads", .offCooperativePool)
struct ProgressiveWebPLoadTests {
    @Test("a lossless and a lossy WebP held half way give partial images, then the plain decode's image",
          arguments: ["webp/libwebp-test-data/lossless1.webp", "webp/libwebp-test-data/vp80-00-comprehensive-008.webp"])
    func partialsThenFinal(path: String) async throws {
        let data = try Data(contentsOf: try #require(Corpus.file(path)))
        let expected = try ImageCoders.shared.decode(data).firstFrame
        let fixture = try ManagerFixture()
        fixture.server.setRoute("/w.webp", .ok(data).with { $0.holdAfterBodyBytes = data.count / 2 })
        let url = fixture.server.url("/w.webp")
        let events = Recorder<LoadEvent>()
        ProgressiveLoadTests.load(fixture, url, context: ProgressiveLoadTests.context(fixture), events: events)
        _ = try await events.wait(count: 1, timeout: .seconds(60))
        fixture.server.releaseBody("/w.webp")
        try await waitUntil { events.values.contains { if case .completed = $0 { true } else { false } } }
        try await fixture.settle()

        let (partials, completion) = ProgressiveLoadTests.split(events.values)
        let first = try #require(partials.first.flatMap { PlatformImageBridge.decodedImage(from: $0)?.firstFrame })
        #expect(first.width == expected.width && first.height == expected.height)
        // Half the body: some rows decoded, the last row still transparent.
        #expect(first != expected)
        #expect(first.bytes[(first.bytes.count - 4)...].allSatisfy { $0 == 0 })
        let final = try #require(try completion?.get())
        #expect(PlatformImageBridge.decodedImage(from: final.image)?.firstFrame == expected)
    }
}
