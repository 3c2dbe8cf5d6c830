import Dispatch
import Testing

/// Runs a suite's tests on GCD threads instead of Swift's cooperative pool.
///
/// Why: Swift Testing runs every test of the process as a task on the cooperative pool, which
/// has one thread per core (two here). Long synchronous work (decoder fuzzing and conformance,
/// budget bombs, blocking file and process calls) holds those threads, and a test that waits
/// (for a held response, a cancelled decode) cannot resume for as long: on a busy machine long
/// enough for a deadline to pass. With this trait every job of the test runs on a GCD thread,
/// so CPU work competes through the kernel's scheduler like any thread and a waiting test
/// resumes when its condition holds. Every suite of the package carries it.
public struct OffCooperativePool: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }
    /// Where the jobs run: the global pool, or the CPU-bound suites' own threads (`.cpuBound`).
    let executor: any TaskExecutor

    public init() { executor = GlobalQueueExecutor.shared }

    init(executor: any TaskExecutor) { self.executor = executor }

    public func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(executor) { try await function() }
    }
}

extension Trait where Self == OffCooperativePool {
    /// Runs the suite's tests off the cooperative pool (see ``OffCooperativePool``).
    public static var offCooperativePool: Self { OffCooperativePool() }
}

/// A task executor that runs each job on a GCD thread of its own.
///
/// Each job goes to a fresh serial queue, which GCD runs on its *overcommit* pool: a new thread
/// whenever every thread is busy. Not `DispatchQueue.global()`: that pool is as wide as the
/// cores, so two long CPU-bound tests (the progressive decoders' corpus runs take over a minute
/// in a debug build) held both its threads, and the work the code under test puts on global
/// queues — a download's operation queue, a decode — waited behind them until a waiting test's
/// deadline passed (seen: a 12 MB download that takes 0.05 s alone timed out at 180 s).
final class GlobalQueueExecutor: TaskExecutor {
    static let shared = GlobalQueueExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue(label: "osprey.tests.job").async { job.runSynchronously(on: executor) }
    }
}
