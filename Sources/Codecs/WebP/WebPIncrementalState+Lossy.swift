import OspreyCore

/// Lossy still images, macroblock row by macroblock row (``VP8IncrementalFrame``).
extension WebPIncrementalState {
    /// Feeds the lossy image's new payload bytes to its frame decoder and decodes the rows
    /// they complete; first decides whether the image goes row by row.
    mutating func decodeLossy() {
        guard case .lossy(let bitstream) = kind, !lossyWaitsForChunk else { return }
        if vp8 == nil {
            guard bitstream.count >= 10, bytes.count - bitstream.lowerBound >= 10 else { return }
            guard let frame = makeFrame(bitstream) else {
                lossyWaitsForChunk = true
                return
            }
            vp8 = frame
        }
        guard let vp8 else { return }
        let from = bitstream.lowerBound + vp8.received, to = min(bytes.count, bitstream.upperBound)
        if to > from {
            bytes.withUnsafeBufferPointer { vp8.append(UnsafeBufferPointer(rebasing: $0[from..<to])) }
        }
        vp8.advance(cancellation: options.cancellation)
        if vp8.failed {
            // The one-shot decode in `finish` reports the error.
            kind = .fallback
            self.vp8 = nil
            return
        }
        let rows = vp8.output.rowsWritten
        if rows > rowsDelivered {
            progress += rows - rowsDelivered
            rowsDelivered = rows
        }
    }

    /// The image with `rows` rows decoded (the rest transparent), with its alpha plane, at
    /// the target size: what ``WebPImageDecoder`` and ``WebPDecoder`` make of the whole image.
    func lossyImage(_ frame: VP8IncrementalFrame, rows: Int) -> DecodedImage {
        var rgba = frame.output.bytes
        if let alphaPlane {
            let count = min(rows * frame.info.width, alphaPlane.count)
            rgba.withUnsafeMutableBufferPointer { rgba in
                for index in 0..<count { rgba[index * 4 + 3] = alphaPlane[index] }
            }
        }
        var pixels = PixelBuffer(width: frame.info.width, height: frame.info.height, bytes: rgba)
        if target != canvas { pixels = StreamingResampler.resize(pixels, to: target) }
        return DecodedImage(frames: [ImageFrame(pixels: pixels)], format: .webp)
    }

    /// The row-by-row decoder for the lossy image whose payload is `bitstream`, and its alpha
    /// plane; nil when the image should wait for its whole chunk: a picture the container or
    /// the limits reject (the one-shot decode reports it), a thumbnail without alpha (made
    /// by the one-shot decoder's own scaled path), a payload too large to buffer ahead, or a
    /// damaged alpha plane.
    private mutating func makeFrame(_ bitstream: Range<Int>) -> VP8IncrementalFrame? {
        let start = bitstream.lowerBound
        let tag = Int(bytes[start]) | Int(bytes[start + 1]) << 8 | Int(bytes[start + 2]) << 16
        let headerSize = 10 + (tag >> 5)
        guard headerSize <= bitstream.count else { return nil }
        // The picture header checks the first partition against the payload's size only.
        var header = [UInt8](repeating: 0, count: headerSize)
        header[0..<10] = bytes[start..<start + 10]
        guard let info = header.withUnsafeBytes({ try? VP8PictureInfo($0) }) else { return nil }
        let size = PixelSize(width: info.width, height: info.height)
        if let extended, extended.canvas != size { return nil }
        var fullSize = options
        fullSize.thumbnailPixelSize = nil
        fullSize.scaleDownLargeImages = false
        guard let target = try? options.checkDecode(source: size, streamed: false),
              (try? fullSize.checkDecode(source: size, streamed: false)) != nil,
              target == size || alphaChunk != nil,
              bitstream.count <= VP8IncrementalFrame.payloadLimit(pixels: size.pixelCount) else { return nil }
        if let alphaChunk, extended?.hasAlpha == true {
            let plane = bytes.withUnsafeBufferPointer { bytes in
                try? WebPAlpha.decode(UnsafeBufferPointer(rebasing: bytes[alphaChunk]), width: size.width,
                                      height: size.height, cancellation: options.cancellation)
            }
            guard let plane else { return nil }
            alphaPlane = plane
        }
        canvas = size
        self.target = target
        return VP8IncrementalFrame(info: info, size: bitstream.count)
    }
}
