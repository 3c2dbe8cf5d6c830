import Foundation

/// The cache seam: what ``ImageManager`` needs from a cache. Osprey's `ImageCache` is one
/// implementation; an app may supply its own through the manager's init or
/// ``ImageContext/cache``.
///
/// Contract: every method is thread-safe and may be called from any thread. Completion
/// closures are called exactly once, on the queue the implementation documents (Osprey's
/// cache: the context's ``ImageContext/callbackQueue``). A memory hit may answer synchronously,
/// before `queryImage` returns.
public protocol ImageCaching: Sendable {
    /// Looks `key` up in the tiers `cacheType` allows, memory first.
    /// The completion gets the image (nil on a miss), the original bytes where they were
    /// read, and the tier that answered (``ImageCacheType/none`` on a miss).
    /// Returns a handle that cancels a pending disk query (its completion then gets a miss).
    @discardableResult
    func queryImage(forKey key: String, options: ImageOptions, context: ImageContext,
                    cacheType: ImageCacheType,
                    completion: @escaping @Sendable (PlatformImage?, Data?, ImageCacheType) -> Void) -> (any Cancellable)?

    /// Looks up an image derived from `originalKey`'s (a transformer's output, a thumbnail)
    /// under `key` in the tiers `cacheType` allows; when none holds it, reads `originalKey`'s
    /// bytes from the disk tier and decodes them with the same options, for the caller to
    /// derive its image from (``DerivedQueryAnswer/isOriginal``). The decoded original is kept
    /// under neither key: the caller stores what it derives. A cache that can should look at
    /// both entries in one visit of its disk (Osprey's cache reads both in one job of its I/O
    /// queue). Returns a handle that cancels the query (its completion then gets a miss).
    /// Default: ``queryImage(forKey:options:context:cacheType:completion:)`` for `key`, then,
    /// on a miss, for `originalKey` in the disk tier, storing nothing.
    @discardableResult
    func queryDerivedImage(forKey key: String, originalKey: String, options: ImageOptions, context: ImageContext,
                           cacheType: ImageCacheType,
                           completion: @escaping @Sendable (DerivedQueryAnswer) -> Void) -> (any Cancellable)?

    /// Stores `image` in memory and `imageData` (or, without bytes, the image encoded) on disk,
    /// as `cacheType` allows; `completion` runs once everything is written.
    func store(_ image: PlatformImage?, imageData: Data?, forKey key: String,
               cacheType: ImageCacheType, completion: (@Sendable () -> Void)?)

    /// Removes `key` from the tiers `cacheType` names.
    func removeImage(forKey key: String, cacheType: ImageCacheType, completion: (@Sendable () -> Void)?)

    /// Tells which tier holds `key` (``ImageCacheType/none`` if none), without decoding.
    func containsImage(forKey key: String, cacheType: ImageCacheType,
                       completion: @escaping @Sendable (ImageCacheType) -> Void)

    /// Empties the tiers `cacheType` names.
    func clear(cacheType: ImageCacheType, completion: (@Sendable () -> Void)?)

    /// The HTTP validators (ETag, Last-Modified) stored beside `key`'s entry, for
    /// ``ImageOptions/refreshCached``'s conditional GET; nil when none. Cheap enough to call
    /// on a load's path (a small file read at most). Default: nil (the cache keeps none, and
    /// refreshes are plain GETs).
    func validators(forKey key: String) -> HTTPValidators?

    /// Stores `validators` beside `key`'s entry (empty validators may be ignored). Must not
    /// block the caller on I/O. Default: does nothing.
    func setValidators(_ validators: HTTPValidators, forKey key: String)

    /// Whether ``memoryImage(forKey:)`` answers for a memory tier: then a load looks there once,
    /// synchronously, and asks ``queryImage(forKey:options:context:cacheType:completion:)``
    /// for the other tiers only. Default false (every tier is asked through `queryImage`).
    var hasSynchronousMemoryTier: Bool { get }

    /// The image the memory tier holds for `key`, looked up on the calling thread (it counts as
    /// a use), or nil. Only asked when ``hasSynchronousMemoryTier`` is true. Default nil.
    func memoryImage(forKey key: String) -> PlatformImage?

    /// The bytes to write to disk for `image`, an image a transformer made from a source of
    /// `sourceFormat` (`sourceData`: the original bytes), encoded as this cache prefers; nil
    /// leaves the encoding to ``store(_:imageData:forKey:cacheType:completion:)``. Called off
    /// the caller's thread, on the coder queue. Default nil.
    func encodeForDisk(_ image: DecodedImage, sourceFormat: ImageFormat, sourceData: Data?) -> Data?

    /// Stores an image a transformer made under `key`: `image` in memory at once, and on disk
    /// `pixels` encoded as this cache prefers (a source of `sourceFormat`, original bytes
    /// `sourceData`), the encode running after this call returns so the load can deliver first.
    /// A disk read of `key` asked for after this call must still find the entry. `completion`
    /// runs once everything is written. Default: the memory part through
    /// ``store(_:imageData:forKey:cacheType:completion:)``, then ``encodeForDisk(_:sourceFormat:sourceData:)``
    /// and the disk part on a global queue (not ordered before later reads).
    func storeTransformed(_ image: PlatformImage?, pixels: DecodedImage, sourceFormat: ImageFormat, sourceData: Data?,
                          forKey key: String, cacheType: ImageCacheType, completion: (@Sendable () -> Void)?)

    /// The bytes stored on disk for `key`, read on the calling thread (a revalidation's
    /// thread, never the main one), or nil. ``ImageOptions/refreshCached`` compares them with
    /// a 200's body: the same bytes mean "unchanged", and no second completion. Default nil
    /// (every 200 counts as a new image).
    func originalData(forKey key: String) -> Data?
}

/// What ``ImageCaching/queryDerivedImage(forKey:originalKey:options:context:cacheType:completion:)``
/// found: the derived image, or else the original it is derived from.
public struct DerivedQueryAnswer: Sendable {
    /// The derived image, or the original decoded when ``isOriginal``; nil on a miss or when
    /// the bytes did not decode.
    public var image: PlatformImage?
    /// The bytes read from disk for the image, if any.
    public var data: Data?
    /// The tier that answered; ``ImageCacheType/none`` on a miss.
    public var cacheType: ImageCacheType
    /// Whether the answer is the original's (the derived image was in no tier asked).
    public var isOriginal: Bool

    /// An answer of these parts.
    public init(image: PlatformImage?, data: Data?, cacheType: ImageCacheType, isOriginal: Bool) {
        self.image = image
        self.data = data
        self.cacheType = cacheType
        self.isOriginal = isOriginal
    }

    /// Nothing found under either key.
    public static let miss = DerivedQueryAnswer(image: nil, data: nil, cacheType: .none, isOriginal: false)
}

extension ImageCaching {
    /// Default: two queries, the derived key's in the tiers asked, then the original's on disk.
    @discardableResult
    public func queryDerivedImage(forKey key: String, originalKey: String, options: ImageOptions, context: ImageContext,
                                  cacheType: ImageCacheType,
                                  completion: @escaping @Sendable (DerivedQueryAnswer) -> Void) -> (any Cancellable)? {
        let chain = QueryChain()
        let queryOriginal: @Sendable () -> Void = {
            var diskOnly = context
            // The decoded original belongs under neither key.
            diskOnly.storeCacheType = .none
            chain.follow(queryImage(forKey: originalKey, options: options, context: diskOnly, cacheType: .disk) {
                image, data, cacheType in
                completion(DerivedQueryAnswer(image: image, data: data, cacheType: cacheType, isOriginal: true))
            }, index: 1)
        }
        guard cacheType != .none else {
            queryOriginal()
            return chain
        }
        chain.follow(queryImage(forKey: key, options: options, context: context, cacheType: cacheType) {
            image, data, cacheType in
            if let image, !PlatformImageBridge.isUndecoded(image) {
                return completion(DerivedQueryAnswer(image: image, data: data, cacheType: cacheType, isOriginal: false))
            }
            guard !chain.isCancelled else { return completion(.miss) }
            queryOriginal()
        }, index: 0)
        return chain
    }

    /// Default: the cache keeps no validators.
    public func validators(forKey key: String) -> HTTPValidators? { nil }

    /// Default: validators are dropped.
    public func setValidators(_ validators: HTTPValidators, forKey key: String) {}

    /// Default: no synchronous memory tier.
    public var hasSynchronousMemoryTier: Bool { false }

    /// Default: nil.
    public func memoryImage(forKey key: String) -> PlatformImage? { nil }

    /// Default: nil (no bytes to compare with).
    public func originalData(forKey key: String) -> Data? { nil }

    /// Default: nil (the cache encodes the image itself when it stores it).
    public func encodeForDisk(_ image: DecodedImage, sourceFormat: ImageFormat, sourceData: Data?) -> Data? { nil }

    /// Default: memory now, then the encode and the disk write on a global queue.
    public func storeTransformed(_ image: PlatformImage?, pixels: DecodedImage, sourceFormat: ImageFormat, sourceData: Data?,
                                 forKey key: String, cacheType: ImageCacheType, completion: (@Sendable () -> Void)?) {
        guard cacheType.includesDisk else {
            return store(image, imageData: nil, forKey: key, cacheType: cacheType, completion: completion)
        }
        if cacheType.includesMemory, let image {
            store(image, imageData: nil, forKey: key, cacheType: .memory, completion: nil)
        }
        DispatchQueue.global(qos: .utility).async {
            let encoded = encodeForDisk(pixels, sourceFormat: sourceFormat, sourceData: sourceData)
            // Without bytes the cache encodes the image itself.
            store(encoded == nil ? image : nil, imageData: encoded, forKey: key, cacheType: .disk, completion: completion)
        }
    }
}

/// The handle of a query made of queries one after the other: cancelling it cancels the one
/// under way and stops the next from starting.
final class QueryChain: Cancellable {
    // Invariant: `cancelled` turns true once and stays; `current` is the latest step handed
    // over (by `index`: a step's handle may arrive after the next step started, when the
    // first answered on another thread), nil once cancelled.
    private let state = Locked<(cancelled: Bool, index: Int, current: (any Cancellable)?)>((false, -1, nil))

    /// Makes `step`, the chain's `index`-th query, the one under way unless a later one is;
    /// cancels it at once if the chain was cancelled.
    func follow(_ step: (any Cancellable)?, index: Int) {
        guard let step else { return }
        let cancelled = state.withLock { state in
            if !state.cancelled, index > state.index { (state.index, state.current) = (index, step) }
            return state.cancelled
        }
        if cancelled { step.cancel() }
    }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    func cancel() {
        let current = state.withLock { state in
            state.cancelled = true
            defer { state.current = nil }
            return state.current
        }
        current?.cancel()
    }
}
