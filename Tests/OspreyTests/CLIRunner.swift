import Foundation
import OspreyTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Runs a child process for the CLI suites and collects its exit status and output.
///
/// The pipes are drained on GCD threads, not in Swift tasks: a blocking `read` inside a task
/// holds one of the cooperative pool's few threads (two on a 2-core machine), and with several
/// CLI tests in parallel the pool starved, so even the timeout could not run. A child that
/// outlives `timeout` is killed with SIGKILL (a spinning child may not honour SIGTERM in time).
enum CLIRunner {
    struct Run {
        /// The exit status; nil when the child was killed after the timeout.
        let status: Int32?
        let output: String
        let errors: String
    }

    static func run(_ executable: URL, _ arguments: [String], timeout: Double) async throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let exited = Recorder<Int32>()
        process.terminationHandler = { exited.record($0.terminationStatus) }
        try process.run()
        let outputs = Recorder<(Int, Data)>()
        for (index, pipe) in [output, errors].enumerated() {
            DispatchQueue.global().async { outputs.record((index, pipe.fileHandleForReading.readDataToEndOfFile())) }
        }
        var status: Int32?
        do {
            status = try await exited.wait(timeout: .seconds(timeout)).first
        } catch {
            kill(process.processIdentifier, SIGKILL)
            _ = try? await exited.wait(timeout: .seconds(60))
        }
        let texts = try await outputs.wait(count: 2, timeout: .seconds(60))
        func text(_ index: Int) -> String {
            String(decoding: texts.first { $0.0 == index }?.1 ?? Data(), as: UTF8.self)
        }
        return Run(status: status, output: text(0), errors: text(1))
    }
}
