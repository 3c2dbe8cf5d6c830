import Foundation
import OspreyCore

// libFuzzer entry point for the BMP decoder. Fuzz/run.sh compiles this file into module
// OspreyCodecs (with Sources/Codecs and Fuzz/Common), so it sees codec internals and needs no
// SwiftPM. Each input is decoded full size, as a thumbnail (uncompressed rows stream through
// the resampler, RLE goes through a canvas) and with a pixel limit it may exceed, so the
// header parser, the row expanders for every depth and mask, the RLE state machine and the
// limit checks are all reached. BMP has no checksums: every mutation reaches them.
//
// A finding is anything that is not a clean return: a trap (overflow, out-of-bounds index,
// precondition), an AddressSanitizer report, a leak, a timeout or an out-of-memory. Any error
// thrown must be an `ImageError` with a decoding code (`.unsupportedFormat` too: an embedded
// JPEG may use a process the JPEG decoder does not read, such as arithmetic coding); anything
// else traps on purpose.

/// 1 Mpx per canvas: each input spends its time in the decoder, not in memset. (At 4 Mpx a
/// mutated header made most inputs allocate and shrink a full RLE canvas: 67 execs/s.)
private let fuzzPixelLimit = 1 << 20

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBMP(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    var options = DecodeOptions()
    options.maxPixelCount = fuzzPixelLimit
    options.decodeWorkBudget = fuzzPixelLimit * 4
    decodeChecked(data, options)

    options.thumbnailPixelSize = PixelSize(width: 7, height: 5)
    decodeChecked(data, options)

    // Header-claimed sizes the data cannot back must fail before allocating, not after.
    options.thumbnailPixelSize = nil
    options.maxPixelCount = 4096
    decodeChecked(data, options)
    return 0
}

/// Decodes `data` with the BMP decoder under the shared checks (Fuzz/Common).
private func decodeChecked(_ data: Data, _ options: DecodeOptions) {
    fuzzDecodeChecked(BMPDecoder(), data, options, allowedErrors: [.badImageData, .imageTooLarge, .unsupportedFormat])
}
