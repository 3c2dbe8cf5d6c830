import Foundation
import OspreyCore

// libFuzzer entry point for the ICO/CUR decoder. Fuzz/run.sh compiles this file into module
// OspreyCodecs (with Sources/Codecs and Fuzz/Common), so it sees codec internals and needs no
// SwiftPM. Each input is decoded full size (the largest entry) and as two thumbnails (the
// nearest entry at or above each size), so the directory parser, entry selection, BMP entries
// with their AND masks and PNG entries (through the PNG decoder) are all reached.
//
// A finding is anything that is not a clean return: a trap (overflow, out-of-bounds index,
// precondition), an AddressSanitizer report, a leak, a timeout or an out-of-memory. Any error
// thrown must be an `ImageError` with a decoding code; anything else traps on purpose.

/// 4 Mpx per canvas: each input spends its time in the decoder, not in memset.
private let fuzzPixelLimit = 1 << 22

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICO(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    var options = DecodeOptions()
    options.maxPixelCount = fuzzPixelLimit
    options.decodeWorkBudget = fuzzPixelLimit * 4
    fuzzDecodeChecked(ICODecoder(), data, options)

    options.thumbnailPixelSize = PixelSize(width: 16, height: 16)
    fuzzDecodeChecked(ICODecoder(), data, options)

    options.thumbnailPixelSize = PixelSize(width: 5, height: 9)
    options.preserveAspectRatio = false
    fuzzDecodeChecked(ICODecoder(), data, options)
    return 0
}
