import OspreyCore

/// Partial images of an incremental decode, at the output size, upright.
///
/// - The streamed scan (baseline): the output rows rendered so far, the rest transparent.
/// - Kept coefficients (progressive): the coefficients as the completed scans left them,
///   rendered at a reduced DCT scale and scaled to the output size — 1/8 (the DC alone) while
///   only DC scans are done, 1/4 once AC scans came — so a preview costs a fraction of the final
///   render (the 12 MP previews of the benchmark: a 0.2 MP or 0.75 MP render, then the
///   output-sized enlargement, which is most of the cost). The final image never comes from
///   here: it is ``finishOutput()``'s full render.
extension JPEGDecodeSession {
    /// The image so far; nil before the first scan (or when the render was cancelled).
    func partialPixels() -> PixelBuffer? {
        guard let renderer else { return nil }
        if streaming {
            return outputOrientation.apply(to: renderer.partialPixels())
        }
        guard let pixels = try? renderCoefficientPreview(scale: sawACScan ? 2 : 1) else { return nil }
        let target = renderer.target
        let sized: PixelBuffer
        if pixels.size == target {
            sized = pixels
        } else if pixels.width >= target.width, pixels.height >= target.height {
            sized = StreamingResampler.resize(pixels, to: target)
        } else {
            sized = renderer.previewInCanvas { Self.enlarge(pixels, to: target, into: $0) }
                ?? Self.enlarged(pixels, to: target)
        }
        return outputOrientation.apply(to: sized)
    }

    /// The kept coefficients rendered at luma block size `scale` (no finer than the output's)
    /// into stand-in rings.
    private func renderCoefficientPreview(scale requested: Int) throws(ImageError) -> PixelBuffer {
        guard let geometry, let space = outputSpace else { throw ImageError(.badImageData) }
        let scale = min(requested, outputScale)
        let rings = components.map {
            let ring = JPEGComponent(id: $0.id, h: $0.h, v: $0.v, quantIndex: $0.quantIndex, frame: geometry)
            ring.allocate(blockSize: Self.blockSize(h: $0.h, v: $0.v, geometry: geometry, scale: scale),
                          frame: geometry, keepCoefficients: false)
            return ring
        }
        let scaled = PixelSize(width: (geometry.width * scale + 7) / 8, height: (geometry.height * scale + 7) / 8)
        let renderer = JPEGRenderer(components: rings, geometry: geometry, scale: scale, space: space,
                                    target: scaled, options: options, converter: outputConverter)
        for mcuRow in 0..<geometry.mcusHigh {
            try options.checkCancellation()
            for (c, ring) in zip(components, rings) { transformBlocks(of: c, mcuRow: mcuRow, into: ring) }
            try renderer.complete(through: mcuRow + 1)
        }
        return try renderer.finish()
    }

    /// `pixels` scaled to `size` by repeating the nearest pixel, in fresh memory.
    static func enlarged(_ pixels: PixelBuffer, to size: PixelSize) -> PixelBuffer {
        let count = size.width * size.height * 4
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            enlarge(pixels, to: size, into: output.baseAddress!)
            initialized = count
        }
        return PixelBuffer(width: size.width, height: size.height, bytes: bytes)
    }

    /// Writes `pixels` scaled to `size` (at least 1 × 1) by repeating the nearest pixel to
    /// `output` (for previews only: each output row is built once per source row and copied
    /// for the rows that repeat it).
    static func enlarge(_ pixels: PixelBuffer, to size: PixelSize, into output: UnsafeMutablePointer<UInt8>) {
        let width = size.width, height = size.height
        let rowBytes = width * 4
        guard pixels.width > 0, pixels.height > 0 else {
            output.initialize(repeating: 0, count: rowBytes * height)
            return
        }
        let columns = (0..<width).map { $0 * pixels.width / width }
        pixels.bytes.withUnsafeBytes { source in
            let from = source.baseAddress!
            let to = UnsafeMutableRawPointer(output)
            var previous = -1
            for y in 0..<height {
                let sourceRow = y * pixels.height / height
                let row = to + y * rowBytes
                if sourceRow == previous {
                    row.copyMemory(from: row - rowBytes, byteCount: rowBytes)
                    continue
                }
                previous = sourceRow
                let line = from + sourceRow * pixels.bytesPerRow
                columns.withUnsafeBufferPointer { columns in
                    for x in 0..<width {
                        row.storeBytes(of: line.loadUnaligned(fromByteOffset: columns[x] * 4, as: UInt32.self),
                                       toByteOffset: x * 4, as: UInt32.self)
                    }
                }
            }
        }
    }
}
