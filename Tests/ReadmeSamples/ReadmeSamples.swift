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
