import OspreyCore
/// Turns and mirrors RGBA pixels losslessly so that an image stored in EXIF orientation 1–8
/// comes out upright, through Core's ``StoredImageOrientation`` (one transform for decoders
/// and platform read-back).
extension ImageOrientation {
    /// The upright size of a stored image of `size`.
    func uprightSize(of size: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: size.height, height: size.width) : size
    }

    /// `pixels` (as stored) turned upright (the same transform the platform read-back uses).
    func apply(to pixels: PixelBuffer) -> PixelBuffer {
        StoredImageOrientation(exif: rawValue)?.upright(pixels) ?? pixels
    }
}
