import Foundation
import Osprey

// Two shapes of every entry point: with `progress:` (the documented one) and without it. Swift matches an
// unlabeled trailing closure forward, to the first closure parameter, so with only the long
// shape `view.setImage(with: url) { result in … }` would hand the closure to `progress`.
// The short shape wins overload ranking for that call, so the trailing closure is always the
// completion (Kingfisher's `setImage(with:…completionHandler:)` pair works the same way).
extension ImageDisplaying {
    /// The operation key used when the context names none: one load per view.
    nonisolated static var defaultOperationKey: String { "\(Self.self)" }

    /// Binds the view to `url`: cancels the load this view started before (under the same
    /// ``ImageContext/operationKey``), shows `placeholder` (unless `.delayPlaceholder`),
    /// loads through ``ImageManager/default`` (the context's `cache` and `loader` override
    /// its parts), sets the image (unless `.avoidAutoSetImage`), then calls `completed`.
    ///
    /// `completed` runs once on the main actor. If the view is re-pointed at another URL
    /// before this load ends, this load's image is never shown and `completed` gets
    /// `.cancelled`.
    public func setImage(with url: URL?, placeholder: PlatformImage? = nil, options: ImageOptions = [],
                         context: ImageContext = .init(),
                         progress: (@Sendable (ImageProgress) -> Void)? = nil,
                         completed: (@MainActor (Result<ImageResult, ImageError>) -> Void)? = nil) {
        setImage(with: url, placeholder: placeholder, options: options, context: context,
                 manager: .default, progress: progress, completed: completed)
    }

    /// ``setImage(with:placeholder:options:context:progress:completed:)`` without progress: a
    /// trailing closure is the completion.
    public func setImage(with url: URL?, placeholder: PlatformImage? = nil, options: ImageOptions = [],
                         context: ImageContext = .init(),
                         completed: (@MainActor (Result<ImageResult, ImageError>) -> Void)? = nil) {
        setImage(with: url, placeholder: placeholder, options: options, context: context,
                 manager: .default, progress: nil, completed: completed)
    }

    /// ``setImage(with:placeholder:options:context:progress:completed:)`` through `manager`.
    public func setImage(with url: URL?, placeholder: PlatformImage? = nil, options: ImageOptions = [],
                         context: ImageContext = .init(), manager: ImageManager,
                         progress: (@Sendable (ImageProgress) -> Void)? = nil,
                         completed: (@MainActor (Result<ImageResult, ImageError>) -> Void)? = nil) {
        ImageBinding.bind(
            url, on: self, operationKey: context.operationKey ?? Self.defaultOperationKey,
            placeholder: placeholder, options: options, context: context, manager: manager,
            setter: { view, image in view.displayedImage = image },
            transitionSetter: { view, image, transition in view.setDisplayedImage(image, transition: transition) },
            progress: progress, completed: completed)
    }

    /// ``setImage(with:placeholder:options:context:manager:progress:completed:)`` without
    /// progress: a trailing closure is the completion.
    public func setImage(with url: URL?, placeholder: PlatformImage? = nil, options: ImageOptions = [],
                         context: ImageContext = .init(), manager: ImageManager,
                         completed: (@MainActor (Result<ImageResult, ImageError>) -> Void)? = nil) {
        setImage(with: url, placeholder: placeholder, options: options, context: context,
                 manager: manager, progress: nil, completed: completed)
    }

    /// Cancels the view's latest load, whichever operation key it used (SDWebImage's
    /// `sd_cancelCurrentImageLoad`); its image is never shown, its indicator goes away, and
    /// an animation the view plays frame by frame stops.
    public func cancelCurrentImageLoad() {
        ImageBinding.cancelImageLoad(on: self, operationKey: nil)
        AttachedAnimationAutoplay.stop(on: self)
    }

    /// Cancels the view's load under `operationKey` (``ImageContext/operationKey``), and stops
    /// an animation the view plays frame by frame.
    public func cancelImageLoad(operationKey: String) {
        ImageBinding.cancelImageLoad(on: self, operationKey: operationKey)
        AttachedAnimationAutoplay.stop(on: self)
    }

    /// The URL of the view's latest load (in progress or last started), whichever operation
    /// key it used.
    public var imageURL: URL? {
        ImageBinding.imageURL(of: self, operationKey: nil)
    }

    /// The URL the view was last bound to under `operationKey`.
    public func imageURL(operationKey: String) -> URL? {
        ImageBinding.imageURL(of: self, operationKey: operationKey)
    }
}
