import OspreyCore

/// How a platform codec (ImageIO on Apple) is asked for an image, decided here so that the
/// rules are the same as for Osprey's own decoders and are tested on Linux; the Apple adapter
/// only carries the plan out.
///
/// - The source must fit ``DecodeOptions/decodeWorkBudget``: the platform decodes it whole
///   even for a thumbnail.
/// - A thumbnail (``DecodeOptions/targetSize(for:)`` smaller than the upright source) is asked
///   for by its longest side, with the orientation applied by the codec when
///   ``DecodeOptions/applyOrientation`` is set; only the thumbnail's pixels are held, so only
///   they count against ``DecodeOptions/maxPixelCount``.
/// - A full-size decode holds the source canvas: it counts against ``DecodeOptions/maxPixelCount``,
///   and the orientation is applied afterwards by Osprey's own transform.
struct PlatformDecodePlan: Equatable {
    /// The longest side to ask for, or nil for the full image.
    var thumbnailMaxPixelSize: Int?
    /// The EXIF orientation Osprey applies to the decoded pixels (a full-size decode with
    /// orientation on); nil when nothing is left to apply.
    var orientation: ImageOrientation?
    /// Whether the codec applies the orientation itself (thumbnails).
    var codecAppliesOrientation: Bool

    /// The plan for a `source`-sized image (as stored) whose EXIF orientation value is
    /// `exifOrientation` (1…8, nil or anything else: none).
    init(source: PixelSize, exifOrientation: Int?, options: DecodeOptions) throws(ImageError) {
        guard source.width > 0, source.height > 0 else { throw ImageError(.badImageData) }
        guard source.pixelCount <= options.decodeWorkBudget else { throw ImageError(.imageTooLarge) }
        let stored = exifOrientation.flatMap(ImageOrientation.init(rawValue:)) ?? .up
        let orientation = options.applyOrientation ? stored : .up
        let upright = orientation.uprightSize(of: source)
        let target = options.targetSize(for: upright)
        if target != upright {
            guard target.pixelCount <= options.maxPixelCount else { throw ImageError(.imageTooLarge) }
            thumbnailMaxPixelSize = max(target.width, target.height)
            self.orientation = nil
            codecAppliesOrientation = options.applyOrientation
        } else {
            guard source.pixelCount <= options.maxPixelCount else { throw ImageError(.imageTooLarge) }
            thumbnailMaxPixelSize = nil
            self.orientation = orientation == .up ? nil : orientation
            codecAppliesOrientation = false
        }
    }
}
