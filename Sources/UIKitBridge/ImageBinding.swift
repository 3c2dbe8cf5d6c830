import Foundation
import Osprey

/// Binds any main-actor object to an image URL under an operation key: the machinery behind
/// ``ImageDisplaying/setImage(with:placeholder:options:context:progress:completed:)`` and the
/// `UIButton` per-state binding, public so that any object with more than one image slot (a
/// button's states, a cell's thumbnail and badge) can bind each slot separately.
///
/// The state is kept per object and operation key, on the main actor, with the object held
/// weakly: nothing has to keep a wrapper alive for the image to arrive (SDWebImage's
/// `sd_internalSetImageWithURL:…operationKey:setImageBlock:`).
@MainActor
public enum ImageBinding {
    /// Binds `owner`'s slot `operationKey` to `url`: cancels the load that slot started before,
    /// shows `placeholder` through `setter` (unless `.delayPlaceholder`), loads through
    /// `manager`, hands the image to `setter` (unless `.avoidAutoSetImage`), then calls
    /// `completed` once on the main actor.
    ///
    /// If the slot is re-pointed (or cancelled) before this load ends, `setter` never sees
    /// this load's image and `completed` gets `.cancelled`. The context's callback queue is
    /// ignored (results arrive on the main queue); its `operationKey` is ignored in favour of
    /// `operationKey`. `completed` has no default, so a trailing closure is the completion.
    public static func setImage<Owner: AnyObject>(
        with url: URL?, on owner: Owner, operationKey: String,
        placeholder: PlatformImage? = nil, options: ImageOptions = [], context: ImageContext = .init(),
        manager: ImageManager = .default,
        setter: @escaping @MainActor (Owner, PlatformImage?) -> Void,
        progress: (@Sendable (ImageProgress) -> Void)? = nil,
        completed: (@MainActor (Result<ImageResult, ImageError>) -> Void)?
    ) {
        bind(url, on: owner, operationKey: operationKey, placeholder: placeholder, options: options,
             context: context, manager: manager, setter: setter,
             transitionSetter: { owner, image, transition in
                 ImageTransitions.perform(transition, on: owner, image: image) { [weak owner] in
                     if let owner { setter(owner, image) }
                 }
             },
             progress: progress, completed: completed)
    }

    /// The binding itself. `transitionSetter` puts up a final image whose transition runs
    /// (``ImageTransition/shouldRun(for:options:isFinal:)``); everything else goes through
    /// `setter`. The owner's ``ImageIndicator`` (if any) shows from the start until this load
    /// ends, whatever the outcome; a failure shows the context's ``ImageContext/failureImage``.
    static func bind<Owner: AnyObject>(
        _ url: URL?, on owner: Owner, operationKey: String,
        placeholder: PlatformImage?, options: ImageOptions, context: ImageContext, manager: ImageManager,
        setter: @escaping @MainActor (Owner, PlatformImage?) -> Void,
        transitionSetter: @escaping @MainActor (Owner, PlatformImage?, ImageTransition) -> Void,
        progress: (@Sendable (ImageProgress) -> Void)?,
        completed: (@MainActor (Result<ImageResult, ImageError>) -> Void)?
    ) {
        let registry = ViewLoadRegistry.shared
        let generation = registry.rebind(owner, operationKey: operationKey, url: url)
        if !options.contains(.delayPlaceholder) { setter(owner, placeholder) }
        ImageIndicators.loadStarted(on: owner, key: operationKey, generation: generation)

        var loadContext = context
        loadContext.callbackQueue = .main
        loadContext.operationKey = operationKey
        let box = WeakOwnerBox(owner)
        // `.refreshCached` may call back twice: a second call for a slot re-pointed since is
        // dropped, not reported as a cancel after the first call's success.
        let calledBack = Locked(false)
        let reporting = indicatorFeeding(progress, owner: box, operationKey: operationKey, generation: generation)
        let operation = manager.loadImage(with: url, options: options, context: loadContext,
                                          progress: partialImageShowing(reporting, owner: box, operationKey: operationKey,
                                                                        generation: generation, options: options,
                                                                        setter: setter)) { result in
            // `.main` runs this on the main queue, which is where the main actor runs (or, in
            // a process that does not serve it, on a fallback queue: then it is queued there).
            CallbackQueue.onMainActor {
                let isSecondCall = calledBack.withLock { called in
                    defer { called = true }
                    return called
                }
                guard let owner = box.owner as? Owner,
                      registry.isCurrent(owner, operationKey: operationKey, generation: generation) else {
                    if !isSecondCall { completed?(.failure(ImageError(.cancelled, url: url))) }
                    return
                }
                registry.finished(owner, operationKey: operationKey, generation: generation)
                ImageIndicators.loadEnded(on: owner, key: operationKey, generation: generation)
                switch result {
                case .success(let image):
                    guard !options.contains(.avoidAutoSetImage) else { break }
                    if context.transition.shouldRun(for: image.cacheType, options: options) {
                        transitionSetter(owner, image.image, context.transition)
                    } else {
                        setter(owner, image.image)
                    }
                case .failure(let error) where error.code != .cancelled:
                    if let failureImage = context.failureImage {
                        setter(owner, failureImage)
                    } else if options.contains(.delayPlaceholder) {
                        setter(owner, placeholder)
                    }
                case .failure:
                    break
                }
                completed?(result)
            }
        }
        if !operation.isFinished {
            registry.setOperation(operation, for: owner, operationKey: operationKey, generation: generation)
        }
    }

    /// `progress` wrapped so that the owner's indicator hears of each report first (while
    /// this load is the one it shows for). Nil when neither is needed.
    static func indicatorFeeding(_ progress: (@Sendable (ImageProgress) -> Void)?, owner box: WeakOwnerBox,
                                 operationKey: String, generation: Int) -> (@Sendable (ImageProgress) -> Void)? {
        guard let owner = box.owner, ImageIndicators.indicator(of: owner) != nil else { return progress }
        return { report in
            // The load's callback queue is `.main`: progress runs on the main queue.
            CallbackQueue.onMainActor {
                if let owner = box.owner {
                    ImageIndicators.progressed(on: owner, key: operationKey, generation: generation,
                                               fraction: report.fractionCompleted)
                }
            }
            progress?(report)
        }
    }

    /// With ``ImageOptions/progressiveLoad`` (and without `.avoidAutoSetImage`): `progress`
    /// wrapped so that each partial image is handed to `setter` first — only while this load is
    /// still the slot's current one and its result has not arrived, so a re-pointed slot never
    /// shows a partial image of the URL it left, and no partial image replaces a final one.
    static func partialImageShowing<Owner: AnyObject>(
        _ progress: (@Sendable (ImageProgress) -> Void)?, owner box: WeakOwnerBox, operationKey: String,
        generation: Int, options: ImageOptions, setter: @escaping @MainActor (Owner, PlatformImage?) -> Void
    ) -> (@Sendable (ImageProgress) -> Void)? {
        guard options.contains(.progressiveLoad), !options.contains(.avoidAutoSetImage) else { return progress }
        let registry = ViewLoadRegistry.shared
        return { report in
            if let partial = report.partialImage {
                // The load's callback queue is `.main`: progress runs on the main queue.
                CallbackQueue.onMainActor {
                    guard let owner = box.owner as? Owner,
                          registry.acceptsPartialImage(owner, operationKey: operationKey, generation: generation)
                    else { return }
                    setter(owner, partial)
                }
            }
            progress?(report)
        }
    }

    /// Cancels `owner`'s load under `operationKey` (nil: the key its latest load used); that
    /// load's image is never shown and its completion gets `.cancelled`.
    public static func cancelImageLoad(on owner: AnyObject, operationKey: String?) {
        if let key = ViewLoadRegistry.shared.cancel(owner, operationKey: operationKey) {
            ImageIndicators.loadEnded(on: owner, key: key, generation: nil)
        }
    }

    /// The URL `owner`'s slot `operationKey` was last bound to (nil: the slot its latest load
    /// used); nil when it was never bound.
    public static func imageURL(of owner: AnyObject, operationKey: String?) -> URL? {
        ViewLoadRegistry.shared.url(of: owner, operationKey: operationKey)
    }
}

/// Holds the owner weakly across the load's `@Sendable` completion. A main-actor class, so it
/// may cross threads; it is only read back on the main actor.
@MainActor
final class WeakOwnerBox {
    weak var owner: AnyObject?
    init(_ owner: AnyObject) { self.owner = owner }
}
