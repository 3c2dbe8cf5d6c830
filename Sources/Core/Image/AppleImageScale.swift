#if canImport(UIKit) || canImport(AppKit)
import CoreGraphics
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

/// Rescaling of platform images (an `@2x` file's image drawn at scale 2). Type-checked on Linux
/// by .ci/apple-typecheck.
extension AppleImageConversion {
    #if canImport(AppKit) && !canImport(UIKit)
    /// An `NSImage`'s pixels per point: its bitmap's width over its width in points.
    static func scale(of image: NSImage) -> Double {
        guard let cg = image.cgImage(forProposedRect: nil, context: nil, hints: nil) else { return 1 }
        return PlatformImageScale.scale(pixelWidth: cg.width, pointWidth: Double(image.size.width))
    }
    #endif

    /// `image` with the same pixels drawn at `scale`; an image with an attached animation is
    /// made again from the animation (so the views' frame player sees the new scale too).
    static func withScale(_ image: PlatformImage, _ scale: Double) -> PlatformImage {
        if let animation = attachedAnimation(of: image) {
            return platformImage(from: animation.withScale(scale))
        }
        #if canImport(UIKit)
        if let frames = image.images, frames.count > 1 {
            let rescaled = frames.compactMap { frame in
                frame.cgImage.map { UIImage(cgImage: $0, scale: scale, orientation: frame.imageOrientation) }
            }
            guard rescaled.count == frames.count else { return image }
            return UIImage.animatedImage(with: rescaled, duration: image.duration) ?? image
        }
        guard let cg = image.cgImage else { return image }
        return UIImage(cgImage: cg, scale: scale, orientation: image.imageOrientation)
        #else
        guard let cg = image.cgImage(forProposedRect: nil, context: nil, hints: nil) else { return image }
        return NSImage(cgImage: cg, size: NSSize(width: Double(cg.width) / scale, height: Double(cg.height) / scale))
        #endif
    }
}
#endif
