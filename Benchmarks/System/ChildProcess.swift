import Foundation

/// Helpers around `Process`: finding tools on PATH, running one to completion, and spawning a
/// long-lived child that announces itself with a line on stdout.
enum ChildProcess {
    /// The absolute path of `name` on PATH (plus /usr/sbin and /sbin, where Debian puts
    /// nginx), or nil when it is not installed.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let folders = path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin", "/usr/local/sbin"]
        for folder in folders {
            let candidate = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// What a finished process produced.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `executable` with `arguments` to completion and returns its exit status and
    /// output. The output is drained while it runs so a chatty child cannot block on a full pipe.
    static func run(_ executable: String, _ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errData = Box(Data())
        let errReader = Thread {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errData.withLock { $0 = data }
        }
        errReader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // The reader ends at EOF, which the exit guarantees; wait for its copy.
        while !errReader.isFinished { usleep(1000) }
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData.withLock { $0 }, as: UTF8.self))
    }

    /// The path of this benchmark executable, to re-run it as a helper child.
    static var selfExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
    }
}

/// A helper child process that prints one line when ready and runs until its stdin closes
/// (or it is sent SIGTERM by PID).
final class HelperChild {
    let process: Process
    private let input = Pipe()
    private let output = Pipe()

    /// Starts `executable` and waits (up to `timeout`) for its first stdout line, returned as
    /// `readyLine`.
    init(_ executable: String, _ arguments: [String], timeout: Double = 60) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        readyLine = try HelperChild.readLine(from: output.fileHandleForReading, timeout: timeout)
    }

    /// The first line the child printed.
    let readyLine: String

    var pid: Int32 { process.processIdentifier }

    /// Closes the child's stdin (its signal to exit), then sends SIGTERM by PID if it is still
    /// running after `grace` seconds, and waits for it.
    func stop(grace: Double = 5) {
        try? input.fileHandleForWriting.close()
        let deadline = Clock.now() + grace
        while process.isRunning && Clock.now() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        process.waitUntilExit()
    }

    private static func readLine(from handle: FileHandle, timeout: Double) throws -> String {
        let line = Box<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            var bytes = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                bytes.append(chunk)
                if bytes.contains(UInt8(ascii: "\n")) { break }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            line.withLock { $0 = text.split(separator: "\n").first.map(String.init) ?? "" }
            done.signal()
        }.start()
        guard done.wait(timeout: .now() + timeout) == .success, let text = line.withLock({ $0 }), !text.isEmpty else {
            throw BenchError("helper child printed no ready line within \(Int(timeout)) s")
        }
        return text
    }
}
