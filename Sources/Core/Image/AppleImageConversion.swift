#if canImport(UIKit) || canImport(AppKit)
import CoreGraphics
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

/// The thin Apple-only adapter between RGBA frames and `UIImage`/`NSImage`.
/// Everything it converts was produced and tested by the generic code on Linux.
enum AppleImageConversion {
    static func cgImage(from pixels: PixelBuffer) -> CGImage? {
        guard let provider = CGDataProvider(data: Data(pixels.bytes) as CFData) else { return nil }
        return CGImage(
            width: pixels.width, height: pixels.height, bitsPerComponent: 8, bitsPerPixel: 32,
            bytesPerRow: pixels.bytesPerRow, space: CGColorSpaceCreateDeviceRGB(),
            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue),
            provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    static func platformImage(from decoded: DecodedImage) -> PlatformImage {
        let images = decoded.frames.compactMap { cgImage(from: $0.pixels) }
        #if canImport(UIKit)
        let still = images.map { UIImage(cgImage: $0, scale: decoded.scale, orientation: .up) }
        if still.count > 1, let animated = UIImage.animatedImage(with: still, duration: decoded.duration) {
            return animated
        }
        return still.first ?? UIImage()
        #else
        let size = NSSize(width: Double(decoded.pixelWidth) / decoded.scale,
                          height: Double(decoded.pixelHeight) / decoded.scale)
        guard let first = images.first else { return NSImage(size: size) }
        return NSImage(cgImage: first, size: size)
        #endif
    }

    static func decodedImage(from image: PlatformImage) -> DecodedImage? {
        #if canImport(UIKit)
        guard let cg = image.cgImage else { return nil }
        let scale = Double(image.scale)
        #else
        guard let cg = image.cgImage(forProposedRect: nil, context: nil, hints: nil) else { return nil }
        let scale = 1.0
        #endif
        var pixels = PixelBuffer(width: cg.width, height: cg.height)
        let drawn: Bool = pixels.bytes.withUnsafeMutableBytes { raw in
            guard let context = CGContext(
                data: raw.baseAddress, width: cg.width, height: cg.height, bitsPerComponent: 8,
                bytesPerRow: cg.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return false }
            context.draw(cg, in: CGRect(x: 0, y: 0, width: cg.width, height: cg.height))
            return true
        }
        guard drawn else { return nil }
        PixelMath.unpremultiply(&pixels.bytes)
        return DecodedImage(pixels: pixels, scale: scale)
    }

    static func cost(of image: PlatformImage) -> Int {
        #if canImport(UIKit)
        let frames = max(image.images?.count ?? 1, 1)
        guard let cg = image.cgImage else { return 0 }
        return cg.bytesPerRow * cg.height * frames
        #else
        return Int(image.size.width * image.size.height) * 4
        #endif
    }
}
#endif
