import Foundation
import OspreyCore

// libFuzzer entry point for the JPEG decoder. Fuzz/run.sh compiles this file into
// module OspreyCodecs (with Sources/Codecs and Fuzz/Common), so it sees codec internals and
// needs no SwiftPM. Each input is decoded twice: at full size and as a thumbnail
// (DCT-scaled, then resampled), so that the reduced IDCTs, the streamed shrinking path and
// the orientation transform are fuzzed as well as the entropy decoder, the IDCT and the
// colour conversion, then fed in pieces to the resumable decoder (Fuzz/Common). JPEG has no checksums,
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

    // A streamed thumbnail is no longer bounded by the pixel limit (only its output is), so
    // bound its work instead: a header may claim 16 M pixels, not the default half billion.
    // The size varies with the input so that every DCT scale (1/8, 1/4, 1/2) is exercised.
    options.decodeWorkBudget = 1 << 24
    let sizes = [PixelSize(width: 7, height: 5), PixelSize(width: 150, height: 100), PixelSize(width: 300, height: 200)]
    options.thumbnailPixelSize = sizes[count % sizes.count]
    decodeChecked(data, options)

    // Progressive loading: fed in pieces (their size taken from the data, so mutations vary
    // it), the resumable decoder must end exactly as the one-shot decode does, at full size
    // and as a thumbnail.
    let piece = 1 + Int(data.last ?? 0) % 509
    fuzzIncrementalMatchesOneShot(JPEGDecoder(), data, options, piece: piece, allBytes: true)
    options.thumbnailPixelSize = nil
    fuzzIncrementalMatchesOneShot(JPEGDecoder(), data, options, piece: piece, allBytes: count % 2 == 0)
    return 0
}

/// Decodes `data` with the JPEG decoder under the shared checks (Fuzz/Common).
private func decodeChecked(_ data: Data, _ options: DecodeOptions) {
    fuzzDecodeChecked(JPEGDecoder(), data, options, allowedErrors: [.badImageData, .imageTooLarge, .unsupportedFormat])
}
