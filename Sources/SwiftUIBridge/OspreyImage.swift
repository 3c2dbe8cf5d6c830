// The SwiftUI view, in the spirit of AsyncImage and Kingfisher's KFImage. Everything it
// decides (which load, stale results, progress, partial images, transitions, disappearing)
// is ImageLoadingModel's, tested on Linux; this file only lays out SwiftUI views.
// Type-checked against the stand-ins in Tests/AppleStubs by .ci/apple-typecheck.
#if canImport(SwiftUI) && canImport(Combine)
import Combine
import SwiftUI
import Osprey

/// What an ``OspreyImage`` built with a phase closure is showing.
public enum OspreyImagePhase {
    /// No image yet: the fraction loaded (nil when unknown) and the latest progressive partial
    /// image (with ``ImageOptions/progressiveLoad``).
    case empty(progress: Double?, partialImage: Image?)
    /// The image (the current frame of an animation).
    case success(Image)
    /// The load failed.
    case failure(ImageError)

    /// The image of a success, else nil.
    public var image: Image? {
        if case .success(let image) = self { return image }
        return nil
    }
}

/// Shows the image at a URL, loaded through Osprey (memory, disk, network), after SwiftUI's
/// `AsyncImage` and Kingfisher's `KFImage`:
///
/// ```
/// OspreyImage(url: url)
///     .placeholder { ProgressView() }
///     .resizable()
///     .fade(duration: 0.25)
/// ```
///
/// Animated images play frame by frame (``FramePlayer``); with ``ImageOptions/progressiveLoad``
/// partial images show as the bytes arrive. Pointed at another URL, the view never shows an
/// image of the one it left. When it disappears its load is cancelled (or lowered, or kept:
/// ``onDisappear(_:)``) and its animation pauses.
@MainActor
public struct OspreyImage: View {
    @StateObject private var loader: ObservableImageLoader
    @Environment(\.displayScale) private var displayScale
    private let url: URL?
    private let content: (@MainActor (OspreyImagePhase) -> AnyView)?
    private var options: ImageOptions = []
    private var context = ImageContext()
    private var isResizable = false
    private var decodesToViewSize = false
    private var disappearBehavior = DisappearBehavior.cancel
    private var placeholder: (@MainActor (Double?) -> AnyView)?
    private var progressHandler: (@MainActor (ImageProgress) -> Void)?
    private var successHandler: (@MainActor (ImageResult) -> Void)?
    private var failureHandler: (@MainActor (ImageError) -> Void)?

    /// Shows the image at `url` (the placeholder until it is there). `loader` overrides how
    /// it is loaded (default: through ``ImageManager/default``).
    public init(url: URL?, loader: (any ImageModelLoading)? = nil) {
        self.url = url
        content = nil
        _loader = StateObject(wrappedValue: ObservableImageLoader(model: ImageLoadingModel(loader: loader)))
    }

    /// Shows whatever `content` makes of each phase (after `AsyncImage(url:content:)`).
    public init<Content: View>(url: URL?, loader: (any ImageModelLoading)? = nil,
                               @ViewBuilder content: @escaping @MainActor (OspreyImagePhase) -> Content) {
        self.url = url
        self.content = { phase in AnyView(content(phase)) }
        _loader = StateObject(wrappedValue: ObservableImageLoader(model: ImageLoadingModel(loader: loader)))
    }

    public var body: some View {
        Group {
            if decodesToViewSize {
                GeometryReader { proxy in
                    shown.onAppear { start(size: proxy.size) }
                        .onChange(of: proxy.size) { size in start(size: size) }
                        .onChange(of: url) { _ in start(size: proxy.size) }
                }
            } else {
                shown.onAppear { start(size: nil) }
                    .onChange(of: url) { _ in start(size: nil) }
            }
        }
        .onDisappear { loader.model.viewDidDisappear() }
        .animation(loader.model.transitionsIn ? .easeIn(duration: context.transition.duration) : nil,
                   value: phaseKind)
    }

    // MARK: Modifiers

    /// Shows `placeholder` (given the fraction loaded, nil when unknown) until the image is
    /// there, and after a failure when the context has no ``ImageContext/failureImage``.
    public func placeholder<Placeholder: View>(
        @ViewBuilder _ placeholder: @escaping @MainActor (Double?) -> Placeholder
    ) -> OspreyImage {
        var copy = self
        copy.placeholder = { progress in AnyView(placeholder(progress)) }
        return copy
    }

    /// Lets the image stretch to the view's frame (`Image.resizable()`).
    public func resizable(_ resizable: Bool = true) -> OspreyImage {
        var copy = self
        copy.isResizable = resizable
        return copy
    }

    /// Fades the image in over `duration` seconds when it came from the network or disk (also
    /// from memory with ``ImageOptions/forceTransition``).
    public func fade(duration: Double) -> OspreyImage {
        var copy = self
        copy.context.transition = .fade(duration: duration)
        return copy
    }

    /// The load's options (``ImageOptions``).
    public func options(_ options: ImageOptions) -> OspreyImage {
        var copy = self
        copy.options = options
        return copy
    }

    /// The load's context (transformer, thumbnail size, failure image…).
    public func context(_ context: ImageContext) -> OspreyImage {
        var copy = self
        copy.context = context
        return copy
    }

    /// Decodes the image straight to the view's size in pixels (its size in points times the
    /// screen scale) instead of full size.
    public func decodeToViewSize(_ enabled: Bool = true) -> OspreyImage {
        var copy = self
        copy.decodesToViewSize = enabled
        return copy
    }

    /// What the view does with a load still running when it disappears (default: cancel).
    public func onDisappear(_ behavior: DisappearBehavior) -> OspreyImage {
        var copy = self
        copy.disappearBehavior = behavior
        return copy
    }

    /// Called with each progress report.
    public func onProgress(_ action: @escaping @MainActor (ImageProgress) -> Void) -> OspreyImage {
        var copy = self
        copy.progressHandler = action
        return copy
    }

    /// Called once the image is loaded.
    public func onSuccess(_ action: @escaping @MainActor (ImageResult) -> Void) -> OspreyImage {
        var copy = self
        copy.successHandler = action
        return copy
    }

    /// Called when the load fails.
    public func onFailure(_ action: @escaping @MainActor (ImageError) -> Void) -> OspreyImage {
        var copy = self
        copy.failureHandler = action
        return copy
    }

    // MARK: Drawing

    /// 0 empty, 1 success, 2 failure: what the transition animates between.
    private var phaseKind: Int {
        switch loader.model.phase {
        case .empty: 0
        case .success: 1
        case .failure: 2
        }
    }

    private var shown: AnyView {
        let phase = loader.model.phase
        if let content { return content(Self.phase(phase, resizable: isResizable)) }
        switch phase {
        case .success(let image):
            return AnyView(Self.image(image, resizable: isResizable))
        case .empty(let progress, let partial):
            if let partial { return AnyView(Self.image(partial, resizable: isResizable)) }
            return placeholderView(progress)
        case .failure:
            if let failureImage = context.failureImage {
                return AnyView(Self.image(failureImage, resizable: isResizable))
            }
            return placeholderView(nil)
        }
    }

    private func placeholderView(_ progress: Double?) -> AnyView {
        placeholder?(progress) ?? AnyView(Color.clear)
    }

    private static func phase(_ phase: ImageLoadPhase, resizable: Bool) -> OspreyImagePhase {
        switch phase {
        case .empty(let progress, let partial):
            .empty(progress: progress, partialImage: partial.map { image($0, resizable: resizable) })
        case .success(let platformImage): .success(image(platformImage, resizable: resizable))
        case .failure(let error): .failure(error)
        }
    }

    private static func image(_ platformImage: PlatformImage, resizable: Bool) -> Image {
        #if canImport(UIKit)
        let image = Image(uiImage: platformImage)
        #else
        let image = Image(nsImage: platformImage)
        #endif
        return resizable ? image.resizable() : image
    }

    /// Configures the model from the modifiers and points it at ``url`` (the model ignores a
    /// URL it already loads or shows, so redraws and re-appearing cost nothing).
    private func start(size: CGSize?) {
        let model = loader.model
        model.options = options
        var context = self.context
        if decodesToViewSize {
            guard let size, let pixels = ViewPixelSize.pixelSize(
                width: Double(size.width), height: Double(size.height), scale: Double(displayScale)) else { return }
            context.thumbnailPixelSize = pixels
        }
        model.context = context
        model.disappearBehavior = disappearBehavior
        model.onProgress = progressHandler
        model.onSuccess = successHandler
        model.onFailure = failureHandler
        model.viewDidAppear()
        model.load(url)
    }
}
#endif
