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
    /// The transformed image with its output checked against `maxPixelCount` pixels per
    /// frame, or nil when the transformer declines (as ``transform(_:)``).
    ///
    /// Throws ``ImageError/Code/imageTooLarge`` when the output (or a canvas made on the way,
    /// such as the scaled image a `.fill` resize crops from) would pass the limit, and
    /// ``ImageError/Code/invalidTransform`` when the parameters cannot make an image from this
    /// input (an empty or negative size, a crop outside the image). The built-in transformers
    /// check before they allocate; the default implementation, for transformers that do not
    /// implement it, runs ``transform(_:)`` and checks its result afterwards. The manager calls
    /// this one, with the load's ``DecodeOptions/maxPixelCount``.
    func transform(_ image: DecodedImage, maxPixelCount: Int) throws(ImageError) -> DecodedImage?
}

extension ImageTransformer {
    public func transform(_ image: DecodedImage, maxPixelCount: Int) throws(ImageError) -> DecodedImage? {
        guard let output = transform(image) else { return nil }
        guard output.pixelSize.pixelCount <= maxPixelCount else { throw ImageError(.imageTooLarge) }
        return output
    }
}

extension ImageTransformer {
    /// For the built-in transformers' plain ``transform(_:)``: the checked transform with the
    /// default pixel limit, every failure turned into nil.
    func transformWithDefaultLimit(_ image: DecodedImage) -> DecodedImage? {
        (try? transform(image, maxPixelCount: DecodeOptions.defaultMaxPixelCount)) ?? nil
    }
}

/// Size checks shared by the built-in transformers: every size they allocate for passes here
/// first, with arithmetic that cannot overflow.
enum TransformCheck {
    /// Throws unless `size` is a non-empty canvas of at most `maxPixelCount` pixels.
    static func canvas(_ size: PixelSize, maxPixelCount: Int) throws(ImageError) {
        guard size.width > 0, size.height > 0 else { throw ImageError(.invalidTransform) }
        guard size.pixelCount <= maxPixelCount else { throw ImageError(.imageTooLarge) }
    }
}
