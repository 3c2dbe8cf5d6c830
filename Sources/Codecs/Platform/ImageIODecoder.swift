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
/// of the bytes so far; the final image is the same source decoded once every byte is in.
final class ImageIOIncrementalDecoder: IncrementalImageDecoding {
    private struct State {
        let source = CGImageSourceCreateIncremental(nil)
        var data = Data()
        var bytesAtLastImage = 0
    }

    private let options: DecodeOptions
    /// Invariant: `data` is every byte appended so far and `source` was last updated with it.
    /// Callers never overlap (the protocol's contract); the lock makes that safe to rely on.
    private let state = Locked(State())

    init(options: DecodeOptions) {
        self.options = options
    }

    /// ImageIO keeps its own state between updates.
    var isResumable: Bool { true }

    func append(_ chunk: Data) {
        state.withLock { state in
            state.data.append(chunk)
            CGImageSourceUpdateData(state.source, state.data as CFData, false)
        }
    }

    func currentImage() -> DecodedImage? {
        state.withLock { state in
            guard state.data.count > state.bytesAtLastImage else { return nil }
            let status = CGImageSourceGetStatusAtIndex(state.source, 0)
            guard status == .statusIncomplete || status == .statusComplete else { return nil }
            state.bytesAtLastImage = state.data.count
            return try? ImageIODecoder.decode(state.source, format: ImageFormat.detect(state.data), options: options)
        }
    }

    func finish() throws(ImageError) -> DecodedImage {
        let result = state.withLock { state -> Result<DecodedImage, ImageError> in
            CGImageSourceUpdateData(state.source, state.data as CFData, true)
            return Result { () throws(ImageError) in
                try ImageIODecoder.decode(state.source, format: ImageFormat.detect(state.data), options: options)
            }
        }
        return try result.get()
    }
}
#endif
