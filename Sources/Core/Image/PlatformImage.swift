#if canImport(UIKit)
import UIKit
/// The image type Osprey hands to callers: `UIImage` here, built from Osprey's decoders.
public typealias PlatformImage = UIImage
#elseif canImport(AppKit)
import AppKit
/// The image type Osprey hands to callers: `NSImage` here, built from Osprey's decoders.
public typealias PlatformImage = NSImage
#else
/// The image type Osprey hands to callers: on Linux, the ``DecodedImage`` itself.
public typealias PlatformImage = DecodedImage
#endif

/// Converts between ``DecodedImage`` (what the decoders and transformers work on) and
/// ``PlatformImage`` (what callers receive). On Linux both are the same object; on Apple
/// platforms each conversion copies (and `decodedImage(from:)` redraws) the pixels, so the
/// pipeline should carry the ``DecodedImage`` from decoder through transform and store, and
/// call ``platformImage(from:)`` once, at delivery.
public enum PlatformImageBridge {
    /// The platform image showing `decoded`.
    public static func platformImage(from decoded: DecodedImage) -> PlatformImage {
        #if canImport(UIKit) || canImport(AppKit)
        AppleImageConversion.platformImage(from: decoded)
        #else
        decoded
        #endif
    }

    /// The pixels of `image`, or nil when they cannot be read.
    public static func decodedImage(from image: PlatformImage) -> DecodedImage? {
        #if canImport(UIKit) || canImport(AppKit)
        AppleImageConversion.decodedImage(from: image)
        #else
        image
        #endif
    }

    /// The stand-in a load delivers with ``ImageOptions/avoidDecodeImage``: an image of no
    /// pixels (0 × 0; on Apple platforms an empty image). The bytes are in the result's `data`.
    public static func undecodedImage(format: ImageFormat) -> PlatformImage {
        #if canImport(UIKit) || canImport(AppKit)
        PlatformImage()
        #else
        DecodedImage(pixels: PixelBuffer(width: 0, height: 0), format: format)
        #endif
    }

    /// Whether `image` is the ``undecodedImage(format:)`` stand-in (it has no pixels).
    public static func isUndecoded(_ image: PlatformImage) -> Bool {
        #if canImport(UIKit) || canImport(AppKit)
        image.size == .zero
        #else
        image.pixelWidth == 0 || image.pixelHeight == 0
        #endif
    }

    /// Whether `image` has more than one frame, without converting it (the first-frame check
    /// of ``ImageOptions/decodeFirstFrameOnly`` should ask this, not convert the image to
    /// pixels).
    public static func isAnimated(_ image: PlatformImage) -> Bool {
        #if canImport(UIKit)
        (image.images?.count ?? 0) > 1 || AppleImageConversion.attachedAnimation(of: image) != nil
        #elseif canImport(AppKit)
        AppleImageConversion.attachedAnimation(of: image) != nil
        #else
        image.isAnimated
        #endif
    }

    /// The animation a view has to play frame by frame (with ``FramePlayer``) because `image`
    /// shows only its first frame: every animated `NSImage` Osprey makes, and a `UIImage` of a
    /// lazy or finitely looping animation (``AnimationPresentation``). Nil for stills, for `UIImage`s
    /// that animate themselves, and on Linux (where the ``DecodedImage`` is the image).
    /// `UIImageView` and `NSImageView` bound through OspreyUIKitBridge play it on their own.
    public static func animationToPlay(in image: PlatformImage) -> DecodedImage? {
        #if canImport(UIKit) || canImport(AppKit)
        AppleImageConversion.attachedAnimation(of: image)
        #else
        nil
        #endif
    }

    /// Bytes `image` holds in memory, the memory cache's cost.
    public static func cost(of image: PlatformImage) -> Int {
        #if canImport(UIKit) || canImport(AppKit)
        AppleImageConversion.cost(of: image)
        #else
        image.cost
        #endif
    }
}
