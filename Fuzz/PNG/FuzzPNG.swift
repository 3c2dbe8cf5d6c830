import Foundation
import OspreyCore

// libFuzzer entry point for the PNG/APNG decoder. Fuzz/run.sh compiles this file into
// module OspreyCodecs (with Sources/Codecs and Fuzz/Common), so it sees codec internals and
// needs no SwiftPM. Each input is decoded three ways (full size, thumbnail, first frame only) so that
// the streaming thumbnail path and the APNG default-image path are fuzzed as well. Every chunk
// CRC is checked by the decoder, so most random mutations would stop at the first CRC: the
// thumbnail and first-frame decodes therefore run on a copy with the CRCs repaired, which
// lets mutations reach IHDR validation, inflate, unfiltering and APNG composition.
//
// A finding is anything that is not a clean return: a trap (overflow, out-of-bounds index,
// precondition), an AddressSanitizer report, a leak, a timeout or an out-of-memory. Any error
// thrown must be an `ImageError` with a decoding code; anything else traps on purpose.

/// The pixel limit for the campaign: 4 Mpx (16 MiB per canvas). The default limit (64 Mpx)
/// would let each input allocate 256 MiB and spend its time in memset, not in the decoder.
private let fuzzPixelLimit = 1 << 22

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    var options = DecodeOptions()
    options.maxPixelCount = fuzzPixelLimit
    decodeChecked(data, options)

    let repaired = Data(repairingCRCs([UInt8](data)))
    decodeChecked(repaired, options)

    options.thumbnailPixelSize = PixelSize(width: 7, height: 5)
    decodeChecked(repaired, options)

    options.thumbnailPixelSize = nil
    options.firstFrameOnly = true
    decodeChecked(repaired, options)

    // The incremental decoder, fed in pieces whose size the input picks: the one-shot decode
    // is the same state fed everything, so the two must agree exactly (image or error code),
    // with no bytes handed over at the end. Full size and as a thumbnail (the Adam7 sums).
    options.firstFrameOnly = false
    let piece = 1 + Int(data.first ?? 0) % 64
    fuzzIncrementalMatchesOneShot(PNGDecoder(), repaired, options, piece: piece)
    options.thumbnailPixelSize = PixelSize(width: 7, height: 5)
    fuzzIncrementalMatchesOneShot(PNGDecoder(), repaired, options, piece: piece)
    return 0
}

/// `file` with every chunk CRC recomputed, as far as the chunk lengths stay inside the file.
private func repairingCRCs(_ file: [UInt8]) -> [UInt8] {
    var file = file
    var offset = 8
    while offset + 12 <= file.count {
        let length = Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8 | Int(file[offset + 3])
        guard length <= file.count - offset - 12 else { break }
        let crc = CRC32.checksum(file[(offset + 4)..<(offset + 8 + length)])
        let at = offset + 8 + length
        file[at] = UInt8(crc >> 24)
        file[at + 1] = UInt8(truncatingIfNeeded: crc >> 16)
        file[at + 2] = UInt8(truncatingIfNeeded: crc >> 8)
        file[at + 3] = UInt8(truncatingIfNeeded: crc)
        offset = at + 4
    }
    return file
}

/// Decodes `data` with the PNG decoder under the shared checks (Fuzz/Common).
private func decodeChecked(_ data: Data, _ options: DecodeOptions) {
    fuzzDecodeChecked(PNGDecoder(), data, options)
}
