import Foundation
import OspreyCore

/// Encodes RGBA images as PNG in pure Swift (an animated image as APNG).
///
/// The smallest lossless colour type is chosen from the pixels: grey when every pixel has
/// R = G = B, no alpha channel when every pixel is opaque, otherwise RGBA; always 8 bits per
/// sample, never interlaced. Rows get the filter the minimum-sum-of-absolute-differences
/// heuristic picks, and the data is deflated at ``level``.
///
/// An image with several frames becomes an APNG whose default image is frame 0, each frame
/// covering the whole canvas (dispose none, blend source), with the frames' durations (in
/// milliseconds) and the image's loop count as `num_plays`.
public struct PNGEncoder: ImageEncoding {
    /// The default compression level: 6, zlib's balance of speed and size.
    public static let defaultLevel = 6

    /// The deflate level: 0 stores (fast, large), 1–3 search briefly, 4–9 ever longer
    /// (9 is smallest and slowest). Rows are filtered at every level but 0.
    public var level: Int

    /// The fast mode made for cache entries (one cheap filter choice per row, previous-pixel
    /// matches only, fitted Huffman codes): several times faster than ``level`` 1 at a
    /// somewhat larger size. Ignores ``level``.
    public var fast: Bool

    /// An encoder compressing at `level` (clamped to 0...9).
    public init(level: Int = PNGEncoder.defaultLevel) {
        self.init(level: level, fast: false)
    }

    /// An encoder compressing at `level` (clamped to 0...9), or in the fast mode.
    public init(level: Int, fast: Bool) {
        self.level = min(9, max(0, level))
        self.fast = fast
    }

    /// PNG only.
    public func canEncode(_ format: ImageFormat) -> Bool { format == .png }

    /// Encodes `image` as a PNG, or an APNG when it has several frames. Other formats are
    /// ``ImageError/Code/unsupportedFormat``.
    public func encode(_ image: DecodedImage, format: ImageFormat) throws(ImageError) -> Data {
        guard canEncode(format) else { throw ImageError(.unsupportedFormat) }
        return try PNGWriter(frames: image.frames, loopCount: image.loopCount, level: level, fast: fast,
                             colorChunks: PNGColorChunks.chunks(for: image.colorProfile)).write()
    }

    /// Encodes `image` as a PNG (or APNG) with `options`: ``ImageEncodeOptions/fastPNG``
    /// selects the fast mode, ``ImageEncodeOptions/compressionLevel`` the level (else
    /// ``level``).
    public func encode(_ image: DecodedImage, format: ImageFormat, options: ImageEncodeOptions) throws(ImageError) -> Data {
        guard canEncode(format) else { throw ImageError(.unsupportedFormat) }
        let level = options.compressionLevel.map { min(9, max(0, $0)) } ?? level
        return try PNGWriter(frames: image.frames, loopCount: image.loopCount, level: level,
                             fast: options.fastPNG || (fast && options.compressionLevel == nil),
                             colorChunks: PNGColorChunks.chunks(for: image.colorProfile)).write()
    }

    /// The PNG for `pixels` at `level`. An empty buffer (no pixels) is
    /// ``ImageError/Code/badImageData``: PNG has no zero-sized images.
    public static func encode(_ pixels: PixelBuffer, level: Int = PNGEncoder.defaultLevel) throws(ImageError) -> Data {
        try encode(pixels, level: level, fast: false)
    }

    /// The PNG for `pixels` at `level`, or in the fast mode.
    public static func encode(_ pixels: PixelBuffer, level: Int, fast: Bool) throws(ImageError) -> Data {
        try PNGWriter(frames: [ImageFrame(pixels: pixels)], loopCount: 0, level: min(9, max(0, level)), fast: fast).write()
    }
}

/// Assembles the chunks of one encoded file.
private struct PNGWriter {
    /// IDAT and fdAT payloads are split into chunks of at most this many bytes.
    static let maxChunkData = 64 * 1024

    let frames: [ImageFrame]
    let loopCount: Int
    let level: Int
    let fast: Bool
    /// The image's colour chunks (``PNGColorChunks/chunks(for:)``), written after `IHDR`.
    var colorChunks: [(String, [UInt8])] = []

    func write() throws(ImageError) -> Data {
        let first = frames[0].pixels
        guard first.width > 0, first.height > 0, first.width <= Int(Int32.max), first.height <= Int(Int32.max) else {
            throw ImageError(.badImageData)
        }
        let layout = PNGPixelLayout(analyzing: frames.map(\.pixels))
        var file = PNGFileBuffer(capacity: 4096)
        file.append(PNGChunkReader.signature)
        var header = [UInt8]()
        header.appendUInt32(first.width)
        header.appendUInt32(first.height)
        header += [8, UInt8(layout.colorType.rawValue), 0, 0, 0]
        file.appendChunk("IHDR", header)
        for (type, payload) in colorChunks { file.appendChunk(type, payload) }

        var sequence = 0
        guard frames.count > 1 else {
            appendImageData(of: first, layout: layout, frameData: false, sequence: &sequence, to: &file)
            file.appendChunk("IEND", [])
            return file.data()
        }
        var control = [UInt8]()
        control.appendUInt32(frames.count)
        control.appendUInt32(max(0, loopCount))
        file.appendChunk("acTL", control)
        for (index, frame) in frames.enumerated() {
            file.appendChunk("fcTL", frameControl(frame, sequence: sequence))
            sequence += 1
            appendImageData(of: frame.pixels, layout: layout, frameData: index > 0, sequence: &sequence, to: &file)
        }
        file.appendChunk("IEND", [])
        return file.data()
    }

    /// Appends `pixels`' image data as `IDAT` chunks, or as `fdAT` chunks numbered from
    /// `sequence` on when `frameData` is set.
    private func appendImageData(of pixels: PixelBuffer, layout: PNGPixelLayout, frameData: Bool, sequence: inout Int,
                                 to file: inout PNGFileBuffer) {
        if fast {
            PNGFastCompressor.writeImageData(pixels, colorType: layout.colorType, frameData: frameData,
                                             sequence: &sequence, into: &file)
            return
        }
        let raw = layout.rows(of: pixels)
        let rowBytes = pixels.width * layout.colorType.channels
        let filtered = raw.withUnsafeBufferPointer {
            PNGRowFilter.filter($0, rowBytes: rowBytes, height: pixels.height,
                                stride: layout.colorType.channels, adaptive: level > 0)
        }
        let data = Deflater.compress(filtered, level: level)
        data.withUnsafeBytes { data in
            for start in stride(from: 0, to: data.count, by: Self.maxChunkData) {
                let piece = UnsafeRawBufferPointer(rebasing: data[start..<min(data.count, start + Self.maxChunkData)])
                if frameData {
                    var payload = [UInt8]()
                    payload.appendUInt32(sequence)
                    payload.append(contentsOf: piece)
                    file.appendChunk("fdAT", payload)
                    sequence += 1
                } else {
                    file.appendChunk("IDAT", piece)
                }
            }
        }
    }

    /// An `fcTL` for a frame covering the canvas; the delay in milliseconds where it fits
    /// in 16 bits, else in whole seconds.
    private func frameControl(_ frame: ImageFrame, sequence: Int) -> [UInt8] {
        var payload = [UInt8]()
        payload.appendUInt32(sequence)
        payload.appendUInt32(frame.pixels.width)
        payload.appendUInt32(frame.pixels.height)
        payload.appendUInt32(0)
        payload.appendUInt32(0)
        let milliseconds = (max(0, frame.duration) * 1000).rounded()
        let (numerator, denominator) = milliseconds <= 65535 ? (Int(milliseconds), 1000)
            : (Int(min(65535, frame.duration.rounded())), 1)
        payload += [UInt8(numerator >> 8), UInt8(numerator & 0xFF), UInt8(denominator >> 8), UInt8(denominator & 0xFF)]
        payload += [0, 0]   // dispose none, blend source
        return payload
    }
}

extension [UInt8] {
    fileprivate mutating func appendUInt32(_ value: Int) {
        append(contentsOf: [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
