import Foundation
import OspreyTestTraits
import Testing
import Osprey

/// The downloader's shared configuration is set in place, SDWebImage style, with nothing but
/// `import Osprey`: the lines an app writes at start-up compile and take effect.
@Suite("Shared downloader configuration", .offCooperativePool)
struct SharedDownloaderConfigTests {
    @Test("ImageDownloader.shared.config.downloadTimeout / maxConcurrentDownloads are settable")
    func settable() {
        let before = ImageDownloader.shared.config
        defer { ImageDownloader.shared.config = before }
        ImageDownloader.shared.config.downloadTimeout = 30
        ImageDownloader.shared.config.maxConcurrentDownloads = 4
        ImageDownloader.shared.config.totalDeadline = 120
        ImageDownloader.shared.config.retryStrategy = DelayRetryStrategy(maxRetryCount: 2, retryInterval: .exponential(base: 0.5))
        #expect(ImageDownloader.shared.config.downloadTimeout == 30)
        #expect(ImageDownloader.shared.config.totalDeadline == 120)
        #expect(ImageDownloader.shared.config.retryStrategy is DelayRetryStrategy)
        // The queue follows at once.
        #expect(ImageDownloader.shared.maxConcurrentDownloads == 4)
        var context = ImageContext()
        context.downloadTimeout = 5
        context.downloadDeadline = 60
        context.retryStrategy = DelayRetryStrategy(maxRetryCount: 1)
        #expect(context.retryStrategy != nil)
    }
}
