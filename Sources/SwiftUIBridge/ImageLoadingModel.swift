import Dispatch
import Foundation
import Osprey

/// The loading state machine behind the SwiftUI view, platform-independent and tested on
/// Linux: idle → loading (progress, latest partial image) → success or failure; a new URL
/// restarts it, ``cancel()`` returns it to idle. Every callback carries the generation of the
/// load it belongs to, so a result, progress report or partial image of a URL the model no
/// longer points to is dropped, never shown.
///
/// Animated results play through ``FramePlayer`` on the injected clock and scheduler:
/// ``displayedImage`` is the current frame. ``onChange`` runs after every visible change
/// (the observable wrapper republishes then).
@MainActor
public final class ImageLoadingModel {
    /// Arms a one-shot callback after `delay` seconds (the animation timer).
    public typealias Scheduler = @MainActor (_ delay: Double, _ work: @escaping @MainActor () -> Void) -> Void

    /// Where the model is.
    public private(set) var state = ImageLoadingState.idle { didSet { onChange?() } }
    /// The URL of the current (or last) load.
    public private(set) var url: URL?
    /// The current frame of an animated result (nil otherwise).
    public private(set) var animationFrame: PlatformImage? { didSet { onChange?() } }
    /// Whether the result's image should come in with a transition (``ImageTransition``'s rule
    /// applied to where it came from): false for partial images and memory hits.
    public private(set) var transitionsIn = false
    /// The player of an animated result.
    public private(set) var player: FramePlayer?

    /// Options of the loads started from now on.
    public var options: ImageOptions = []
    /// Context of the loads started from now on (transformer, thumbnail size, transition…).
    public var context = ImageContext()
    /// What ``viewDidDisappear()`` does with a running load. Default ``DisappearBehavior/cancel``.
    public var disappearBehavior = DisappearBehavior.cancel
    /// Called after every change of ``state`` or ``animationFrame``.
    public var onChange: (@MainActor () -> Void)?
    /// Called with each progress report of the current load.
    public var onProgress: (@MainActor (ImageProgress) -> Void)?
    /// Called once when the current load succeeds.
    public var onSuccess: (@MainActor (ImageResult) -> Void)?
    /// Called once when the current load fails (not when the model cancels it).
    public var onFailure: (@MainActor (ImageError) -> Void)?

    private let loader: any ImageModelLoading
    private let clock: any AnimationClock
    private let scheduler: Scheduler
    /// Bumped by every start and cancel: callbacks of another generation are stale.
    private var generation = 0
    /// Bumped whenever the animation timer must not fire into the current player.
    private var animationGeneration = 0
    private var load: (any ImageModelLoad)?
    private var loadOptions: ImageOptions = []
    private var isLowered = false
    private var isVisible = true

    /// A model loading through `loader` (``ManagerModelLoader`` over the shared manager by
    /// default), animating on `clock` with timers armed by `scheduler` (the main queue's).
    public init(loader: (any ImageModelLoading)? = nil, clock: any AnimationClock = SystemAnimationClock(),
                scheduler: Scheduler? = nil) {
        self.loader = loader ?? ManagerModelLoader()
        self.clock = clock
        self.scheduler = scheduler ?? { delay, work in
            DispatchQueue.main.asyncAfter(deadline: .now() + max(0, delay)) { MainActor.assumeIsolated { work() } }
        }
    }

    /// What a view shows now.
    public var phase: ImageLoadPhase {
        switch state {
        case .idle: .empty(progress: nil, partialImage: nil)
        case .loading(let progress, let partial): .empty(progress: progress?.fractionCompleted, partialImage: partial)
        case .success(let result): .success(animationFrame ?? result.image)
        case .failure(let error): .failure(error)
        }
    }

    /// The image to show now: the partial image while loading, the result (its current frame)
    /// after, the context's ``ImageContext/failureImage`` after a failure.
    public var displayedImage: PlatformImage? {
        switch state {
        case .idle: nil
        case .loading(_, let partial): partial
        case .success(let result): animationFrame ?? result.image
        case .failure: context.failureImage
        }
    }

    /// Points the model at `url`. The same URL while it loads or after it succeeded changes
    /// nothing (a view re-rendering, or coming back on screen: a lowered load gets its
    /// priority back); any other URL, or the same after a failure or cancel, starts over.
    public func load(_ url: URL?) {
        if url == self.url, state.isLoading || isSuccess {
            restorePriority()
            return
        }
        start(url)
    }

    /// Starts a load of `url` whatever the state (a retry).
    public func reload() { start(url) }

    /// Cancels the running load (its result is never shown) and returns to idle.
    public func cancel() {
        stopAnimation()
        generation += 1
        load?.cancel()
        load = nil
        isLowered = false
        if case .idle = state { return }
        state = .idle
    }

    /// The view left the screen: the animation pauses, and the running load is cancelled,
    /// lowered or kept as ``disappearBehavior`` says.
    public func viewDidDisappear() {
        isVisible = false
        if player?.state == .playing {
            player?.pause()
            animationGeneration += 1
        }
        guard state.isLoading else { return }
        switch disappearBehavior {
        case .cancel: cancel()
        case .lowerPriority:
            isLowered = true
            load?.setPriority(.low)
        case .keep: break
        }
    }

    /// The view is back on screen: the animation resumes and a lowered load gets its
    /// priority back. (A cancelled load restarts when the view calls ``load(_:)`` again.)
    public func viewDidAppear() {
        isVisible = true
        restorePriority()
        guard let player else { return }
        switch player.state {
        case .paused: apply(player.resume())
        case .idle: apply(player.start())
        default: break
        }
    }

    private var isSuccess: Bool {
        if case .success = state { return true }
        return false
    }

    private func restorePriority() {
        guard isLowered else { return }
        isLowered = false
        load?.setPriority(LoadPriority(loadOptions))
    }

    private func start(_ url: URL?) {
        cancel()
        self.url = url
        transitionsIn = false
        let current = generation
        let options = self.options
        loadOptions = options
        state = .loading(progress: nil, partialImage: nil)
        let handle = loader.loadImage(
            with: url, options: options, context: context,
            progress: { [weak self] report in self?.progressed(report, generation: current) },
            completed: { [weak self] result in self?.finished(result, generation: current) })
        // A synchronous answer (a memory hit) has already finished this generation.
        if generation == current, state.isLoading { load = handle }
    }

    private func progressed(_ report: ImageProgress, generation: Int) {
        guard generation == self.generation, case .loading(_, let partial) = state else { return }
        state = .loading(progress: report, partialImage: report.partialImage ?? partial)
        onProgress?(report)
    }

    private func finished(_ result: Result<ImageResult, ImageError>, generation: Int) {
        guard generation == self.generation, state.isLoading else { return }
        load = nil
        isLowered = false
        switch result {
        case .success(let loaded):
            transitionsIn = context.transition.shouldRun(for: loaded.cacheType, options: loadOptions)
            state = .success(loaded)
            startAnimation(of: loaded.image)
            onSuccess?(loaded)
        case .failure(let error):
            state = .failure(error)
            onFailure?(error)
        }
    }

    // MARK: Animation

    private func startAnimation(of image: PlatformImage) {
        guard PlatformImageBridge.isAnimated(image),
              let animation = PlatformImageBridge.animationToPlay(in: image) ?? PlatformImageBridge.decodedImage(from: image),
              animation.isAnimated else { return }
        let player = FramePlayer(image: animation, clock: clock, owner: self)
        // A lazy animation's frames are composed off the main actor: the player asks for a
        // new tick once the awaited frame is ready.
        player.onFrameReady = { [weak self, weak player] in
            guard let self, let player, self.player === player else { return }
            self.apply(player.update())
        }
        self.player = player
        if isVisible {
            apply(player.start())
        }
    }

    private func stopAnimation() {
        player?.stop()
        player = nil
        animationGeneration += 1
        if animationFrame != nil { animationFrame = nil }
    }

    private func apply(_ tick: FramePlayer.Tick) {
        guard let player else { return }
        if tick.changed {
            animationFrame = PlatformImageBridge.platformImage(
                from: DecodedImage(pixels: player.framePixels, format: player.image.format, scale: player.image.scale)
                    .withColorProfile(player.image.colorProfile))
        }
        animationGeneration += 1
        guard let next = tick.nextUpdate else { return }
        let armed = animationGeneration
        scheduler(next - clock.now) { [weak self] in
            guard let self, self.animationGeneration == armed, let player = self.player else { return }
            self.apply(player.update())
        }
    }
}
