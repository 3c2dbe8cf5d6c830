import Dispatch

/// Where a downloader reads the time and arms its timers: the idle timeout's signs of life and
/// checks, the total deadline, the wait before a retry. The system's uptime clock unless a test
/// hands the downloader a clock it advances by hand (``ImageDownloaderConfig/clock``), so that a
/// deadline expires when the test says so, not after a real wait.
///
/// Times are uptime nanoseconds, as `DispatchTime.uptimeNanoseconds`.
package protocol DownloadClock: Sendable {
    /// The time now.
    func now() -> UInt64
    /// Runs `work` once the clock reaches `deadline` (at once, on another thread, when it is
    /// already there). `work` may be cancelled meanwhile; a cancelled item does nothing.
    func schedule(at deadline: UInt64, _ work: DispatchWorkItem)
}

/// The system's uptime clock: Dispatch's timers on a utility queue.
package struct SystemDownloadClock: DownloadClock {
    package init() {}

    package func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    package func schedule(at deadline: UInt64, _ work: DispatchWorkItem) {
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: DispatchTime(uptimeNanoseconds: deadline), execute: work)
    }
}

extension DownloadClock {
    /// The time `seconds` from now (a limit is at most about 115 days: no overflow).
    func deadline(after seconds: Double) -> UInt64 {
        now() + UInt64(max(0, seconds) * 1e9)
    }
}
