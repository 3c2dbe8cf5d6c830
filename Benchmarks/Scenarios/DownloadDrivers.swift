import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Osprey

/// Fetches URLs through Osprey's `ImageDownloader` (one long-lived downloader, so its
/// connections stay warm between rounds, as in an app).
final class OspreyDownloadDriver {
    let downloader: ImageDownloader

    init(concurrency: Int) {
        var config = ImageDownloaderConfig()
        config.maxConcurrentDownloads = concurrency
        downloader = ImageDownloader(config: config)
    }

    /// Starts every download at once (Osprey's queue does the gating) and waits for all.
    func fetch(_ urls: [URL], options: DownloaderOptions = [.avoidDecodeImage]) throws {
        let latch = Latch(count: urls.count)
        var context = ImageContext()
        context.callbackQueue = .current
        for url in urls {
            downloader.downloadImage(with: url, options: options, context: context) { result in
                switch result {
                case .success(let loaded): latch.arrive(failure: loaded.data.isEmpty ? "empty body for \(url)" : nil)
                case .failure(let error): latch.arrive(failure: "\(error.code) for \(url)")
                }
            }
        }
        try latch.wait(what: "Osprey downloads")
    }

    func close() {
        downloader.invalidate()
    }
}

/// The baseline: raw `URLSession` data tasks on one ephemeral session, with at most
/// `concurrency` in flight (started from each completion), the same limit Osprey uses.
final class URLSessionDriver: Sendable {
    let session: URLSession
    let concurrency: Int

    init(concurrency: Int) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = concurrency
        session = URLSession(configuration: configuration)
        self.concurrency = concurrency
    }

    func fetch(_ urls: [URL]) throws {
        let latch = Latch(count: urls.count)
        let next = Box(0)
        for _ in 0..<min(concurrency, urls.count) {
            startNext(urls, next: next, latch: latch)
        }
        try latch.wait(what: "URLSession downloads")
    }

    private func startNext(_ urls: [URL], next: Box<Int>, latch: Latch) {
        let index: Int? = next.withLock { value in
            guard value < urls.count else { return nil }
            value += 1
            return value - 1
        }
        guard let index else { return }
        session.dataTask(with: urls[index]) { data, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            let failure = error.map { "\($0)" } ?? (status != 200 || (data ?? Data()).isEmpty ? "status \(status)" : nil)
            latch.arrive(failure: failure)
            self.startNext(urls, next: next, latch: latch)
        }.resume()
    }

    func close() {
        session.invalidateAndCancel()
    }
}

/// `curl --parallel` on the same URLs: the transport limit on this platform (measured here:
/// ≈ 4× URLSession). Its CPU comes from `RUSAGE_CHILDREN`.
struct CurlDriver {
    let executable: String
    let concurrency: Int
    let configFile: URL

    /// Nil when curl is missing or too old for `--parallel`.
    init?(concurrency: Int, scratch: URL) {
        guard let curl = ChildProcess.which("curl"),
              let help = try? ChildProcess.run(curl, ["--help", "all"]), help.stdout.contains("--parallel") else { return nil }
        executable = curl
        self.concurrency = concurrency
        configFile = scratch.appendingPathComponent("curl-urls.txt")
    }

    func fetch(_ urls: [URL]) throws -> TimeSample {
        let lines = urls.map { "url = \"\($0.absoluteString)\"\noutput = \"/dev/null\"\n" }.joined()
        try lines.write(to: configFile, atomically: true, encoding: .utf8)
        let cpu0 = ResourceUsage.childrenCPUSeconds()
        let wall0 = Clock.now()
        let output = try ChildProcess.run(executable, ["--parallel", "--parallel-max", String(concurrency),
                                                       "--silent", "--show-error", "--fail", "--config", configFile.path])
        let wall = Clock.now() - wall0
        guard output.status == 0 else { throw BenchError("curl exited \(output.status): \(output.stderr.prefix(300))") }
        return TimeSample(wall: wall, cpu: ResourceUsage.childrenCPUSeconds() - cpu0)
    }
}
