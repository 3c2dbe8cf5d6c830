#if canImport(ImageIO)
import CoreGraphics
import Foundation
import ImageIO
import OspreyCore

/// The platform's codecs on Apple: everything ImageIO reads that Osprey's own decoders do not
/// (HEIC, AVIF, TIFF, and whatever else the system supports), registered after the built-in
/// decoders. The first image of the file is decoded; thumbnails come from
/// `CGImageSourceCreateThumbnailAtIndex` at the size and with the limits of
/// ``PlatformDecodePlan`` (tested on Linux), so this adapter only carries the plan out.
public struct ImageIODecoder: ImageDecoding, IncrementalImageDecoderProviding {
    /// A decoder for every format ImageIO reads.
    public init() {}

    /// Whether ImageIO recognises `data`'s type.
    public func canDecode(_ data: Data) -> Bool {
        guard let source = CGImageSourceCreateWithData(data as CFData, nil) else { return false }
        return CGImageSourceGetType(source) != nil
    }

    /// Decodes the first image of `data` as `options` say.
    public func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        try options.checkCancellation()
        guard let source = CGImageSourceCreateWithData(data as CFData, nil) else { throw ImageError(.badImageData) }
        return try Self.decode(source, format: ImageFormat.detect(data), options: options)
    }

    /// An incremental decoder over `CGImageSourceCreateIncremental`.
    public func makeIncrementalDecoder(options: DecodeOptions) -> any IncrementalImageDecoding {
        ImageIOIncrementalDecoder(options: options)
    }

    /// The first image of `source` (complete or, for previews, partial).
    static func decode(_ source: CGImageSource, format: ImageFormat,
                       options: DecodeOptions) throws(ImageError) -> DecodedImage {
        guard CGImageSourceGetCount(source) > 0,
              let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as NSDictionary?,
              let width = (properties[kCGImagePropertyPixelWidth] as? NSNumber)?.intValue,
              let height = (properties[kCGImagePropertyPixelHeight] as? NSNumber)?.intValue
        else { throw ImageError(.badImageData) }
        let orientation = (properties[kCGImagePropertyOrientation] as? NSNumber)?.intValue
        let plan = try PlatformDecodePlan(source: PixelSize(width: width, height: height),
                                          exifOrientation: orientation, options: options)
        let image: CGImage?
        if let side = plan.thumbnailMaxPixelSize {
            let request: NSDictionary = [
                kCGImageSourceCreateThumbnailFromImageAlways: true,
                kCGImageSourceThumbnailMaxPixelSize: side,
                kCGImageSourceCreateThumbnailWithTransform: plan.codecAppliesOrientation,
                kCGImageSourceShouldCacheImmediately: true,
            ]
            image = CGImageSourceCreateThumbnailAtIndex(source, 0, request)
        } else {
            image = CGImageSourceCreateImageAtIndex(source, 0, [kCGImageSourceShouldCacheImmediately: true] as NSDictionary)
        }
        try options.checkCancellation()
        guard let image, var pixels = CGImagePixels.rgba(of: image) else { throw ImageError(.badImageData) }
        if let turn = plan.orientation { pixels = turn.apply(to: pixels) }
        return DecodedImage(pixels: pixels, format: format)
    }
}

/// `CGImageSourceCreateIncremental` fed piece by piece: previews are whatever ImageIO can show
/// of the bytes so far; the final image is the one-shot decode of all of them.
final class ImageIOIncrementalDecoder: IncrementalImageDecoding, @unchecked Sendable {
    // Safety: the protocol's contract — calls on one instance never overlap (the owner makes
    // them one after the other) — serialises every access to the mutable state below.
    private let options: DecodeOptions
    private let source = CGImageSourceCreateIncremental(nil)
    private var data = Data()
    private var bytesAtLastImage = 0

    init(options: DecodeOptions) {
        self.options = options
    }

    /// ImageIO keeps its own state between updates.
    var isResumable: Bool { true }

    func append(_ chunk: Data) {
        data.append(chunk)
        CGImageSourceUpdateData(source, data as CFData, false)
    }

    func currentImage() -> DecodedImage? {
        guard data.count > bytesAtLastImage else { return nil }
        let status = CGImageSourceGetStatusAtIndex(source, 0)
        guard status == .statusIncomplete || status == .statusComplete else { return nil }
        bytesAtLastImage = data.count
        return try? ImageIODecoder.decode(source, format: ImageFormat.detect(data), options: options)
    }

    func finish() throws(ImageError) -> DecodedImage {
        CGImageSourceUpdateData(source, data as CFData, true)
        return try ImageIODecoder().decode(data, options: options)
    }
}
#endif
