import Foundation

/// An HTTP server in another process serving the fixture folder, so that the client's
/// `getrusage` CPU is Osprey's (or the baseline's) alone.
protocol ImageHost: AnyObject {
    /// "embedded LoopbackServer (child process)" or "nginx 1.22".
    var name: String { get }
    var baseURL: URL { get }
    /// The serving process, for its CPU time.
    var pid: Int32 { get }
    func stop()
}

extension ImageHost {
    /// The URL of fixture `file`, made unique by `tag` (servers ignore the query), so that
    /// every round loads URLs nobody has loaded before.
    func url(_ file: String, tag: String) -> URL {
        URL(string: "\(baseURL.absoluteString)/\(file)?u=\(tag)")!
    }

    /// CPU seconds the server process has used so far (0 when it cannot be read).
    var cpuSeconds: Double { ResourceUsage.cpuSeconds(ofProcess: pid) ?? 0 }
}

/// The embedded LoopbackServer, run as `osprey-bench serve <folder>` in a child process.
final class EmbeddedHost: ImageHost {
    let name = "embedded LoopbackServer (child process)"
    let baseURL: URL
    private let child: HelperChild

    init(root: URL) throws {
        child = try HelperChild(ChildProcess.selfExecutable, [ServeCommand.name, root.path])
        let parts = child.readyLine.split(separator: " ")
        guard parts.count == 2, parts[0] == "PORT", let port = Int(parts[1]) else {
            child.stop()
            throw BenchError("embedded server child said '\(child.readyLine)' instead of 'PORT <n>'")
        }
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    var pid: Int32 { child.pid }

    func stop() {
        child.stop()
    }
}
