// The child process of `LockTrafficTests`: counts how many times `Locked` is taken for one
// cold load, with nothing else running in the process.
//
// Usage: osprey-lock-count
//
// Prints one line of JSON: `server` is the locks taken while a plain URLSession fetches one
// image from the loopback server (the server's own share, since Foundation does not use
// `Locked`); `download` and `load` are the locks taken while `ImageDownloader` downloads and
// decodes one image, and while `ImageManager` loads one cold (cache miss, download, decode,
// memory store), each counted up to its completion. The Osprey share is the difference.
// Only debug builds on Linux count; elsewhere it prints `{"unavailable":true}`.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Osprey
import OspreyManagerTestSupport

#if DEBUG && os(Linux)
let fixture = try ManagerFixture()
let session = URLSession(configuration: .ephemeral)

func fetch(_ url: URL) {
    let done = DispatchSemaphore(value: 0)
    session.dataTask(with: url) { _, _, _ in done.signal() }.resume()
    done.wait()
}

func load(_ url: URL) {
    let done = DispatchSemaphore(value: 0)
    fixture.manager.loadImage(with: url, context: fixture.context) { _ in done.signal() }
    done.wait()
}

func download(_ url: URL) {
    let done = DispatchSemaphore(value: 0)
    var context = ImageContext()
    context.callbackQueue = .queue(fixture.queue)
    fixture.downloader.downloadImage(with: url, context: context) { _ in done.signal() }
    done.wait()
}

/// Locks taken while `work` runs, after the counter is reset.
func locks(_ work: () -> Void) -> Int {
    LockTally.taken.store(0, ordering: .relaxed)
    work()
    return LockTally.taken.load(ordering: .relaxed)
}

let urls = (0..<6).map { fixture.serveImage("/\($0).png", seed: $0).0 }
// One of each first, so that one-time set-up (sessions, queues, the disk folder) is not counted.
fetch(urls[0])
download(urls[1])
load(urls[2])
let server = locks { fetch(urls[3]) }
let downloadCount = locks { download(urls[4]) }
let loadCount = locks { load(urls[5]) }
print(#"{"server":\#(server),"download":\#(downloadCount),"load":\#(loadCount)}"#)
#else
print(#"{"unavailable":true}"#)
#endif
