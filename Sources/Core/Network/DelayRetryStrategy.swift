import Foundation

/// The ready-made ``RetryStrategy``: up to ``maxRetryCount`` retries of transient failures
/// (``RetryContext/isTransient``), after a fixed, growing or exponential delay with optional
/// jitter; a server's `Retry-After` replaces the computed delay, capped at ``maxRetryAfter``.
///
/// ```swift
/// context.retryStrategy = DelayRetryStrategy(maxRetryCount: 2, retryInterval: .exponential(base: 0.5))
/// ```
public struct DelayRetryStrategy: RetryStrategy {
    /// How long to wait before retry number `n` (1 for the first retry).
    public enum Interval: Sendable {
        /// The same delay every time.
        case seconds(TimeInterval)
        /// `n` × the delay: 1×, 2×, 3× …
        case accumulated(TimeInterval)
        /// `base` × `multiplier`^(n − 1), at most `maximum`.
        case exponential(base: TimeInterval, multiplier: Double = 2, maximum: TimeInterval = 60)
        /// Whatever the closure says for `n`.
        case custom(@Sendable (Int) -> TimeInterval)

        /// The delay before retry `n` (≥ 1), never negative.
        public func delay(forRetry n: Int) -> TimeInterval {
            let retry = max(n, 1)
            let value: TimeInterval
            switch self {
            case .seconds(let seconds): value = seconds
            case .accumulated(let seconds): value = seconds * Double(retry)
            case .exponential(let base, let multiplier, let maximum):
                value = min(base * pow(multiplier, Double(retry - 1)), maximum)
            case .custom(let block): value = block(retry)
            }
            return value.isFinite ? max(0, value) : 0
        }
    }

    /// Retries at most this many times (so at most `maxRetryCount + 1` attempts).
    public let maxRetryCount: Int
    /// The delay before each retry when the server gives no `Retry-After`.
    public let retryInterval: Interval
    /// The share of each computed delay added or taken away at random (0 none, 0.2 = ±20 %),
    /// so that many clients do not retry in step.
    public let jitter: Double
    /// The longest `Retry-After` honoured; a longer one waits this long.
    public let maxRetryAfter: TimeInterval

    /// A strategy of `maxRetryCount` retries, `retryInterval` apart (3 s by default, as in
    /// Kingfisher), with `jitter` and `Retry-After` capped at `maxRetryAfter` seconds.
    public init(maxRetryCount: Int, retryInterval: Interval = .seconds(3), jitter: Double = 0,
                maxRetryAfter: TimeInterval = 60) {
        self.maxRetryCount = max(0, maxRetryCount)
        self.retryInterval = retryInterval
        self.jitter = min(max(jitter, 0), 1)
        self.maxRetryAfter = max(0, maxRetryAfter)
    }

    /// The answer for `context`, with `random` (0…1) choosing the jitter: stop for permanent
    /// failures and past ``maxRetryCount``, otherwise retry after `Retry-After` or the interval.
    public func decision(for context: RetryContext, random: Double = Double.random(in: 0...1)) -> RetryDecision {
        guard context.isTransient, context.retriedCount < maxRetryCount else { return .stop }
        if let retryAfter = context.retryAfter {
            return .retry(after: min(max(0, retryAfter), maxRetryAfter))
        }
        let delay = retryInterval.delay(forRetry: context.retriedCount + 1)
        return .retry(after: max(0, delay * (1 + jitter * (2 * random - 1))))
    }

    /// Answers at once with ``decision(for:random:)``.
    public func retry(context: RetryContext, decide: @escaping @Sendable (RetryDecision) -> Void) {
        decide(decision(for: context))
    }
}
