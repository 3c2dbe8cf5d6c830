import Foundation
import OspreyCore

// libFuzzer entry point for the GIF decoder. Fuzz/run.sh compiles this file into
// module OspreyCodecs (with Sources/Codecs and Fuzz/Common), so it sees codec internals and
// needs no SwiftPM. Each input is decoded three ways (all frames, first frame only, thumbnail)
// so that composition, the first-frame path and the canvas downsampler are all fuzzed, and
// then lazily (frames composed on demand, in order and jumping back: `fuzzLazyMatchesEager`),
// full size and as a thumbnail, which must give exactly the eager frames. GIF has
// no checksums, so mutations reach the block parser and the LZW decoder directly.
//
// A finding is anything that is not a clean return: a trap (overflow, out-of-bounds index,
// precondition), an AddressSanitizer report, a leak, a timeout or an out-of-memory. Any error
// thrown must be an `ImageError` with a decoding code; anything else traps on purpose.

/// The limits for the campaign: 4 Mpx per canvas and 64 Mpx of work, so that each input
/// spends its time in the decoder, not in memset.
private let fuzzPixelLimit = 1 << 22

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGIF(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    var options = DecodeOptions()
    options.maxPixelCount = fuzzPixelLimit
    options.decodeWorkBudget = fuzzPixelLimit * 16
    options.animationMemoryBudget = fuzzPixelLimit * 16
    decodeChecked(data, options)

    options.firstFrameOnly = true
    decodeChecked(data, options)

    options.firstFrameOnly = false
    options.thumbnailPixelSize = PixelSize(width: 7, height: 5)
    decodeChecked(data, options)

    // The lazy checks decode twice and compose every frame up to three times plus a few jumps
    // back (each up to one pass): a smaller work budget keeps one input within the timeout.
    options.decodeWorkBudget = fuzzPixelLimit * 2
    options.maxPixelCount = fuzzPixelLimit / 4   // a 1.6 MP canvas took 9 s of the 10 s timeout
    fuzzLazyMatchesEager(GIFDecoder(), data, options)
    options.thumbnailPixelSize = nil
    fuzzLazyMatchesEager(GIFDecoder(), data, options)

    // Progressive loading: fed in pieces, the incremental decoder must end exactly as the
    // one-shot decode does (same frames, durations and loop count, or the same error).
    options.lazyAnimationThreshold = 1 << 16   // some inputs eager, some lazy
    fuzzIncrementalMatchesOneShot(GIFDecoder(), data, options, piece: 1 + count % 97)
    return 0
}

/// Decodes `data` with the GIF decoder under the shared checks (Fuzz/Common).
private func decodeChecked(_ data: Data, _ options: DecodeOptions) {
    fuzzDecodeChecked(GIFDecoder(), data, options, minimumAnimatedDuration: 0.02)
}
