import Foundation
import OspreyCore

// libFuzzer entry point for the JPEG decoder. Fuzz/run.sh compiles this file into
// module OspreyCodecs (with Sources/Codecs and Fuzz/Common), so it sees codec internals and
// needs no SwiftPM. Each input is decoded twice: at full size and as a small
// thumbnail, so that the streamed shrinking path and the orientation transform are fuzzed
// as well as the entropy decoder, the IDCT and the colour conversion. JPEG has no checksums,
// so mutations reach every segment parser without any repair step.
//
// A finding is anything that is not a clean return: a trap (overflow, out-of-bounds index,
// precondition), an AddressSanitizer report, a leak, a timeout or an out-of-memory. Any error
// thrown must be an `ImageError` with a decoding code; anything else traps on purpose.

/// The pixel limit for the campaign: 0.5 Mpx. Every decode fills its whole canvas (a cut-off
/// scan leaves mid-grey, not nothing), so a multi-megapixel seed costs about a second per
/// exec under AddressSanitizer; with this limit large seeds are rejected at the header and
/// their mutations that shrink the frame, and the small ones (kodim 768×512 is 0.39 Mpx), are
/// decoded at hundreds of execs a second.
private let fuzzPixelLimit = 1 << 19

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEG(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    var options = DecodeOptions()
    options.maxPixelCount = fuzzPixelLimit
    decodeChecked(data, options)

    options.thumbnailPixelSize = PixelSize(width: 7, height: 5)
    decodeChecked(data, options)
    return 0
}

/// Decodes `data` with the JPEG decoder under the shared checks (Fuzz/Common).
private func decodeChecked(_ data: Data, _ options: DecodeOptions) {
    fuzzDecodeChecked(JPEGDecoder(), data, options, allowedErrors: [.badImageData, .imageTooLarge, .unsupportedFormat])
}
