// The child process of `LockTrafficTests`: counts how many times `Locked` is taken for one
// cold load, with nothing else running in the process.
//
// Usage: osprey-lock-count            (the measurement)
//        osprey-lock-count --sites    (the same, with each count broken down by call site on
//                                      standard error)
//        osprey-lock-count --serve    (the image server it starts as a process of its own)
//
// The loopback server takes locks of its own (its routes, its connection bookkeeping), so it
// runs in a second process: the counts are Osprey's alone, however the server schedules.
//
// Prints one line of JSON: `server` is the locks taken while a plain URLSession fetches one
// image (Foundation does not use `Locked`, so anything above 0 means something else of this
// process took locks meanwhile); `download` and `load` are the locks taken while
// `ImageDownloader` downloads and decodes one image, and while `ImageManager` loads one cold
// (cache miss, download, decode, memory and disk store), each counted up to its completion.
// Only debug builds on Linux count; elsewhere it prints `{"unavailable":true}`.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LoopbackServer
import Osprey
import OspreyManagerTestSupport

let imageCount = 6

if CommandLine.arguments.dropFirst().first == "--serve" {
    // Serves the images until the parent closes our standard input.
    let server = try LoopbackServer()
    for index in 0..<imageCount {
        server.setRoute("/\(index).png", .ok(ManagerFixture.png(seed: index), contentType: "image/png"))
    }
    FileHandle.standardOutput.write(Data((server.baseURL.absoluteString + "\n").utf8))
    _ = FileHandle.standardInput.readDataToEndOfFile()
    server.stop()
    exit(0)
}

#if DEBUG && os(Linux)
/// Starts the server process and returns it with the base URL it serves.
func startServer() throws -> (Process, Pipe, URL) {
    let process = Process()
    process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--serve"]
    let output = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardInput = input
    try process.run()
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        guard !chunk.isEmpty else { break }
        line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let base = URL(string: text) else {
        FileHandle.standardError.write(Data("the server process did not answer\n".utf8))
        exit(1)
    }
    return (process, input, base)
}

let (serverProcess, serverInput, base) = try startServer()
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-lock-count-\(UUID().uuidString)")
let cache = ImageCache(namespace: "lock-count", diskCacheDirectory: directory)
var config = ImageDownloaderConfig()
config.maxConcurrentDownloads = 6
config.downloadTimeout = 300
let downloader = ImageDownloader(config: config)
let manager = ImageManager(cache: cache, loader: downloader)
let callbacks = DispatchQueue(label: "osprey.lock-count.callbacks")
let session = URLSession(configuration: .ephemeral)

func fetch(_ url: URL) {
    let done = DispatchSemaphore(value: 0)
    session.dataTask(with: url) { _, _, _ in done.signal() }.resume()
    done.wait()
}

func load(_ url: URL) {
    let done = DispatchSemaphore(value: 0)
    var context = ImageContext()
    context.callbackQueue = .queue(callbacks)
    manager.loadImage(with: url, context: context) { _ in done.signal() }
    done.wait()
}

func download(_ url: URL) {
    let done = DispatchSemaphore(value: 0)
    var context = ImageContext()
    context.callbackQueue = .queue(callbacks)
    downloader.downloadImage(with: url, context: context) { _ in done.signal() }
    done.wait()
}

/// With `--sites`, the locks of each measurement are also listed by call site on standard error.
let listsSites = CommandLine.arguments.contains("--sites")

/// Locks taken while `work` runs, after the counter is reset.
func locks(_ name: String, _ work: () -> Void) -> Int {
    LockTally.resetSites()
    LockTally.recordsSites.store(listsSites, ordering: .relaxed)
    LockTally.taken.store(0, ordering: .relaxed)
    work()
    let taken = LockTally.taken.load(ordering: .relaxed)
    LockTally.recordsSites.store(false, ordering: .relaxed)
    if listsSites {
        var lines = "\(name): \(taken)\n"
        let sites: [(site: String, count: Int)] = LockTally.sites.map { (site: $0.key, count: $0.value) }
        let ordered = sites.sorted { left, right in
            left.count != right.count ? left.count > right.count : left.site < right.site
        }
        for (site, count) in ordered {
            lines += "  \(count)\t\(site)\n"
        }
        FileHandle.standardError.write(Data(lines.utf8))
    }
    return taken
}

/// Waits until the downloader has nothing under way, so one measurement's tail (an operation
/// finishing after its caller was answered) is not counted in the next.
func settle() {
    while !downloader.isIdle { usleep(1000) }
    usleep(20_000)
}

let urls = (0..<imageCount).map { base.appendingPathComponent("\($0).png") }
// One of each first, so that one-time set-up (sessions, queues, the disk folder) is not counted.
fetch(urls[0])
download(urls[1])
load(urls[2])
settle()
let server = locks("server") { fetch(urls[3]) }
settle()
let downloadCount = locks("download") { download(urls[4]) }
settle()
let loadCount = locks("load") { load(urls[5]) }
print(#"{"server":\#(server),"download":\#(downloadCount),"load":\#(loadCount)}"#)
serverInput.fileHandleForWriting.closeFile()
serverProcess.waitUntilExit()
try? FileManager.default.removeItem(at: directory)
#else
print(#"{"unavailable":true}"#)
#endif
