import OspreyCore

/// Composes WebP animation frames on an ``AnimationCanvas`` exactly as libwebp's
/// `WebPAnimDecoder` (what Chrome and Pillow show): the canvas starts transparent (the ANIM
/// background colour is a hint players may ignore, and libwebp does), "dispose to background"
/// clears to transparent, and blending uses libwebp's integer approximation of "over".
///
/// Two libwebp rules matter for exact pixels: a *key frame* (the first frame; a full-canvas
/// frame without alpha or without blending; or any frame after a frame that cleared the whole
/// canvas) replaces its area without blending; and a blended frame is not blended inside the
/// rectangle the previous frame cleared (its pixels are copied there).
struct WebPComposer {
    private var canvas: AnimationCanvas
    private let target: PixelSize
    /// Alpha forced to 255 in the output (the file says it has none).
    private let opaque: Bool
    private var previous: WebPAnimationFrame?
    private var previousWasKeyFrame = false
    /// Whether the last frame drawn left the state a new composer reaches by drawing it alone:
    /// a libwebp key frame (drawn without blending, as on a new composer) on a canvas it
    /// cleared or wholly replaced.
    private(set) var lastDrawIsRestartPoint = true

    init(canvas size: PixelSize, target: PixelSize, opaque: Bool) {
        canvas = AnimationCanvas(size: size)
        self.target = target
        self.opaque = opaque
    }

    /// Draws `frame` (decoded to `image`, alpha as coded; `hasAlpha`: the frame has an `ALPH`
    /// chunk or a lossless alpha hint) and returns the canvas as it then shows.
    mutating func compose(_ frame: WebPAnimationFrame, image: PixelBuffer, hasAlpha: Bool) -> PixelBuffer {
        compose(frame, image: image, hasAlpha: hasAlpha, render: true) ?? PixelBuffer(width: target.width, height: target.height)
    }

    /// The same, returning the canvas only when `render` is true (a lazy decode moving on).
    mutating func compose(_ frame: WebPAnimationFrame, image: PixelBuffer, hasAlpha: Bool, render: Bool) -> PixelBuffer? {
        let size = canvas.size
        func isFull(_ frame: WebPAnimationFrame) -> Bool {
            frame.x == 0 && frame.y == 0 && frame.width == size.width && frame.height == size.height
        }
        let keyFrame: Bool
        if let previous {
            keyFrame = ((!hasAlpha || !frame.blends) && isFull(frame))
                || (previous.disposesToBackground && (isFull(previous) || previousWasKeyFrame))
        } else {
            keyFrame = true
        }
        let dispose: AnimationCanvas.Dispose = frame.disposesToBackground ? .background : .none
        if keyFrame || !frame.blends {
            canvas.draw(image, x: frame.x, y: frame.y, blend: .source, dispose: dispose)
        } else {
            // The rectangle the previous frame cleared is copied, not blended.
            let cleared = previous.flatMap { $0.disposesToBackground ? $0 : nil }
            canvas.draw(image, x: frame.x, y: frame.y, dispose: dispose) { from, to, count, canvasX, canvasY in
                for pixel in 0..<count {
                    let x = canvasX + pixel
                    if let cleared, canvasY >= cleared.y, canvasY < cleared.y + cleared.height,
                       x >= cleared.x, x < cleared.x + cleared.width {
                        (to + pixel * 4).update(from: from + pixel * 4, count: 4)
                    } else {
                        Self.blend(from + pixel * 4, onto: to + pixel * 4)
                    }
                }
            }
        }
        previous = frame
        previousWasKeyFrame = keyFrame
        lastDrawIsRestartPoint = keyFrame && canvas.lastDrawIsRestartPoint
        guard render else { return nil }
        var pixels = canvas.snapshot
        if opaque {
            pixels.bytes.withUnsafeMutableBufferPointer { rgba in
                for index in stride(from: 3, to: rgba.count, by: 4) { rgba[index] = 255 }
            }
        }
        return target == size ? pixels : StreamingResampler.resize(pixels, to: target)
    }

    /// libwebp's non-premultiplied "over": the destination's weight is αd·(256 − αs)/256
    /// rounded down, and each channel is scaled by 2^24 / α (rounded down) then shifted back.
    @inline(__always)
    static func blend(_ source: UnsafePointer<UInt8>, onto destination: UnsafeMutablePointer<UInt8>) {
        let sourceAlpha = UInt32(source[3])
        guard sourceAlpha > 0 else { return }
        let destinationWeight = (UInt32(destination[3]) * (256 - sourceAlpha)) >> 8
        let alpha = sourceAlpha + destinationWeight
        let scale = (UInt32(1) << 24) / alpha
        for channel in 0..<3 {
            let mixed = UInt32(source[channel]) * sourceAlpha + UInt32(destination[channel]) * destinationWeight
            destination[channel] = UInt8(truncatingIfNeeded: (mixed &* scale) >> 24)
        }
        destination[3] = UInt8(truncatingIfNeeded: alpha)
    }
}
