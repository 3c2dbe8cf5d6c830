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

    public init() {}

    public func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(GlobalQueueExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OffCooperativePool {
    /// Runs the suite's tests off the cooperative pool (see ``OffCooperativePool``).
    public static var offCooperativePool: Self { OffCooperativePool() }
}

/// A task executor that runs each job on a global-queue thread.
final class GlobalQueueExecutor: TaskExecutor {
    static let shared = GlobalQueueExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue.global().async { job.runSynchronously(on: executor) }
    }
}
