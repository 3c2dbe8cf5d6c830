/// Turns one decoded image into another (resize, crop, round corners …), after
/// `SDImageTransformer`.
///
/// Called on a background queue, possibly concurrently: keep no mutable state.
public protocol ImageTransformer: Sendable {
    /// Identifies the transformer *and its parameters*; appended to the cache key, so two
    /// transformers that produce different pixels must never share a key.
    var key: String { get }
    /// The transformed image, or nil when the transformation is impossible (the load then
    /// delivers the untransformed image).
    func transform(_ image: DecodedImage) -> DecodedImage?
}
