import Foundation
import OspreyCore

/// Encodes images as JPEG in pure Swift: baseline or progressive, JFIF, 8-bit.
///
/// Quality 1…100 scales the IJG (Annex K) quantisation tables exactly as libjpeg does, so a
/// quality means here what it means in libjpeg-turbo and Pillow. Colour images are YCbCr at
/// 4:4:4, 4:2:2 or 4:2:0 (by default 4:2:0 below quality 90); grey images have one component.
/// Huffman tables are fitted to the image by default (a record of the symbols is replayed,
/// the DCT runs once) or are the standard ones; restart intervals, an EXIF orientation and an
/// ICC profile are optional. JPEG has no alpha: partly transparent pixels are flattened onto
/// ``ImageEncodeOptions/background`` (white unless set).
///
/// Memory: a baseline encode holds the output, one MCU row of samples and about 50 KB of
/// entropy-coded bytes before stuffing (plus, with fitted tables, the symbol record, about
/// four bytes per non-zero coefficient); a progressive encode also holds every quantised
/// coefficient (two bytes each).
///
/// The transform is libjpeg's accurate integer DCT (islow) in 16-bit lanes, chosen over the
/// faster AAN (ifast) for the same PSNR as libjpeg-turbo at every quality (``JPEGForwardDCT``
/// says why the lanes suffice).
///
/// An animated image is encoded as its first frame.
public struct JPEGEncoder: ImageEncoding {
    /// The options used by ``encode(_:format:)``.
    public var options: ImageEncodeOptions

    /// An encoder with `options` (default quality 85, 4:2:0, fitted tables, baseline).
    public init(options: ImageEncodeOptions = ImageEncodeOptions()) {
        self.options = options
    }

    /// JPEG only.
    public func canEncode(_ format: ImageFormat) -> Bool { format == .jpeg }

    /// Encodes `image` with ``options``.
    public func encode(_ image: DecodedImage, format: ImageFormat) throws(ImageError) -> Data {
        try encode(image, format: format, options: options)
    }

    /// Encodes `image`'s first frame as `format` (JPEG; anything else is
    /// ``ImageError/Code/unsupportedFormat``) with `options`.
    public func encode(_ image: DecodedImage, format: ImageFormat, options: ImageEncodeOptions) throws(ImageError) -> Data {
        guard canEncode(format) else { throw ImageError(.unsupportedFormat) }
        var options = options
        // The image's own ICC profile travels with it unless the caller chose one (an image
        // converted to sRGB carries none, so nothing is written for it).
        if options.iccProfile == nil, let icc = image.colorProfile?.iccData { options.iccProfile = [UInt8](icc) }
        return try Self.encode(image.firstFrame, options: options)
    }

    /// The JPEG for `pixels`. An empty buffer is ``ImageError/Code/badImageData``; a side
    /// above 65 535 is ``ImageError/Code/imageTooLarge`` (JPEG stores 16-bit sizes).
    public static func encode(_ pixels: PixelBuffer, options: ImageEncodeOptions = ImageEncodeOptions()) throws(ImageError) -> Data {
        Data(try JPEGEncodeSession(pixels: pixels, options: options).encode())
    }
}
