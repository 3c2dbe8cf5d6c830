/// The bytes Apple platforms draw fastest: 32-bit little-endian words with alpha first, i.e.
/// B, G, R, A in memory, premultiplied (`premultipliedFirst | byteOrder32Little`), or with the
/// alpha byte ignored when every pixel is opaque (`noneSkipFirst | byteOrder32Little`), which
/// spares the compositor blending. Core Animation copies and converts a straight-alpha RGBA
/// image (`.last`) on the main thread before its first draw; these layouts it takes as they are.
///
/// Generic so that the conversion is tested on Linux; the platform adapter only names the
/// layout to Core Graphics.
public struct DisplayPixels: Sendable, Equatable {
    /// B, G, R, A per pixel, premultiplied (A is 255 everywhere when ``isOpaque``).
    public let bytes: [UInt8]
    /// Whether every pixel is opaque: the image needs no alpha channel.
    public let isOpaque: Bool

    /// The display bytes of straight-alpha RGBA `pixels`.
    public init(_ pixels: PixelBuffer) {
        let source = pixels.bytes
        var out = [UInt8](repeating: 0, count: source.count)
        var opaque = true
        out.withUnsafeMutableBufferPointer { dst in
            source.withUnsafeBufferPointer { src in
                var i = 0
                while i + 3 < src.count {
                    let a = UInt32(src[i + 3])
                    if a == 255 {
                        dst[i] = src[i + 2]
                        dst[i + 1] = src[i + 1]
                        dst[i + 2] = src[i]
                    } else {
                        opaque = false
                        // Rounded c × a / 255, exact for every byte pair.
                        func scaled(_ c: UInt8) -> UInt8 {
                            let t = UInt32(c) * a + 128
                            return UInt8((t + (t >> 8)) >> 8)
                        }
                        dst[i] = scaled(src[i + 2])
                        dst[i + 1] = scaled(src[i + 1])
                        dst[i + 2] = scaled(src[i])
                    }
                    dst[i + 3] = UInt8(a)
                    i += 4
                }
            }
        }
        bytes = out
        isOpaque = opaque
    }
}

/// Which animated images a view plays frame by frame (``FramePlayer``) instead of handing the
/// platform an image that animates itself. A `UIImage` animation holds every frame expanded
/// and loops forever, so a lazy animation (whose point is not holding every frame) and one
/// with a finite loop count (which must stop on its last frame) play through the player.
public enum AnimationPresentation {
    /// Whether an image with these traits plays through ``FramePlayer`` on a view.
    public static func playsFrameByFrame(isAnimated: Bool, isLazy: Bool, loopCount: Int) -> Bool {
        isAnimated && (isLazy || loopCount != 0)
    }

    /// ``playsFrameByFrame(isAnimated:isLazy:loopCount:)`` for `image`.
    public static func playsFrameByFrame(_ image: DecodedImage) -> Bool {
        playsFrameByFrame(isAnimated: image.isAnimated, isLazy: image.isLazy, loopCount: image.loopCount)
    }
}

/// The scale of a platform image: its pixels per point. An `NSImage` made from a 2× bitmap
/// has a size in points half its pixel size; reading it back as scale 1 would make every
/// image read from a Retina `NSImage` twice as large on screen.
public enum PlatformImageScale {
    /// `pixelWidth / pointWidth`, or 1 when the point width is unknown (zero, negative, not
    /// finite) or the ratio is not a usable scale.
    public static func scale(pixelWidth: Int, pointWidth: Double) -> Double {
        guard pixelWidth > 0, pointWidth.isFinite, pointWidth > 0 else { return 1 }
        let scale = Double(pixelWidth) / pointWidth
        return scale.isFinite && scale > 0 ? scale : 1
    }
}
