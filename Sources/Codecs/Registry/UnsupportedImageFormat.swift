import Foundation
import OspreyCore

/// The ``ImageError/underlying`` error of an ``ImageError/Code/unsupportedFormat`` failure
/// whose format was recognised but has no decoder here (HEIC, AVIF or TIFF on Linux, where
/// no system codec reads them), so the message names it.
public struct UnsupportedImageFormat: Error, Sendable, Hashable, CustomStringConvertible {
    /// The format the bytes are in.
    public let format: ImageFormat

    /// The format named in a message, e.g. `no decoder for HEIC images`.
    public var description: String { "no decoder for \(format.rawValue.uppercased()) images" }

    /// `.unsupportedFormat` for `data`, naming its format when ``ImageFormat/detect(_:)``
    /// recognises it.
    static func error(for data: Data) -> ImageError {
        let format = ImageFormat.detect(data)
        guard format != .unknown else { return ImageError(.unsupportedFormat) }
        return ImageError(.unsupportedFormat, underlying: UnsupportedImageFormat(format: format))
    }
}

extension ImageError {
    /// The format of a file no decoder reads, when it was recognised (see
    /// ``UnsupportedImageFormat``); nil otherwise.
    public var unsupportedFormat: ImageFormat? {
        (underlying as? UnsupportedImageFormat)?.format
    }
}
