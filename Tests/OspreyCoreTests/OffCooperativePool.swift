import Dispatch
import Testing

/// Runs a suite's tests on GCD threads instead of Swift's cooperative pool.
///
/// Why: Swift Testing runs every test of the process as a task on the cooperative pool, which
/// has one thread per core (two here). The decoder tests are long, synchronous CPU work
/// (fuzzing, conformance over hundreds of files, budget bombs); on the pool, two of them hold
/// every thread and the network tests of the other targets cannot resume to release a held
/// response before its deadline. With this trait the CPU work competes for cores through the
/// kernel's scheduler like any thread, and the pool stays free for the tests that wait.
struct OffCooperativePool: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(GlobalQueueExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OffCooperativePool {
    /// Runs the suite's tests off the cooperative pool (see ``OffCooperativePool``).
    static var offCooperativePool: Self { OffCooperativePool() }
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
