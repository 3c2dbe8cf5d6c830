import OspreyCore

/// One coded image of a WebP file (the still image or one animation frame) decoded while its
/// bytes arrive: a lossless bitstream by a ``VP8LBandDecoder``, a lossy one by a
/// ``VP8ResumableFrame`` with the `ALPH` plane (when the file has alpha) as its alpha. Decoding
/// an image whose bytes are all there is the same calls with every byte given at once
/// (``WebPImageDecoder``).
///
/// - Checks, in the order the rules give them: the bitstream header (and its size against the
///   declared one), the size options ask for, `options`' limits before allocating; a damaged
///   bitstream then fails as its decoder reports.
/// - A lossy image without an `ALPH` chunk whose target is smaller than itself goes straight
///   to the thumbnail (``VP8Decoder/scaledFrame(_:payloadSize:target:options:exact:)``: no
///   full-size image, no partial images); every other image is decoded at full size and
///   shrunk at the end.
/// - The alpha plane is decoded into the output's alpha bytes before the first row (the
///   `ALPH` chunk comes before the bitstream), and the rows keep it; an error in it is
///   reported after the bitstream's own.
///
/// Not `Sendable`: its owner keeps it behind a lock.
final class WebPImageStream {
    /// The image's chunks in the file.
    let image: WebPImageChunks
    /// The size the container declares (the `VP8X` canvas, the `ANMF` frame), or nil when only
    /// the bitstream gives it (a simple file).
    let declared: PixelSize?
    /// The file says it has no alpha: alpha is 255.
    let opaque: Bool
    /// Whether ``DecodeOptions/thumbnailPixelSize`` applies (a still image; frames are
    /// composed at full size).
    let scales: Bool
    private let options: DecodeOptions
    /// The image's size and the size it is decoded to, once its header is read.
    private(set) var size = PixelSize(width: 0, height: 0), target = PixelSize(width: 0, height: 0)
    /// Why the image cannot be decoded, once that is certain.
    private(set) var failure: ImageError?
    private var started = false

    private var lossless: VP8LBandDecoder?
    private var rgba: [UInt8] = []
    private var losslessOpaque = true
    private var full: VP8ResumableFrame<VP8RGBAWriter>?
    /// The alpha plane was written into ``full``'s output.
    private var hasAlphaPlane = false
    private var alphaFailure: ImageError?
    private var scaled: VP8ResumableFrame<VP8ResamplingWriter>?

    /// The decode of `image`, which must be `declared`'s size when that is given. With
    /// `opaque`, alpha is 255; with `scales`, the image is made at the size `options` ask for.
    init(_ image: WebPImageChunks, declared: PixelSize?, opaque: Bool, scales: Bool, options: DecodeOptions) {
        self.image = image
        self.declared = declared
        self.opaque = opaque
        self.scales = scales
        self.options = options
    }

    /// Whether `other` decodes the same chunks the same way.
    func matches(_ image: WebPImageChunks, declared: PixelSize?, opaque: Bool) -> Bool {
        self.image.bitstream == image.bitstream && self.image.alpha == image.alpha
            && self.image.lossless == image.lossless && self.declared == declared && self.opaque == opaque
    }

    /// Full-size rows decoded so far (0 for a lossy thumbnail, which shows no partial image).
    var rowsDone: Int {
        if let lossless { return lossless.rowsDone }
        return full?.output.rowsWritten ?? 0
    }

    /// Bitstream bytes the row decoders read, rolled-back attempts included.
    var bytesRead: Int { lossless?.bytesRead ?? full?.bytesRead ?? scaled?.bytesRead ?? 0 }

    /// Decodes what the file so far, `bytes`, adds to the image.
    func advance(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil else { return }
        let bitstream = image.bitstream
        let available = min(bytes.count, bitstream.upperBound) - bitstream.lowerBound
        guard available > 0 else { return }
        let complete = available == bitstream.count
        let payload = UnsafeBufferPointer(rebasing: bytes[bitstream.lowerBound..<bitstream.lowerBound + available])
        if !started {
            do throws(ImageError) {
                guard try start(payload, complete: complete, file: bytes) else { return }
            } catch {
                failure = error
                return
            }
        }
        if let lossless {
            let opaque = losslessOpaque, width = size.width
            rgba.withUnsafeMutableBytes { rgba in
                lossless.advance(UnsafeBufferPointer(rebasing: payload[5...]), complete: complete) { firstRow, count, argb in
                    VP8LDecoder.storeRGBA(argb, count: count * width, to: rgba.baseAddress! + firstRow * width * 4,
                                          opaque: opaque)
                }
            }
            failure = lossless.failure
        } else if let full {
            feed(full, payload)
            failure = full.failure
        } else if let scaled {
            feed(scaled, payload)
            failure = scaled.failure
        }
    }

    private func feed<Output>(_ frame: VP8ResumableFrame<Output>, _ payload: UnsafeBufferPointer<UInt8>) {
        if payload.count > frame.received {
            frame.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(payload)[frame.received...]))
        }
        frame.advance(cancellation: options.cancellation)
    }

    /// Reads the header and makes the decoder once enough bytes are in; false while waiting.
    private func start(_ payload: UnsafeBufferPointer<UInt8>, complete: Bool,
                       file: UnsafeBufferPointer<UInt8>) throws(ImageError) -> Bool {
        if image.lossless {
            guard payload.count >= 5 || complete else { return false }
            let header = try VP8LDecoder.header(payload)
            try setSize(PixelSize(width: header.width, height: header.height))
            losslessOpaque = opaque || !header.alphaIsUsed
            rgba = complete ? [UInt8](unsafeUninitializedCapacity: size.pixelCount * 4) { _, count in
                count = size.pixelCount * 4   // every row is written, or the decode fails
            } : [UInt8](repeating: 0, count: size.pixelCount * 4)
            lossless = VP8LBandDecoder(width: size.width, height: size.height, cancellation: options.cancellation)
            started = true
            return true
        }
        guard payload.count >= 10 || complete else { return false }
        // The frame tag of a key frame and its start code, then the sizes.
        guard payload.count >= 10, payload[0] & 1 == 0, payload[3] == 0x9D, payload[4] == 0x01, payload[5] == 0x2A
        else { throw ImageError(.badImageData) }
        try setSize(PixelSize(width: (Int(payload[6]) | Int(payload[7]) << 8) & 0x3FFF,
                              height: (Int(payload[8]) | Int(payload[9]) << 8) & 0x3FFF))
        let declaredSize = image.bitstream.count
        guard complete || declaredSize <= VP8ResumableFrame<VP8RGBAWriter>.payloadLimit(pixels: size.pixelCount)
        else { return false }
        // The picture header checks the first partition against the payload's declared size only.
        let tag = Int(payload[0]) | Int(payload[1]) << 8 | Int(payload[2]) << 16
        var header = [UInt8](repeating: 0, count: min(declaredSize, 10 + (tag >> 5)))
        for index in 0..<10 { header[index] = payload[index] }
        let info = try header.withUnsafeBytes { header in Result { () throws(ImageError) in try VP8PictureInfo(header) } }.get()
        if target != size && image.alpha == nil {
            scaled = try VP8Decoder.scaledFrame(info, payloadSize: declaredSize, target: target, options: options)
        } else {
            _ = try fullSizeOptions.checkDecode(source: size, streamed: false)
            let applyAlpha = image.alpha != nil && !opaque
            let frame = VP8ResumableFrame(info: info, size: declaredSize,
                                          output: VP8RGBAWriter(width: size.width, height: size.height,
                                                                keepsAlpha: applyAlpha))
            if applyAlpha, let alpha = image.alpha { decodeAlpha(alpha, in: file, into: frame) }
            full = frame
        }
        started = true
        return true
    }

    /// Checks `size` against the declared size and the limits, and sets the target.
    private func setSize(_ size: PixelSize) throws(ImageError) {
        if let declared, declared != size { throw ImageError(.badImageData) }
        self.size = size
        target = scales ? try options.checkDecode(source: size, streamed: false) : size
        if image.lossless { _ = try fullSizeOptions.checkDecode(source: size, streamed: false) }
    }

    private var fullSizeOptions: DecodeOptions {
        var options = options
        options.thumbnailPixelSize = nil
        options.scaleDownLargeImages = false
        return options
    }

    private func decodeAlpha(_ alpha: Range<Int>, in file: UnsafeBufferPointer<UInt8>,
                             into frame: VP8ResumableFrame<VP8RGBAWriter>) {
        hasAlphaPlane = true
        do throws(ImageError) {
            try frame.withOutputBytes { (rgba) throws(ImageError) in
                try WebPAlpha.decode(UnsafeBufferPointer(rebasing: file[alpha]), width: size.width, height: size.height,
                                     cancellation: options.cancellation, intoAlphaOf: rgba)
            }
        } catch {
            if error.code == .cancelled { failure = error } else { alphaFailure = error }
        }
    }

    /// The image so far at its target size: the rows decoded, the rest transparent black; nil
    /// for a lossy thumbnail.
    func partialImage() -> PixelBuffer? {
        // A failed decode shows nothing (a lossless output given every byte at once is not
        // cleared first: only the rows decoded are known).
        guard failure == nil else { return nil }
        var pixels: PixelBuffer
        if lossless != nil {
            pixels = PixelBuffer(width: size.width, height: size.height, bytes: rgba)
        } else if let full {
            var bytes = full.output.bytes
            if hasAlphaPlane {
                // Rows not decoded yet hold only the alpha plane: clear it there.
                bytes.withUnsafeMutableBufferPointer { rgba in
                    for index in stride(from: full.output.rowsWritten * size.width * 4 + 3, to: rgba.count, by: 4) {
                        rgba[index] = 0
                    }
                }
            }
            pixels = PixelBuffer(width: size.width, height: size.height, bytes: bytes)
        } else {
            return nil
        }
        return target == size ? pixels : StreamingResampler.resize(pixels, to: target)
    }

    /// The decoded image at its target size, or why it cannot be decoded (call once every
    /// byte of the image was given).
    func result() throws(ImageError) -> PixelBuffer {
        if let failure { throw failure }
        var pixels: PixelBuffer
        if let lossless, lossless.isComplete {
            pixels = PixelBuffer(width: size.width, height: size.height, bytes: rgba)
        } else if let full, full.isComplete {
            if let alphaFailure { throw alphaFailure }
            pixels = full.output.pixels
        } else if let scaled, scaled.isComplete {
            return scaled.output.pixels
        } else {
            throw ImageError(.badImageData)
        }
        return target == size ? pixels : StreamingResampler.resize(pixels, to: target)
    }
}
