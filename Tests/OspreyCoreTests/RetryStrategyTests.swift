import Foundation
import Testing
import OspreyCore

/// The retry decisions (``DelayRetryStrategy``) and the `Retry-After` reading, without a network.
@Suite("Retry strategy")
struct RetryStrategyTests {
    static let url = URL(string: "http://example.invalid/a.png")!

    static func context(_ retried: Int, transient: Bool = true, retryAfter: TimeInterval? = nil) -> RetryContext {
        RetryContext(url: url, error: ImageError(.network, url: url), retriedCount: retried, isTransient: transient,
                     retryAfter: retryAfter)
    }

    @Test("transient failures are retried up to maxRetryCount; permanent ones never")
    func counts() {
        let strategy = DelayRetryStrategy(maxRetryCount: 2, retryInterval: .seconds(1))
        #expect(strategy.decision(for: Self.context(0)) == .retry(after: 1))
        #expect(strategy.decision(for: Self.context(1)) == .retry(after: 1))
        #expect(strategy.decision(for: Self.context(2)) == .stop)
        #expect(strategy.decision(for: Self.context(0, transient: false)) == .stop)
        #expect(DelayRetryStrategy(maxRetryCount: 0).decision(for: Self.context(0)) == .stop)
    }

    @Test("fixed, accumulated, exponential (capped) and custom intervals")
    func intervals() {
        #expect(DelayRetryStrategy.Interval.seconds(2).delay(forRetry: 3) == 2)
        #expect(DelayRetryStrategy.Interval.accumulated(2).delay(forRetry: 3) == 6)
        let exponential = DelayRetryStrategy.Interval.exponential(base: 0.5, multiplier: 2, maximum: 3)
        #expect((1...4).map(exponential.delay(forRetry:)) == [0.5, 1, 2, 3])
        #expect(DelayRetryStrategy.Interval.custom { Double($0) * 10 }.delay(forRetry: 2) == 20)
        #expect(DelayRetryStrategy.Interval.custom { _ in -5 }.delay(forRetry: 1) == 0)
    }

    @Test("jitter spreads the delay by at most its share; Retry-After replaces the interval, capped")
    func jitterAndRetryAfter() {
        let strategy = DelayRetryStrategy(maxRetryCount: 3, retryInterval: .seconds(10), jitter: 0.2, maxRetryAfter: 30)
        #expect(strategy.decision(for: Self.context(0), random: 0) == .retry(after: 8))
        #expect(strategy.decision(for: Self.context(0), random: 1) == .retry(after: 12))
        #expect(strategy.decision(for: Self.context(0, retryAfter: 1), random: 0) == .retry(after: 1))
        #expect(strategy.decision(for: Self.context(0, retryAfter: 3600)) == .retry(after: 30))
    }

    @Test("Retry-After in seconds and in the three HTTP date forms")
    func retryAfterValues() throws {
        let now = try #require(ISO8601DateFormatter().date(from: "1994-11-06T08:49:00Z"))
        #expect(RetryAfter.seconds(from: "120", now: now) == 120)
        #expect(RetryAfter.seconds(from: " 0 ", now: now) == 0)
        #expect(RetryAfter.seconds(from: "Sun, 06 Nov 1994 08:49:37 GMT", now: now) == 37)
        #expect(RetryAfter.seconds(from: "Sunday, 06-Nov-94 08:49:37 GMT", now: now) == 37)
        #expect(RetryAfter.seconds(from: "Sun Nov  6 08:49:37 1994", now: now) == 37)
        #expect(RetryAfter.seconds(from: "Sat, 05 Nov 1994 08:49:37 GMT", now: now) == 0)
        #expect(RetryAfter.seconds(from: "soon", now: now) == nil)
        #expect(RetryAfter.seconds(from: "-5", now: now) == nil)
    }
}

/// `data:` URLs and `@2x` file names, taken apart without loading anything.
@Suite("URL forms")
struct URLFormTests {
    @Test("data: URLs, base64 and percent-encoded, with and without a media type")
    func dataURLs() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        let base64 = try #require(DataURL(URL(string: "data:image/png;base64,iVBORw")!))
        #expect(base64.mediaType == "image/png")
        #expect(Array(base64.data) == png)
        let percent = try #require(DataURL(URL(string: "data:,%89PNG")!))
        #expect(percent.mediaType == "text/plain")
        #expect(Array(percent.data) == png)
        let charset = try #require(DataURL(URL(string: "data:Image/SVG+xml;charset=utf-8,%3Csvg%3E")!))
        #expect(charset.mediaType == "image/svg+xml")
        #expect(String(decoding: charset.data, as: UTF8.self) == "<svg>")
        #expect(DataURL(URL(string: "data:image/png;base64")!) == nil)
        #expect(DataURL(URL(string: "data:;base64,!!!!")!) == nil)
        #expect(DataURL(URL(string: "http://example.invalid/,x")!) == nil)
    }

    @Test("@2x and @3x before the extension set the scale; anything else does not")
    func scaleFactors() {
        func scale(_ path: String) -> Double? { ImageScaleFactor.fromFileName(of: URL(string: "https://h.invalid/\(path)")!) }
        #expect(scale("icons/icon@2x.png") == 2)
        #expect(scale("icon@3x.webp?v=1") == 3)
        #expect(scale("icon@3x") == 3)
        #expect(scale("icon.png") == nil)
        #expect(scale("me@example.png") == nil)
        #expect(scale("icon@10x.png") == nil)
    }
}
