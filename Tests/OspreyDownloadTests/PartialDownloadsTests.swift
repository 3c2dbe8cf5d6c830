import Foundation
import Testing
@testable import OspreyDownload

/// What is kept of a broken-off download and the rules for resuming it.
@Suite("Partial downloads")
struct PartialDownloadsTests {
    static func entry(_ count: Int, _ validator: String = "\"v1\"") -> PartialDownloads.Entry {
        PartialDownloads.Entry(data: Data(repeating: 7, count: count), validator: validator)
    }

    @Test("bounded in bytes, least recently stored dropped first; taking removes")
    func bounded() {
        let store = PartialDownloads(capacity: 100)
        store.store(Self.entry(40), for: "a")
        store.store(Self.entry(40), for: "b")
        store.store(Self.entry(40), for: "c")
        #expect(store.byteCount == 80)
        #expect(store.take("a") == nil)
        #expect(store.take("b") == Self.entry(40))
        #expect(store.take("b") == nil)
        store.store(Self.entry(101), for: "huge")
        #expect(store.take("huge") == nil)
        store.store(Self.entry(10, "\"v2\""), for: "c")
        #expect(store.byteCount == 10)
        #expect(store.take("c")?.validator == "\"v2\"")
        #expect(store.byteCount == 0)
    }

    @Test("only a strong ETag or a Last-Modified date with Accept-Ranges: bytes makes a response resumable")
    func validators() {
        #expect(ResumeValidator.validator(headers: ["Accept-Ranges": "bytes", "ETag": "\"abc\""]) == "\"abc\"")
        #expect(ResumeValidator.validator(headers: ["accept-ranges": "none, bytes", "etag": "\"abc\""]) == "\"abc\"")
        #expect(ResumeValidator.validator(headers: ["Accept-Ranges": "bytes", "ETag": "W/\"abc\"",
                                                    "Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT"])
                == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(ResumeValidator.validator(headers: ["Accept-Ranges": "bytes", "ETag": "W/\"abc\""]) == nil)
        #expect(ResumeValidator.validator(headers: ["ETag": "\"abc\""]) == nil)
        #expect(ResumeValidator.validator(headers: ["Accept-Ranges": "none", "ETag": "\"abc\""]) == nil)
    }

    @Test("206 from the right byte appends; 200 starts over; 416 or another range discards")
    func outcomes() {
        #expect(ResumeValidator.outcome(status: 206, contentRange: "bytes 600000-1699999/1700000", offset: 600000) == .append)
        #expect(ResumeValidator.outcome(status: 206, contentRange: "bytes 0-1699999/1700000", offset: 600000) == .discardAndRetry)
        #expect(ResumeValidator.outcome(status: 206, contentRange: nil, offset: 10) == .discardAndRetry)
        #expect(ResumeValidator.outcome(status: 200, contentRange: nil, offset: 10) == .startOver)
        #expect(ResumeValidator.outcome(status: 416, contentRange: "bytes */100", offset: 100) == .discardAndRetry)
    }
}
