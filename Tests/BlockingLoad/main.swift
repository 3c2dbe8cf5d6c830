// A command-line script as a server author writes one: it loads an image through the default
// manager with the default context (callback queue `.main`) and blocks its main thread on a
// semaphore until the completion has run. The main queue is never served, so the completion
// must arrive elsewhere. Run by the OspreyTests suite `BlockingScriptTests` with a timeout.
//
// Usage: osprey-blocking-load URL CACHE_DIR [--no-fallback]
// (`--no-fallback` turns the main-queue fallback off: the script then hangs, as every such
// script did before the fallback existed.)
import Dispatch
import Foundation
import Osprey

let arguments = CommandLine.arguments
guard (3...4).contains(arguments.count), let url = URL(string: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: osprey-blocking-load URL CACHE_DIR [--no-fallback]\n".utf8))
    exit(2)
}
if arguments.count == 4, arguments[3] == "--no-fallback" { CallbackQueue.mainQueueFallbackDelay = nil }
let cache = ImageCache(namespace: "blocking", diskCacheDirectory: URL(fileURLWithPath: arguments[2], isDirectory: true))
ImageManager.default = ImageManager(cache: cache, loader: ImageDownloader.shared)

/// The completion's report, handed from the callback's thread to the main thread.
final class Outcome: @unchecked Sendable {
    // Safety: written once before `done.signal()`, read after `done.wait()` returns; the
    // semaphore orders the two.
    var line = ""
}
let outcome = Outcome()
let done = DispatchSemaphore(value: 0)
ImageManager.default.loadImage(with: url) { result in
    switch result {
    case .success(let image):
        let size = PlatformImageBridge.decodedImage(from: image.image)?.pixelSize
        outcome.line = "loaded \(size?.width ?? 0)x\(size?.height ?? 0) from \(image.cacheType)"
    case .failure(let error):
        outcome.line = "failed \(error.code)"
    }
    done.signal()
}
done.wait()
print(outcome.line)
exit(outcome.line.hasPrefix("loaded") ? 0 : 1)
