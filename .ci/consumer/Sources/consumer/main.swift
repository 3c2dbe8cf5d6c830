// Start-up configuration as a user of Osprey writes it, with nothing but `import Osprey`.
import Foundation
import Osprey

ImageDownloader.shared.config.downloadTimeout = 30
ImageDownloader.shared.config.maxConcurrentDownloads = 4
ImageDownloader.shared.config.totalDeadline = 120
ImageDownloader.shared.config.retryStrategy = DelayRetryStrategy(maxRetryCount: 2)
ImageCache.shared.config.maxDiskSize = 200 << 20
ImageCache.shared.config.maxDiskAge = 3 * 24 * 3600
ImageCache.shared.config.maxMemoryCost = 64 << 20
ImageManager.default = ImageManager(cache: ImageCache.shared, loader: ImageDownloader.shared)

var context = ImageContext()
context.retryStrategy = DelayRetryStrategy(maxRetryCount: 3, retryInterval: .exponential(base: 0.5))
context.downloadTimeout = 10
context.requestModifier = { request in
    var request = request
    request.setValue("consumer", forHTTPHeaderField: "User-Agent")
    return request
}
print("configured: idle timeout \(ImageDownloader.shared.config.downloadTimeout) s, disk \(ImageCache.shared.config.maxDiskSize) bytes")
