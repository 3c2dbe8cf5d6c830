import Osprey

/// The decode size for a view: its size in points times the screen's scale, rounded up, so a
/// thumbnail decode (``ImageContext/thumbnailPixelSize``) fills every pixel the view has.
public enum ViewPixelSize {
    /// The pixel size of a `width` × `height` point view on a screen of `scale`; nil while the
    /// view has no area yet (before layout), when nothing should be decoded for it.
    public static func pixelSize(width: Double, height: Double, scale: Double) -> PixelSize? {
        let scale = scale.isFinite && scale > 0 ? scale : 1
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { return nil }
        let limit = Double(Int32.max)
        return PixelSize(width: Int(min(limit, (width * scale).rounded(.up))),
                         height: Int(min(limit, (height * scale).rounded(.up))))
    }
}
