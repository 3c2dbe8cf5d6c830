import Foundation
import OspreyCore

/// Decodes Windows icons and cursors (ICO, CUR) in pure Swift, to 8-bit straight-alpha RGBA.
///
/// - Which image: a full decode takes the directory's largest entry (as Pillow and Windows
///   do; of two the same size, the deeper). With ``DecodeOptions/thumbnailPixelSize`` it
///   takes the smallest entry that covers the thumbnail (nothing enlarged), else the largest,
///   and shrinks it to the thumbnail.
/// - PNG entries are decoded by ``PNGDecoder``. BMP entries (a DIB with no file header and
///   twice the height: colour rows, then a 1-bit AND mask) are decoded by the BMP decoder's
///   raster code; the AND mask makes its set pixels transparent. A 32-bit entry carries alpha
///   in its fourth byte instead, and its mask is used only when that alpha is zero everywhere
///   (icons written before alpha existed).
/// - Limits and cancellation as the entry's decoder has them: ``DecodeOptions/maxPixelCount``
///   and ``DecodeOptions/decodeWorkBudget`` are checked before allocating
///   (``ImageError/Code/imageTooLarge``); a damaged directory or entry is
///   ``ImageError/Code/badImageData``.
///
/// Stateless and `Sendable`: one instance may decode on many threads at once.
public struct ICODecoder: ImageDecoding {
    /// An ICO and CUR decoder.
    public init() {}

    /// Whether `data` starts with an icon or cursor directory (``ImageFormat/detect(_:)``).
    public func canDecode(_ data: Data) -> Bool {
        ImageFormat.detect(data) == .ico
    }

    /// Decodes the entry `options` call for (see the type's documentation).
    public func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        let bytes = [UInt8](data)
        let directory = try ICODirectory(bytes)
        let entry: ICODirectory.Entry
        if let box = options.thumbnailPixelSize, box.width > 0, box.height > 0 {
            entry = directory.nearest(atLeast: box, preservingAspectRatio: options.preserveAspectRatio)
        } else {
            entry = directory.largest
        }
        let slice = [UInt8](bytes[entry.range])
        let pixels: PixelBuffer
        if slice.starts(with: PNGChunkReader.signature) {
            var inner = options
            inner.firstFrameOnly = true   // an icon entry is one picture
            pixels = try PNGDecoder().decode(Data(slice), options: inner).frames[0].pixels
        } else {
            pixels = try Self.decodeBitmap(slice, options: options)
        }
        return DecodedImage(pixels: pixels, format: .ico)
    }

    /// An entry stored as a DIB: colour rows, then the AND mask, both bottom-up.
    private static func decodeBitmap(_ bytes: [UInt8], options: DecodeOptions) throws(ImageError) -> PixelBuffer {
        var header = try BMPHeader(bytes, fileHeader: false)
        guard header.compression != .jpeg, header.compression != .png else { throw ImageError(.badImageData) }
        // The stated height covers the colour rows and the mask rows.
        let storedHeight = header.height
        header.height = storedHeight / 2
        guard header.height > 0 else { throw ImageError(.badImageData) }
        let hasAlphaByte = header.bitCount == 32 && header.compression == .none
        let masks = hasAlphaByte ? BMPChannelMasks.bgra32 : header.masks

        // The mask applies to the full-size colour image: decode at full size, mask, then shrink.
        var full = options
        full.thumbnailPixelSize = nil
        full.scaleDownLargeImages = false
        var pixels = try BMPDecoder.decodePixels(header, bytes: bytes, masks: masks, options: full)
        let usesMask = !(masks.hasAlpha && pixels.bytes.withUnsafeBufferPointer { hasVisibleAlpha($0) })
        if usesMask && (header.compression == .none || header.compression == .bitFields) {
            applyMask(of: header, bytes: bytes, to: &pixels)
        }
        return StreamingResampler.resize(pixels, to: options.targetSize(for: pixels.size))
    }

    /// Whether any alpha byte of `rgba` is non-zero.
    private static func hasVisibleAlpha(_ rgba: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 3
        while index < rgba.count {
            if rgba[index] != 0 { return true }
            index += 4
        }
        return false
    }

    /// Sets alpha from the AND mask that follows the colour rows: a set bit is transparent, a
    /// clear one opaque. Mask rows the data lacks leave their pixels opaque.
    private static func applyMask(of header: BMPHeader, bytes: [UInt8], to pixels: inout PixelBuffer) {
        let width = header.width, height = header.height
        let maskStride = ((width + 31) / 32) * 4
        let maskStart = header.pixelOffset + header.rowStride * height
        pixels.bytes.withUnsafeMutableBufferPointer { rgba in
            for y in 0..<height {
                let stored = header.topDown ? y : height - 1 - y
                let rowStart = maskStart + stored * maskStride
                for x in 0..<width {
                    let at = rowStart + x / 8
                    let transparent = at < bytes.count && bytes[at] & (0x80 >> UInt8(x % 8)) != 0
                    rgba[(y * width + x) * 4 + 3] = transparent ? 0 : 255
                }
            }
        }
    }
}
