import Foundation
import Osprey

/// `osprey fetch`'s network flags: the idle timeout, the total deadline and retries, applied
/// to the downloader's configuration.
struct FetchNetwork {
    /// `--timeout`: seconds without a byte before a download fails (the idle timeout).
    var idleTimeout: TimeInterval?
    /// `--deadline`: seconds a download may take in all, retries included.
    var deadline: TimeInterval?
    /// `--retries`: how many times a transient failure is tried again.
    var retries = 0

    /// The longest `--timeout` / `--deadline` accepted: a day.
    static let longestSeconds: TimeInterval = 86_400
    /// `--retries` range.
    static let retryRange = 0...20

    init(_ arguments: Arguments) throws(Arguments.Problem) {
        idleTimeout = try Self.seconds(arguments, "timeout")
        deadline = try Self.seconds(arguments, "deadline")
        retries = try arguments.int("retries", in: Self.retryRange, default: 0)
    }

    /// Sets the flags that were given on `config`.
    func apply(to config: inout ImageDownloaderConfig) {
        if let idleTimeout { config.downloadTimeout = idleTimeout }
        if let deadline { config.totalDeadline = deadline }
        if retries > 0 {
            // Backoff 1 s, 2 s, 4 s … with ±20 % jitter; a server's Retry-After (at most a
            // minute) replaces it.
            config.retryStrategy = DelayRetryStrategy(maxRetryCount: retries,
                                                      retryInterval: .exponential(base: 1, maximum: 30),
                                                      jitter: 0.2, maxRetryAfter: 60)
        }
    }

    /// A positive number of seconds, up to a day; nil when the flag is absent.
    private static func seconds(_ arguments: Arguments, _ name: String) throws(Arguments.Problem) -> TimeInterval? {
        guard let text = arguments.value(name) else { return nil }
        guard let value = TimeInterval(text), value.isFinite, value > 0, value <= longestSeconds else {
            throw Arguments.Problem(description: "--\(name) takes seconds, more than 0 and at most \(Int(longestSeconds)), not '\(text)'")
        }
        return value
    }
}
