// README.md's Swift samples, compiled by `swift build --build-tests`, so that a signature
// change that breaks a sample breaks the build. The lines between each pair of
// `README sample` markers are the README's code block of that number (imports left out,
// indentation removed); ReadmeSyncTests fails when they drift apart. The functions only
// have to compile: no test calls them.
import Foundation
import Osprey
import OspreyUIKitBridge
import OspreySwiftUI
#if canImport(SwiftUI)
import SwiftUI
#endif

func readmeSample1(url: URL, urls: [URL]) async throws {
    // README sample 1 begin
    // One call: memory cache, disk cache, then the network; exactly one completion.
    let manager = ImageManager.shared
    manager.loadImage(with: url, options: [.retryFailed]) { result in
        switch result {
        case .success(let loaded): print(loaded.url, loaded.cacheType)
        case .failure(let error): print(error)          // ImageError, with .code, .url, .statusCode
        }
    }

    // async/await; cancelling the task cancels the load.
    var context = ImageContext()
    context.thumbnailPixelSize = PixelSize(width: 256, height: 256)   // decode straight to ≤ 256 px
    context.transformer = RoundCornerTransformer(radius: 12)           // cached under its own key
    let result = try await manager.loadImage(with: url, context: context)

    // Prefetch a list at low priority; a trailing closure is the completion.
    ImagePrefetcher().prefetchURLs(urls) { summary in print(summary.finishedCount, summary.skippedCount) }
    // README sample 1 end
    _ = result
}

@MainActor
func readmeSample2(url: URL, imageView: some ImageDisplaying, placeholder: PlatformImage) {
    // README sample 2 begin
    imageView.setImage(with: url, placeholder: placeholder) { result in
        if case .failure(let error) = result { print(error.code) }
    }
    imageView.setImage(with: url, progress: { print($0.receivedBytes) }, completed: { print($0) })
    imageView.cancelCurrentImageLoad()                // also a load started under a custom operationKey
    // README sample 2 end
}

#if canImport(SwiftUI)
// Type-checked by .ci/apple-typecheck (no SwiftUI on Linux; the sync test still compares it).
@MainActor
func readmeSample3(url: URL) -> some View {
    // README sample 3 begin
    // Kingfisher-style modifiers; a trailing closure after `placeholder` gets the fraction loaded.
    let avatar = OspreyImage(url: url)
        .placeholder { progress in ProgressView(value: progress ?? 0) }
        .resizable()
        .fade(duration: 0.25)
        .decodeToViewSize()                               // decode straight to the view's pixel size
        .onFailure { error in print(error.code) }

    // Phases, as with AsyncImage: progress and the latest progressive partial image first.
    let phased = OspreyImage(url: url) { phase in
        switch phase {
        case .empty(_, let partial?): partial.resizable()
        case .empty: ProgressView()
        case .success(let image): image.resizable()
        case .failure: Color.gray
        }
    }
    .options([.progressiveLoad])
    // README sample 3 end
    return Group {
        avatar
        phased
    }
}
#endif

func readmeSample4(url: URL) {
    // README sample 4 begin
    ImageCache.shared.config.maxDiskSize = 200 << 20          // bytes
    ImageCache.shared.config.maxDiskAge = 3 * 24 * 3600       // seconds
    ImageCache.shared.config.maxMemoryCost = 64 << 20         // decoded bytes
    ImageCache.shared.config.clearsMemoryOnEnterBackground = true
    ImageManager.default = ImageManager(cache: ImageCache(namespace: "avatars"), loader: ImageDownloader.shared)

    // A script or server whose main thread blocks never serves the main queue. The default
    // callback queue (.main) notices: after 2 s without the main queue, completions run on a
    // serial Osprey queue, so this returns instead of hanging.
    let done = DispatchSemaphore(value: 0)
    ImageManager.default.loadImage(with: url) { result in
        print(result)
        done.signal()
    }
    done.wait()

    // Better for a server: a queue of your own (no 2 s wait), or the async API.
    var context = ImageContext()
    context.callbackQueue = .queue(DispatchQueue(label: "images"))
    ImageManager.default.loadImage(with: url, context: context) { result in print(result) }
    // README sample 4 end
}
