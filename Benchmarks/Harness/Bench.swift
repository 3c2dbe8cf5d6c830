import Foundation

/// What every scenario shares: options, a scratch folder, fixtures, the image server and
/// the Python reference, each made on first use and torn down by ``finish()``.
final class Bench {
    let options: BenchOptions
    /// Scratch space for this run; removed by ``finish()``.
    let workDirectory: URL
    /// Free-text lines for the report (server CPU share, missing tools, …).
    private(set) var notes: [String] = []

    private var fixturesStorage: ImageFixtures?
    private var hostStorage: (any ImageHost)?
    private var hostFailure: Error?
    private var pythonStorage: PythonReference?
    private var tagCounter = 0

    init(options: BenchOptions) throws {
        self.options = options
        workDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("osprey-bench-\(getpid())", isDirectory: true)
        try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
    }

    var quick: Bool { options.quick }

    /// Rounds per side: few in quick mode, more in full mode (medians need a handful).
    var rounds: Rounds { Rounds(count: quick ? 3 : 11, warmup: 1) }

    /// Picks the quick or the full figure.
    func size<T>(quick quickValue: T, full fullValue: T) -> T { quick ? quickValue : fullValue }

    /// Progress on stderr, so stdout stays the table.
    func log(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    func note(_ line: String) {
        if !notes.contains(line) { notes.append(line) }
    }

    /// A fresh subfolder of the scratch space.
    func makeDirectory(_ name: String) throws -> URL {
        let url = workDirectory.appendingPathComponent(name, isDirectory: true)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    var fixtures: ImageFixtures {
        if let fixturesStorage { return fixturesStorage }
        let made = ImageFixtures(directory: workDirectory.appendingPathComponent("www", isDirectory: true), bench: self)
        fixturesStorage = made
        return made
    }

    /// The server for the download scenarios: nginx with `--nginx` (when installed), else the
    /// embedded LoopbackServer in a child process (so its CPU is not counted as Osprey's).
    func host() throws -> any ImageHost {
        if let hostStorage { return hostStorage }
        if let hostFailure { throw hostFailure }
        do {
            let files = try fixtures.downloadImages()
            var made: (any ImageHost)?
            if options.nginx {
                do {
                    made = try NginxHost(root: fixtures.directory, scratch: try makeDirectory("nginx"))
                } catch let skip as Skip {
                    note("--nginx: \(skip.description); the embedded server was used instead.")
                }
            }
            let host = try made ?? EmbeddedHost(root: fixtures.directory)
            log("  serving \(files.count) images from \(host.name) at \(host.baseURL.absoluteString)")
            hostStorage = host
            return host
        } catch {
            hostFailure = error
            throw error
        }
    }

    /// `count` URLs of the download fixtures (cycled), each never used before in this run,
    /// so every load is cold for every client.
    func freshURLs(_ count: Int) throws -> [URL] {
        let host = try host()
        let names = try fixtures.downloadImages()
        tagCounter += 1
        let batch = tagCounter
        return (0..<count).map { host.url(names[$0 % names.count], tag: "\(batch)-\($0)") }
    }

    /// The download server's name, or "not used" when no scenario started one.
    var hostName: String { hostStorage?.name ?? "not used" }

    var python: PythonReference {
        if let pythonStorage { return pythonStorage }
        let made = PythonReference(scratch: workDirectory)
        pythonStorage = made
        return made
    }

    /// Stops the server and removes the scratch folder.
    func finish() {
        hostStorage?.stop()
        hostStorage = nil
        try? FileManager.default.removeItem(at: workDirectory)
    }
}
