#if canImport(CoreGraphics)
import CoreGraphics

/// Reads a `CGImage` back as Osprey pixels, for the Apple adapters (view read-back and the
/// ImageIO decoder). Type-checked on Linux by .ci/apple-typecheck.
package enum CGImagePixels {
    /// Straight-alpha RGBA pixels of `image`: drawn into a premultiplied bitmap (the only RGBA
    /// layout CoreGraphics draws into), then unpremultiplied by Osprey's tested routine. The
    /// bitmap is sRGB, so a tagged image is converted to sRGB as it is drawn (device RGB would
    /// be the display's own space on macOS) and the pixels need no profile.
    package static func rgba(of image: CGImage) -> PixelBuffer? {
        var pixels = PixelBuffer(width: image.width, height: image.height)
        let drawn: Bool = pixels.bytes.withUnsafeMutableBytes { raw in
            guard let context = CGContext(
                data: raw.baseAddress, width: image.width, height: image.height, bitsPerComponent: 8,
                bytesPerRow: image.width * 4, space: CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return false }
            context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
            return true
        }
        guard drawn else { return nil }
        PixelMath.unpremultiply(&pixels.bytes)
        return pixels
    }
}
#endif
