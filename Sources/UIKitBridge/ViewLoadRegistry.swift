import Foundation
import Osprey

/// Per-object binding state: which URL each object (per operation key) is bound to, the load
/// serving it, and the key its latest load used. Lives on the main actor, so it needs no
/// lock; owners are held weakly and entries of owners that are gone are swept out as new
/// bindings arrive.
@MainActor
final class ViewLoadRegistry {
    static let shared = ViewLoadRegistry()

    struct Binding {
        weak var owner: AnyObject?
        /// Bumped by every new load; a result whose generation is not the current one is
        /// stale (the owner was re-pointed) and must never be shown.
        var generation = 0
        var url: URL?
        var operation: ImageLoadOperation?
        /// The current generation's result arrived: no partial image may replace it.
        var isFinished = false
    }

    private struct Key: Hashable {
        let owner: ObjectIdentifier
        let operationKey: String
    }

    /// The operation key of each owner's latest load, as SDWebImage's `sd_latestOperationKey`:
    /// what `cancelCurrentImageLoad()` and `imageURL` mean when no key is named.
    private struct Latest {
        weak var owner: AnyObject?
        var operationKey: String
    }

    private var bindings: [Key: Binding] = [:]
    private var latest: [ObjectIdentifier: Latest] = [:]
    private var insertionsSinceSweep = 0

    /// Starts a new binding for `owner` under `operationKey`: cancels the previous load,
    /// records `url`, and returns the new generation.
    func rebind(_ owner: AnyObject, operationKey: String, url: URL?) -> Int {
        sweepIfNeeded()
        let key = Key(owner: ObjectIdentifier(owner), operationKey: operationKey)
        var binding = bindings[key] ?? Binding(owner: owner)
        if binding.owner !== owner { binding = Binding(owner: owner) }   // a new object at a reused address
        binding.operation?.cancel()
        binding.operation = nil
        binding.generation += 1
        binding.isFinished = false
        binding.url = url
        bindings[key] = binding
        latest[ObjectIdentifier(owner)] = Latest(owner: owner, operationKey: operationKey)
        return binding.generation
    }

    func setOperation(_ operation: ImageLoadOperation, for owner: AnyObject, operationKey: String, generation: Int) {
        let key = Key(owner: ObjectIdentifier(owner), operationKey: operationKey)
        guard bindings[key]?.generation == generation else { return operation.cancel() }
        bindings[key]?.operation = operation
    }

    /// Whether `generation` is still the owner's current load under `operationKey`.
    func isCurrent(_ owner: AnyObject, operationKey: String, generation: Int) -> Bool {
        let key = Key(owner: ObjectIdentifier(owner), operationKey: operationKey)
        return bindings[key]?.generation == generation && bindings[key]?.owner === owner
    }

    func finished(_ owner: AnyObject, operationKey: String, generation: Int) {
        let key = Key(owner: ObjectIdentifier(owner), operationKey: operationKey)
        guard bindings[key]?.generation == generation else { return }
        bindings[key]?.operation = nil
        bindings[key]?.isFinished = true
    }

    /// Whether a partial image of load `generation` may be shown: it is still the owner's
    /// current load under `operationKey` and its result has not arrived.
    func acceptsPartialImage(_ owner: AnyObject, operationKey: String, generation: Int) -> Bool {
        let key = Key(owner: ObjectIdentifier(owner), operationKey: operationKey)
        guard let binding = bindings[key] else { return false }
        return binding.generation == generation && binding.owner === owner && !binding.isFinished
    }

    /// Cancels the owner's load under `operationKey` (nil: the key of its latest load);
    /// returns the key it resolved to, nil when the owner has no such binding.
    @discardableResult
    func cancel(_ owner: AnyObject, operationKey: String?) -> String? {
        guard let key = resolve(owner, operationKey), bindings[key]?.owner === owner else { return nil }
        bindings[key]?.operation?.cancel()
        bindings[key]?.operation = nil
        bindings[key]?.generation += 1
        return key.operationKey
    }

    /// The URL bound under `operationKey` (nil: the key of the owner's latest load).
    func url(of owner: AnyObject, operationKey: String?) -> URL? {
        guard let key = resolve(owner, operationKey), bindings[key]?.owner === owner else { return nil }
        return bindings[key]?.url
    }

    private func resolve(_ owner: AnyObject, _ operationKey: String?) -> Key? {
        let id = ObjectIdentifier(owner)
        if let operationKey { return Key(owner: id, operationKey: operationKey) }
        guard let entry = latest[id], entry.owner === owner else { return nil }
        return Key(owner: id, operationKey: entry.operationKey)
    }

    private func sweepIfNeeded() {
        insertionsSinceSweep += 1
        guard insertionsSinceSweep >= 256 else { return }
        insertionsSinceSweep = 0
        bindings = bindings.filter { $0.value.owner != nil }
        latest = latest.filter { $0.value.owner != nil }
    }
}
