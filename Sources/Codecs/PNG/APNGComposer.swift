import OspreyCore
/// Renders the frames of an APNG onto its canvas (APNG specification, "Rendering"): each
/// frame's sub-image is decoded, blended onto the canvas at its offset, the full canvas is
/// captured as an output frame, and then the frame's area is disposed of.
struct APNGComposer {
    private let header: PNGHeader
    private let colors: PNGColors
    private var canvas: [UInt8]

    init(header: PNGHeader, colors: PNGColors) {
        self.header = header
        self.colors = colors
        canvas = [UInt8](repeating: 0, count: header.width * header.height * 4)
    }

    /// The composed frames, each shrunk to `target` when that is smaller than the canvas.
    /// `defaultImageData` is the `IDAT` stream, used by a frame that is also the default image.
    mutating func compose(_ animation: APNGAnimation, defaultImageData: [UInt8],
                          target: PixelSize) throws(ImageError) -> [ImageFrame] {
        var frames: [ImageFrame] = []
        frames.reserveCapacity(animation.frames.count)
        for (index, frame) in animation.frames.enumerated() {
            let image = try PNGRaster.decode(header: header.resized(width: frame.width, height: frame.height),
                                             colors: colors,
                                             data: frame.usesImageData ? defaultImageData : frame.data)
            // Disposing of the first frame to "previous" means clearing it (there is no before).
            let dispose = index == 0 && frame.dispose == .previous ? .background : frame.dispose
            let saved = dispose == .previous ? copyArea(of: frame) : nil
            draw(image, at: frame, blend: index == 0 ? .source : frame.blend)
            let full = PixelBuffer(width: header.width, height: header.height, bytes: canvas)
            frames.append(ImageFrame(pixels: RowDownsampler.downsample(full, to: target), duration: frame.duration))
            switch dispose {
            case .none: break
            case .background: clearArea(of: frame)
            case .previous: if let saved { restoreArea(of: frame, from: saved) }
            }
        }
        return frames
    }

    private func copyArea(of frame: APNGFrame) -> [UInt8] {
        var area = [UInt8]()
        area.reserveCapacity(frame.width * frame.height * 4)
        for row in 0..<frame.height {
            let start = ((frame.y + row) * header.width + frame.x) * 4
            area.append(contentsOf: canvas[start..<start + frame.width * 4])
        }
        return area
    }

    private mutating func restoreArea(of frame: APNGFrame, from area: [UInt8]) {
        for row in 0..<frame.height {
            let start = ((frame.y + row) * header.width + frame.x) * 4
            let source = row * frame.width * 4
            canvas.replaceSubrange(start..<start + frame.width * 4, with: area[source..<source + frame.width * 4])
        }
    }

    private mutating func clearArea(of frame: APNGFrame) {
        for row in 0..<frame.height {
            let start = ((frame.y + row) * header.width + frame.x) * 4
            for index in start..<start + frame.width * 4 { canvas[index] = 0 }
        }
    }

    /// Draws `image` at the frame's offset: replacing the area, or compositing over it.
    private mutating func draw(_ image: PixelBuffer, at frame: APNGFrame, blend: APNGFrame.Blend) {
        let canvasWidth = header.width
        image.bytes.withUnsafeBufferPointer { source in
            canvas.withUnsafeMutableBufferPointer { canvas in
                for row in 0..<frame.height {
                    let from = source.baseAddress! + row * frame.width * 4
                    let to = canvas.baseAddress! + ((frame.y + row) * canvasWidth + frame.x) * 4
                    if blend == .source {
                        to.update(from: from, count: frame.width * 4)
                    } else {
                        for pixel in 0..<frame.width { Self.over(from + pixel * 4, onto: to + pixel * 4) }
                    }
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
