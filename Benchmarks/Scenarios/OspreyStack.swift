import Foundation
import Osprey

/// A manager with its own cache (in a scratch folder, memory limited) and its own
/// downloader, as an app would set one up. Nothing shared between scenarios.
final class OspreyStack {
    let cache: ImageCache
    let downloader: ImageDownloader
    let manager: ImageManager

    init(directory: URL, memoryLimit: Int, concurrency: Int = ColdDownloadScenario.concurrency) {
        var config = ImageCacheConfig()
        config.maxMemoryCost = memoryLimit
        cache = ImageCache(namespace: "bench", diskCacheDirectory: directory, config: config)
        var downloaderConfig = ImageDownloaderConfig()
        downloaderConfig.maxConcurrentDownloads = concurrency
        downloader = ImageDownloader(config: downloaderConfig)
        manager = ImageManager(cache: cache, loader: downloader)
    }

    /// Callbacks on whatever thread finishes the work: the benchmark waits on a latch, its
    /// main queue does not run.
    static var context: ImageContext {
        var context = ImageContext()
        context.callbackQueue = .current
        return context
    }

    /// Starts every load at once and waits for all; each must produce an image.
    func load(_ urls: [URL], options: ImageOptions = [], context: ImageContext = OspreyStack.context) throws {
        let latch = Latch(count: urls.count)
        for url in urls {
            manager.loadImage(with: url, options: options, context: context) { result in
                switch result {
                case .success: latch.arrive()
                case .failure(let error): latch.arrive(failure: "\(error.code) for \(url)")
                }
            }
        }
        try latch.wait(what: "ImageManager loads")
    }

    func close() {
        downloader.invalidate()
    }
}
