import Dispatch
import Synchronization
import Testing

/// Runs a CPU-bound suite (decoder conformance, corpus, damage and fuzz-style runs, with no
/// deadlines of their own) on two threads of its own, apart from GCD's global pool.
///
/// Why: ``OffCooperativePool`` runs tests on the global pool, which is as wide as the cores
/// (two here) and is also where the code under test runs its work (a download's operation
/// queue, decodes). The decoder suites each hold a thread for a minute or more in a debug
/// build; two of them at once held the whole pool, and a download test waiting behind them
/// timed out (a 12 MB download that takes 0.05 s alone, past its 180 s deadline, with two busy
/// loops beside the suite). Here they queue on two serial queues instead, and the kernel shares
/// the cores between them and everything else.
extension Trait where Self == OffCooperativePool {
    /// Runs the suite's tests on the CPU-bound suites' own two threads.
    public static var cpuBound: Self { OffCooperativePool(executor: CPUBoundExecutor.shared) }
}

/// Two serial queues, used in turn: at most two CPU-bound jobs run at once, each on a thread
/// outside the global pool.
final class CPUBoundExecutor: TaskExecutor {
    static let shared = CPUBoundExecutor()

    private let queues = [DispatchQueue(label: "osprey.tests.cpu-bound.0"),
                          DispatchQueue(label: "osprey.tests.cpu-bound.1")]
    /// Invariant: only incremented; its low bit picks the queue of the next job.
    private let turn = Atomic<Int>(0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let index = turn.add(1, ordering: .relaxed).oldValue & 1
        queues[index].async { job.runSynchronously(on: executor) }
    }
}
