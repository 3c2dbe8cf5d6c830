// README.md's Swift samples, compiled by `swift build --build-tests`, so that a signature
// change that breaks a sample breaks the build. The lines between each pair of
// `README sample` markers are the README's code block of that number (imports left out,
// indentation removed); ReadmeSyncTests fails when they drift apart. The functions only
// have to compile: no test calls them.
import Foundation
import Osprey
import OspreyUIKitBridge

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
