import Foundation
import OspreyCore

/// Small helpers shared by the PNG, APNG and deflate tests.
enum PNGTestHelpers {
    /// The error code decoding `data` throws, or nil when it decodes.
    static func decodeFailure(_ data: Data, options: DecodeOptions = DecodeOptions()) -> ImageError.Code? {
        do {
            _ = try PNGDecoder().decode(data, options: options)
            return nil
        } catch {
            return error.code
        }
    }
}
