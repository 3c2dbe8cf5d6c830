import Dispatch

/// Composes frames of a lazy animation for one ``FramePlayer`` on a background queue, so the
/// player (on the main actor) never waits for a composition: it asks ``pixels(ofFrame:)``,
/// which only looks, and ``prepare(_:)`` what it lacks.
///
/// One composition at a time per player: a frame asked for while another is being composed
/// waits its turn, and only the latest such request is kept (an older one would be shown
/// late). The two frames prepared last are kept, ready: the one due and the one after it.
final class FramePreparer: Sendable {
    private let source: any AnimationFrameSource
    /// Told, on the main actor, the index of every frame prepared.
    private let ready: @Sendable (Int) -> Void

    /// Invariants: `composing` is the frame being composed (nil when idle); `queued` is asked
    /// for and waits for `composing` to finish (nil when none; never equal to `composing`);
    /// `prepared` holds at most two frames, newest last. Only touched inside `state.withLock`.
    private struct State {
        var composing: Int?
        var queued: Int?
        var prepared: [(index: Int, pixels: PixelBuffer)] = []
    }
    private let state = Locked(State())

    init(source: any AnimationFrameSource, ready: @escaping @Sendable (Int) -> Void) {
        self.source = source
        self.ready = ready
    }

    /// Frame `index` if prepared or held by the source; never composes, never waits.
    func pixels(ofFrame index: Int) -> PixelBuffer? {
        if let hit = state.withLock({ $0.prepared.last { $0.index == index }?.pixels }) { return hit }
        return source.cachedPixels(ofFrame: index)
    }

    /// Starts composing frame `index` in the background unless it is ready or under way.
    func prepare(_ index: Int) {
        guard source.cachedPixels(ofFrame: index) == nil else { return }
        let start = state.withLock { state -> Bool in
            if state.composing == index || state.prepared.contains(where: { $0.index == index }) { return false }
            if state.composing != nil {
                state.queued = index
                return false
            }
            state.composing = index
            return true
        }
        if start { compose(index) }
    }

    private func compose(_ index: Int) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            var next: Int? = index
            while let current = next {
                let pixels = source.pixels(ofFrame: current)
                next = state.withLock { state in
                    state.prepared.append((current, pixels))
                    if state.prepared.count > 2 { state.prepared.removeFirst(state.prepared.count - 2) }
                    let queued = state.queued
                    state.queued = nil
                    state.composing = queued
                    return queued
                }
                let ready = self.ready
                DispatchQueue.main.async { ready(current) }
            }
        }
    }
}
