#if canImport(UIKit) || canImport(AppKit)
import CoreGraphics
import ObjectiveC
#if canImport(CoreImage)
import CoreImage
#endif
#if canImport(UIKit)
import UIKit
#else
import AppKit
#endif

/// The thin Apple-only adapter between RGBA frames and `UIImage`/`NSImage`.
/// Everything it converts was produced and tested by the generic code on Linux (frame timing
/// included: ``UniformFrameTiming``). Type-checked on Linux by .ci/apple-typecheck.
///
/// Each conversion copies the pixels (and `decodedImage(from:)` redraws and unpremultiplies
/// them): the pipeline should carry ``DecodedImage`` and call `platformImage(from:)` once, at
/// delivery.
enum AppleImageConversion {
    /// A display image of `pixels` in the layout Core Animation draws without converting
    /// (``DisplayPixels``): premultiplied BGRA, or BGRX when opaque.
    static func cgImage(from pixels: PixelBuffer, profile: ImageColorProfile? = nil) -> CGImage? {
        let display = DisplayPixels(pixels)
        guard let provider = CGDataProvider(data: Data(display.bytes) as CFData) else { return nil }
        let alpha: CGImageAlphaInfo = display.isOpaque ? .noneSkipFirst : .premultipliedFirst
        return CGImage(
            width: pixels.width, height: pixels.height, bitsPerComponent: 8, bitsPerPixel: 32,
            bytesPerRow: pixels.bytesPerRow, space: colorSpace(for: profile),
            bitmapInfo: CGBitmapInfo(rawValue: CGBitmapInfo.byteOrder32Little.rawValue | alpha.rawValue),
            provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    /// The colour space the pixels are in: the embedded ICC profile when Core Graphics reads it
    /// as an RGB space, Display P3 for a PNG `cICP` that says so, else sRGB. Never device RGB:
    /// iOS treats device RGB as sRGB, but macOS takes it as the display's own space, which
    /// shifts every untagged image on a wide-gamut Mac.
    static func colorSpace(for profile: ImageColorProfile?) -> CGColorSpace {
        if let profile, !profile.isSRGB {
            if let icc = profile.iccData, let space = CGColorSpace(iccData: icc as CFData), space.model == .rgb {
                return space
            }
            if profile.cicp == [12, 13, 0, 1], let p3 = CGColorSpace(name: CGColorSpace.displayP3) { return p3 }
        }
        return CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB()
    }

    static func platformImage(from decoded: DecodedImage) -> PlatformImage {
        #if canImport(UIKit)
        // Lazy and finitely looping animations play through FramePlayer (a UIImage animation
        // holds every frame and loops forever): the UIImage shows the first frame.
        let expands = !AnimationPresentation.playsFrameByFrame(decoded)
        let frames = expands ? decoded.frames : [ImageFrame(pixels: decoded.firstFrame)]
        let still = frames.compactMap { cgImage(from: $0.pixels, profile: decoded.colorProfile) }
            .map { UIImage(cgImage: $0, scale: decoded.scale, orientation: .up) }
        if still.count > 1, still.count == frames.count {
            // UIImage shows every frame for the same time: repeat frames to keep their timing.
            let timing = UniformFrameTiming(durations: frames.map(\.duration))
            if let animated = UIImage.animatedImage(with: timing.frameIndices.map { still[$0] },
                                                    duration: timing.totalDuration) {
                return animated
            }
        }
        let image = still.first ?? UIImage()
        // The view binding plays the attached animation (FramePlayer) over the poster frame.
        if decoded.isAnimated, !expands { attach(decoded, to: image) }
        return image
        #else
        // An NSImage made from pixels shows one frame: it shows the first, and the animation is
        // attached for the view binding to play (FramePlayer), with its durations and loops.
        let size = NSSize(width: Double(decoded.pixelWidth) / decoded.scale,
                          height: Double(decoded.pixelHeight) / decoded.scale)
        guard let first = cgImage(from: decoded.firstFrame, profile: decoded.colorProfile) else { return NSImage(size: size) }
        let image = NSImage(cgImage: first, size: size)
        if decoded.isAnimated { attach(decoded, to: image) }
        return image
        #endif
    }

    /// The address of a byte allocated once and never freed: the associated-object key under
    /// which ``attach(_:to:)`` keeps an animation on its platform image. Stored as an integer
    /// so the constant is `Sendable`.
    private static let attachmentKeyAddress = Int(bitPattern: UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1))

    /// Keeps `animation` on `image`, released with it. Called before `image` is handed out;
    /// the association is retained atomically, so readers on other threads see it whole.
    private static func attach(_ animation: DecodedImage, to image: PlatformImage) {
        guard let key = UnsafeRawPointer(bitPattern: attachmentKeyAddress) else { return }
        objc_setAssociatedObject(image, key, animation, .OBJC_ASSOCIATION_RETAIN)
    }

    /// The animation `image` shows only the first frame of, which views play frame by frame:
    /// set by ``platformImage(from:)`` on every animated `NSImage` and on a `UIImage` of a lazy
    /// animation too big to expand. Nil for stills and self-animating `UIImage`s.
    static func attachedAnimation(of image: PlatformImage) -> DecodedImage? {
        guard let key = UnsafeRawPointer(bitPattern: attachmentKeyAddress) else { return nil }
        return objc_getAssociatedObject(image, key) as? DecodedImage
    }

    static func decodedImage(from image: PlatformImage) -> DecodedImage? {
        // Osprey's own animated images carry their frames: no redraw, nothing lost.
        if let animation = attachedAnimation(of: image) { return animation }
        #if canImport(UIKit)
        let scale = Double(image.scale)
        if let sequence = image.images, sequence.count > 1 {
            // Undo the frame repetition of `platformImage(from:)`: runs of one image are one frame.
            let interval = image.duration / Double(sequence.count)
            var frames: [ImageFrame] = []
            for run in UniformFrameTiming.collapse(sequence, interval: interval, isSame: { $0 === $1 }) {
                guard let pixels = uprightPixels(of: run.frame) else { return nil }
                frames.append(ImageFrame(pixels: pixels, duration: run.duration))
            }
            guard frames.allSatisfy({ $0.pixels.width == frames[0].pixels.width && $0.pixels.height == frames[0].pixels.height })
            else { return nil }
            return DecodedImage(frames: frames, scale: scale)
        }
        guard let pixels = uprightPixels(of: image) else { return nil }
        #else
        // `cgImage(forProposedRect:)` renders any representation (a CIImage one included) at
        // its full pixel size: the scale is how many of those pixels make a point.
        guard let cg = image.cgImage(forProposedRect: nil, context: nil, hints: nil),
              let pixels = pixels(of: cg) else { return nil }
        let scale = PlatformImageScale.scale(pixelWidth: cg.width, pointWidth: Double(image.size.width))
        #endif
        return DecodedImage(pixels: pixels, scale: scale)
    }

    #if canImport(UIKit)
    /// The pixels `image` shows, upright: its bitmap (or its rendered `CIImage`) turned by its
    /// `imageOrientation` (``StoredImageOrientation``). Nil for an orientation UIKit added after
    /// this was written, rather than pixels turned the wrong way.
    private static func uprightPixels(of image: UIImage) -> PixelBuffer? {
        guard let orientation = StoredImageOrientation(uiImageOrientationRawValue: image.imageOrientation.rawValue),
              let cg = image.cgImage ?? renderedCIImage(of: image),
              let stored = pixels(of: cg) else { return nil }
        return orientation.upright(stored)
    }

    /// A `UIImage(ciImage:)` has no bitmap until something renders it: render its extent once
    /// (bounded by ``PlatformImageReadBack/renderedSize(extentWidth:extentHeight:)``).
    private static func renderedCIImage(of image: UIImage) -> CGImage? {
        #if canImport(CoreImage)
        guard let ci = image.ciImage else { return nil }
        let extent = ci.extent
        guard let size = PlatformImageReadBack.renderedSize(extentWidth: Double(extent.width),
                                                            extentHeight: Double(extent.height)) else { return nil }
        let area = CGRect(x: extent.minX, y: extent.minY, width: CGFloat(size.width), height: CGFloat(size.height))
        return CIContext(options: nil).createCGImage(ci, from: area)
        #else
        return nil
        #endif
    }
    #endif

    /// Straight-alpha RGBA pixels of `cg`.
    private static func pixels(of cg: CGImage) -> PixelBuffer? {
        CGImagePixels.rgba(of: cg)
    }

    static func cost(of image: PlatformImage) -> Int {
        #if canImport(UIKit)
        if let animation = attachedAnimation(of: image) {
            // The poster frame plus the lazy animation behind it.
            return animation.cost + (image.cgImage.map { $0.bytesPerRow * $0.height } ?? 0)
        }
        // Repeated frames share one image: count distinct ones.
        let frames = max(UniformFrameTiming.collapse(image.images ?? [], interval: 0, isSame: { $0 === $1 }).count, 1)
        guard let cg = image.cgImage ?? image.images?.first?.cgImage else { return 0 }
        return cg.bytesPerRow * cg.height * frames
        #else
        // The bitmap's pixels, not the point size: a 2× image holds four times its points.
        let poster = PlatformImageReadBack.cost(
            pointWidth: Double(image.size.width), pointHeight: Double(image.size.height),
            representationPixels: image.representations.map { PixelSize(width: $0.pixelsWide, height: $0.pixelsHigh) })
        return poster + (attachedAnimation(of: image)?.cost ?? 0)
        #endif
    }
}
#endif
