import Foundation
import OspreyTestTraits
import Testing
import LoopbackServer
import Osprey
import OspreyUIKitBridge
import OspreyManagerTestSupport
import OspreyTestSupport

/// A loader that forwards to the shared downloader and notes every URL asked for, so a test can
/// see which manager a load went through without changing what other tests observe.
private final class NotingLoader: ImageLoading {
    let requested = Locked<[URL]>([])

    func canRequestImage(for url: URL?) -> Bool { ImageDownloader.shared.canRequestImage(for: url) }

    func requestImage(with url: URL, options: ImageOptions, context: ImageContext,
                      progress: (@Sendable (ImageProgress) -> Void)?,
                      completed: @escaping @Sendable (Result<LoadedImage, ImageError>) -> Void) -> (any Cancellable)? {
        requested.withLock { $0.append(url) }
        return ImageDownloader.shared.requestImage(with: url, options: options, context: context,
                                                   progress: progress, completed: completed)
    }

    func shouldBlockFailedURL(_ url: URL, error: ImageError) -> Bool {
        ImageDownloader.shared.shouldBlockFailedURL(url, error: error)
    }

    var requestGeneration: Int { ImageDownloader.shared.requestGeneration }
}

@MainActor
private final class PlainView: ImageDisplaying {
    var displayedImage: PlatformImage?
}

/// `ImageManager.default` is what the entry points without `manager:` use.
@Suite("default manager", .serialized)
struct DefaultManagerTests {
    @Test("a manager installed at start-up serves setImage and ImagePrefetcher() without manager:")
    @MainActor
    func installedDefault() async throws {
        let fixture = try ManagerFixture()
        let (viewURL, _) = fixture.serveImage("/view.png", seed: 1)
        let (prefetchURL, _) = fixture.serveImage("/prefetch.png", seed: 2)
        let loader = NotingLoader()
        // Same cache and downloader as `.shared`: other suites running now see no difference.
        let installed = ImageManager(cache: ImageCache.shared, loader: loader)
        #expect(ImageManager.default === ImageManager.shared)
        ImageManager.default = installed
        defer { ImageManager.default = .shared }
        #expect(ImageManager.default === installed)

        let prefetcher = ImagePrefetcher()
        #expect(prefetcher.manager === installed)
        let summary = Recorder<PrefetchSummary>()
        // Nothing is written to the shared cache's real folder.
        var context = ImageContext()
        context.storeCacheType = .none
        context.callbackQueue = .queue(fixture.queue)
        prefetcher.prefetchURLs([prefetchURL], options: .fromLoaderOnly, context: context) { summary.record($0) }
        #expect(try await summary.first().finishedCount == 1)

        let view = PlainView()
        let done = Recorder<Bool>()
        view.setImage(with: viewURL, options: .fromLoaderOnly, context: context) { result in done.record((try? result.get()) != nil) }
        #expect(try await done.first() == true)
        #expect(view.displayedImage != nil)
        #expect(loader.requested.withLock { $0 } .contains(viewURL))
        #expect(loader.requested.withLock { $0 } .contains(prefetchURL))
    }
}

/// A script that blocks its main thread on a semaphore, loading with the default context
/// (callback queue `.main`), still hears back: the main queue is not served, so the callback
/// runs on Osprey's fallback queue.
@Suite("blocking script", .offCooperativePool)
struct BlockingScriptTests {
    static func scriptExecutable() -> URL? { BuiltProducts.executable(named: "osprey-blocking-load") }

    @Test("a download and a data: URL complete while main waits on a semaphore")
    func completesWhileMainBlocks() async throws {
        let script = try #require(Self.scriptExecutable(), "osprey-blocking-load is built beside the test bundle")
        let fixture = try ManagerFixture()
        let (url, png) = fixture.serveImage("/script.png", width: 6, height: 4)
        let data = try #require(URL(string: "data:image/png;base64," + png.base64EncodedString()))
        for target in [url, data] {
            let run = try await CLIRunner.run(script, [target.absoluteString, fixture.directory.path], timeout: 120)
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output.contains("loaded 6x4 from none"), "\(run.output)")
        }
        #expect(fixture.server.requestCount(for: "/script.png") == 1)
    }
}
