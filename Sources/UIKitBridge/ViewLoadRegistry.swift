import Foundation
import Osprey

/// Per-view binding state: which URL each view (per operation key) is bound to and the load
/// serving it. Lives on the main actor, so it needs no lock; views are held weakly and
/// entries of views that are gone are swept out as new bindings arrive.
@MainActor
final class ViewLoadRegistry {
    static let shared = ViewLoadRegistry()

    struct Binding {
        weak var view: AnyObject?
        /// Bumped by every new load; a result whose generation is not the current one is
        /// stale (the view was re-pointed) and must never be shown.
        var generation = 0
        var url: URL?
        var operation: ImageLoadOperation?
    }

    private struct Key: Hashable {
        let view: ObjectIdentifier
        let operationKey: String
    }

    private var bindings: [Key: Binding] = [:]
    private var insertionsSinceSweep = 0

    /// Starts a new binding for `view` under `operationKey`: cancels the previous load,
    /// records `url`, and returns the new generation.
    func rebind(_ view: AnyObject, operationKey: String, url: URL?) -> Int {
        sweepIfNeeded()
        let key = Key(view: ObjectIdentifier(view), operationKey: operationKey)
        var binding = bindings[key] ?? Binding(view: view)
        if binding.view !== view { binding = Binding(view: view) }   // a new object at a reused address
        binding.operation?.cancel()
        binding.operation = nil
        binding.generation += 1
        binding.url = url
        bindings[key] = binding
        return binding.generation
    }

    func setOperation(_ operation: ImageLoadOperation, for view: AnyObject, operationKey: String, generation: Int) {
        let key = Key(view: ObjectIdentifier(view), operationKey: operationKey)
        guard bindings[key]?.generation == generation else { return operation.cancel() }
        bindings[key]?.operation = operation
    }

    /// Whether `generation` is still the view's current load under `operationKey`.
    func isCurrent(_ view: AnyObject, operationKey: String, generation: Int) -> Bool {
        let key = Key(view: ObjectIdentifier(view), operationKey: operationKey)
        return bindings[key]?.generation == generation && bindings[key]?.view === view
    }

    func finished(_ view: AnyObject, operationKey: String, generation: Int) {
        let key = Key(view: ObjectIdentifier(view), operationKey: operationKey)
        if bindings[key]?.generation == generation { bindings[key]?.operation = nil }
    }

    func cancel(_ view: AnyObject, operationKey: String) {
        let key = Key(view: ObjectIdentifier(view), operationKey: operationKey)
        bindings[key]?.operation?.cancel()
        bindings[key]?.operation = nil
        bindings[key]?.generation += 1
    }

    func url(of view: AnyObject, operationKey: String) -> URL? {
        bindings[Key(view: ObjectIdentifier(view), operationKey: operationKey)]?.url
    }

    private func sweepIfNeeded() {
        insertionsSinceSweep += 1
        guard insertionsSinceSweep >= 256 else { return }
        insertionsSinceSweep = 0
        bindings = bindings.filter { $0.value.view != nil }
    }
}
