import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// nginx (Debian `nginx-light`) serving the fixture folder on 127.0.0.1 and a free high port,
/// with a configuration of its own, in the foreground (`daemon off`) as one process
/// (`master_process off`) so its CPU time is one `/proc/<pid>/stat`. Stopped by PID.
final class NginxHost: ImageHost {
    let name: String
    let baseURL: URL
    private let process: Process

    /// Throws ``Skip`` when nginx is not installed.
    init(root: URL, scratch: URL) throws {
        guard let nginx = ChildProcess.which("nginx") else { throw Skip("nginx not installed") }
        let version = (try? ChildProcess.run(nginx, ["-v"]))?.stderr
            .split(separator: "/").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "?"
        name = "nginx \(version)"
        let port = try Self.freePort()
        let config = scratch.appendingPathComponent("nginx.conf")
        try Self.configuration(root: root.path, scratch: scratch.path, port: port)
            .write(to: config, atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-c", config.path, "-p", scratch.path, "-g", "daemon off;"]
        process.standardInput = FileHandle.nullDevice
        try process.run()
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        guard Self.waitUntilListening(port: port, timeout: 10) else {
            stop()
            let log = (try? String(contentsOf: scratch.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
            throw BenchError("nginx did not start listening on \(port): \(log.suffix(400))")
        }
    }

    var pid: Int32 { process.processIdentifier }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }

    private static func configuration(root: String, scratch: String, port: Int) -> String {
        // As root, nginx would drop the worker to "nobody"; one process keeps our own uid.
        let user = getuid() == 0 ? "user root;\n" : ""
        return """
            \(user)master_process off;
            worker_processes 1;
            pid \(scratch)/nginx.pid;
            error_log \(scratch)/error.log warn;
            events { worker_connections 4096; }
            http {
                access_log off;
                sendfile on;
                tcp_nopush on;
                tcp_nodelay on;
                keepalive_requests 1000000;
                keepalive_timeout 120s;
                types { image/png png; }
                default_type application/octet-stream;
                client_body_temp_path \(scratch)/body;
                proxy_temp_path \(scratch)/proxy;
                fastcgi_temp_path \(scratch)/fastcgi;
                uwsgi_temp_path \(scratch)/uwsgi;
                scgi_temp_path \(scratch)/scgi;
                server {
                    listen 127.0.0.1:\(port);
                    root \(root);
                }
            }

            """
    }

    /// A port the kernel just handed out for 127.0.0.1 (bind to 0, read back, close).
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket() failed") }
        defer { close(fd) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw BenchError("bind() failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func waitUntilListening(port: Int, timeout: Double) -> Bool {
        let deadline = Clock.now() + timeout
        while Clock.now() < deadline {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = loopback(port: port)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            close(fd)
            if connected == 0 { return true }
            usleep(20_000)
        }
        return false
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}
