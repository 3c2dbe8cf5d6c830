import OspreyCore
/// The canvas an animation's frames are composed on (APNG, GIF, WebP): each frame's
/// rectangle is clipped to the canvas, drawn with a blend op, shown, and then disposed of.
///
/// Cost is proportional to the frame's rectangle: drawing, the area saved for "dispose to
/// previous" and the disposal all touch only the clipped rectangle, never the whole canvas.
/// Reading the canvas out (``snapshot``, ``downsampled(to:)``) costs the canvas once; a
/// decoder does it once per output frame and budgets for it (``AnimationBudget``).
///
/// Disposal happens lazily: ``draw(_:x:y:blend:dispose:)`` first disposes of the frame drawn
/// before it, so the caller reads the canvas between two draws and sees the frame as shown.
/// A first frame disposed "to previous" restores the initial, cleared canvas, which is what
/// APNG ("treat as background") and GIF expect.
struct AnimationCanvas {
    /// How a frame's pixels meet the canvas.
    enum Blend: Sendable {
        /// Replace the area, alpha included.
        case source
        /// Composite over the area ("over" operator, straight alpha).
        case over
    }

    /// What happens to a frame's area after it was shown.
    enum Dispose: Sendable {
        /// Leave the canvas as it is.
        case none
        /// Clear the area to the background colour.
        case background
        /// Restore the area to what it was before the frame.
        case previous
    }

    /// A frame's rectangle on the canvas, already clipped.
    private struct Area {
        var x = 0, y = 0, width = 0, height = 0
    }

    /// The canvas size.
    let size: PixelSize
    /// The colour a cleared area gets (transparent black unless a format says otherwise).
    private let background: (UInt8, UInt8, UInt8, UInt8)
    /// `size.width × size.height` RGBA pixels, straight alpha.
    private var pixels: [UInt8]
    /// The last frame's area and disposal, applied before the next draw.
    private var pendingArea = Area()
    private var pendingDispose = Dispose.none
    /// For a pending "previous": the area's pixels before the frame, row after row.
    private var saved: [UInt8] = []
    /// Pixels touched by draws, saves and disposals so far (tests check the cost with it).
    private(set) var pixelsTouched = 0
    /// Whether every pixel is known to be the background colour (a new canvas is). Kept
    /// conservatively: false may also mean "not known".
    private var isClear = true
    /// For a pending "previous": `isClear` before the frame (restoring brings it back).
    private var savedWasClear = false
    /// Whether the last ``draw(_:x:y:blend:dispose:)`` left the canvas (pixels and pending
    /// disposal) exactly as the same draw on a new canvas would: the canvas was clear before
    /// it, or it replaced the whole canvas (`.source`) without "dispose to previous". A lazy
    /// decoder may then restart composition at that frame (``ComposedFrame/isRestartPoint``).
    private(set) var lastDrawIsRestartPoint = true

    /// A canvas of `size`, filled with `background` (default transparent black).
    init(size: PixelSize, background: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
        self.size = size
        self.background = background
        pixels = [UInt8](repeating: 0, count: size.pixelCount * 4)
        if background != (0, 0, 0, 0) { fill(Area(width: size.width, height: size.height)) }
    }

    /// Disposes of the previous frame as it asked, then draws `image` with its top-left
    /// corner at (`x`, `y`) (which may lie partly or wholly outside the canvas: only the part
    /// inside is drawn), remembering `dispose` for the next draw.
    mutating func draw(_ image: PixelBuffer, x: Int, y: Int, blend: Blend, dispose: Dispose) {
        draw(image, x: x, y: y, dispose: dispose, replacesPixels: blend == .source) { from, to, count, _, _ in
            if blend == .source {
                to.update(from: from, count: count * 4)
            } else {
                for pixel in 0..<count { Self.over(from + pixel * 4, onto: to + pixel * 4) }
            }
        }
    }

    /// Like ``draw(_:x:y:blend:dispose:)``, but the caller's `combine` puts each clipped row of
    /// `image` onto the canvas: it gets the image row's first pixel, the canvas pixel it lands
    /// on, the pixel count, and that canvas pixel's coordinates. For a format whose blending is
    /// not the exact "over" operator (WebP's is libwebp's integer approximation, and skips the
    /// area the previous frame cleared); disposal, clipping and cost stay the canvas's.
    /// `replacesPixels` says that `combine` overwrites what it covers (no blending), so a frame
    /// covering the whole canvas can be a restart point for lazy decoding.
    mutating func draw(_ image: PixelBuffer, x: Int, y: Int, dispose: Dispose, replacesPixels: Bool = false,
                       combine: (UnsafePointer<UInt8>, UnsafeMutablePointer<UInt8>, Int, Int, Int) -> Void) {
        disposePending()
        let area = clip(x: x, y: y, width: image.width, height: image.height)
        pendingArea = area
        pendingDispose = dispose
        let coversCanvas = area.width == size.width && area.height == size.height
        lastDrawIsRestartPoint = isClear || (coversCanvas && replacesPixels && dispose != .previous)
        guard area.width > 0, area.height > 0 else { return }
        if dispose == .previous {
            save(area)
            savedWasClear = isClear
        }
        isClear = false
        pixelsTouched += area.width * area.height
        let canvasWidth = size.width
        let sourceX = area.x - x, sourceY = area.y - y
        image.bytes.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { canvas in
                for row in 0..<area.height {
                    let from = source.baseAddress! + ((sourceY + row) * image.width + sourceX) * 4
                    let to = canvas.baseAddress! + ((area.y + row) * canvasWidth + area.x) * 4
                    combine(from, to, area.width, area.x, area.y + row)
                }
            }
        }
    }

    /// A copy of the canvas as it shows now.
    var snapshot: PixelBuffer {
        PixelBuffer(width: size.width, height: size.height, bytes: pixels)
    }

    /// The canvas as it shows now, shrunk to `target` (no larger than the canvas) by streaming
    /// its rows through ``StreamingResampler``; no full-size copy is made.
    func downsampled(to target: PixelSize) -> PixelBuffer {
        guard target != size else { return snapshot }
        var downsampler = StreamingResampler(source: size, target: target)
        pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<size.height { downsampler.addRow(pixels.baseAddress! + row * size.width * 4) }
        }
        return downsampler.pixels
    }

    /// The part of a `width` × `height` rectangle at (`x`, `y`) that lies on the canvas.
    private func clip(x: Int, y: Int, width: Int, height: Int) -> Area {
        let left = min(max(x, 0), size.width), top = min(max(y, 0), size.height)
        // Saturating: a hostile offset near Int.max must not overflow.
        let right = max(left, min(size.width, x.addingReportingOverflow(width).overflow ? size.width : x + width))
        let bottom = max(top, min(size.height, y.addingReportingOverflow(height).overflow ? size.height : y + height))
        return Area(x: left, y: top, width: right - left, height: bottom - top)
    }

    private mutating func disposePending() {
        defer { pendingDispose = .none; saved.removeAll(keepingCapacity: true) }
        let area = pendingArea
        guard area.width > 0, area.height > 0 else { return }
        switch pendingDispose {
        case .none: break
        case .background:
            fill(area)
            // Clearing the whole canvas makes it clear; a part keeps what was known.
            if area.width == size.width && area.height == size.height { isClear = true }
        case .previous:
            restore(area)
            // Only the frame's area changed since it was saved: the whole canvas is back.
            isClear = savedWasClear
        }
    }

    private mutating func save(_ area: Area) {
        pixelsTouched += area.width * area.height
        saved.removeAll(keepingCapacity: true)
        saved.reserveCapacity(area.width * area.height * 4)
        for row in 0..<area.height {
            let start = ((area.y + row) * size.width + area.x) * 4
            saved.append(contentsOf: pixels[start..<start + area.width * 4])
        }
    }

    private mutating func restore(_ area: Area) {
        pixelsTouched += area.width * area.height
        let rowBytes = area.width * 4
        for row in 0..<area.height {
            let start = ((area.y + row) * size.width + area.x) * 4
            pixels.replaceSubrange(start..<start + rowBytes, with: saved[row * rowBytes..<(row + 1) * rowBytes])
        }
    }

    private mutating func fill(_ area: Area) {
        pixelsTouched += area.width * area.height
        let colour = background
        let canvasWidth = size.width
        pixels.withUnsafeMutableBufferPointer { canvas in
            for row in 0..<area.height {
                let start = canvas.baseAddress! + ((area.y + row) * canvasWidth + area.x) * 4
                for pixel in 0..<area.width {
                    let to = start + pixel * 4
                    to[0] = colour.0; to[1] = colour.1; to[2] = colour.2; to[3] = colour.3
                }
            }
        }
    }

    /// The "over" operator on straight alpha, rounded to nearest.
    @inline(__always)
    private static func over(_ source: UnsafePointer<UInt8>, onto destination: UnsafeMutablePointer<UInt8>) {
        let sourceAlpha = Int(source[3])
        let destinationAlpha = Int(destination[3])
        if sourceAlpha == 255 || destinationAlpha == 0 {
            destination.update(from: source, count: 4)
            return
        }
        if sourceAlpha == 0 { return }
        // Weights scaled by 255: the source's is αs·255, what shows through of the destination is αd·(255 − αs).
        let sourceWeight = sourceAlpha * 255
        let destinationWeight = destinationAlpha * (255 - sourceAlpha)
        let total = sourceWeight + destinationWeight
        for channel in 0..<3 {
            let mixed = Int(source[channel]) * sourceWeight + Int(destination[channel]) * destinationWeight
            destination[channel] = UInt8((mixed + total / 2) / total)
        }
        destination[3] = UInt8((total + 127) / 255)
    }
}
