import Foundation
import OspreyCore

// libFuzzer entry point for the WebP decoder (container, VP8L lossless, ALPH, animation; lossy
// VP8 through VP8Decoder). Fuzz/run.sh compiles this file into module OspreyCodecs (with
// Sources/Codecs and Fuzz/Common), so it sees codec internals and needs no SwiftPM. Each input
// is decoded three ways (all frames, first frame only, thumbnail) so that composition, the
// first-frame path and the downsampler are all fuzzed. WebP has no checksums, so mutations
// reach the chunk parser, the prefix-code reader, LZ77 and the transforms directly. Each input
// is also fed in pieces to the incremental decoder (progressive loading), whose final image
// must equal the one-shot decode's, and decoded lazily (frames composed on demand).
//
// A finding is anything that is not a clean return: a trap (overflow, out-of-bounds index,
// precondition), an AddressSanitizer report, a leak, a timeout or an out-of-memory. Any error
// thrown must be an `ImageError` with a decoding code (`.unsupportedFormat` only while lossy
// WebP is not available); anything else traps on purpose.

/// The limits for the campaign: 4 Mpx per canvas and 64 Mpx of work, so that each input
/// spends its time in the decoder, not in memset.
private let fuzzPixelLimit = 1 << 22

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebP(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    var options = DecodeOptions()
    options.maxPixelCount = fuzzPixelLimit
    options.decodeWorkBudget = fuzzPixelLimit * 16
    options.animationMemoryBudget = fuzzPixelLimit * 16
    decodeChecked(data, options)

    options.firstFrameOnly = true
    decodeChecked(data, options)

    options.firstFrameOnly = false
    fuzzIncrementalMatchesOneShot(WebPDecoder(), data, options, piece: 1 + Int(data.last ?? 0) % 61)
    options.thumbnailPixelSize = PixelSize(width: 7, height: 5)
    decodeChecked(data, options)

    // Lazily: frames composed on demand, in order and jumping back (a later frame found damaged
    // only then is drawn empty, where the eager decode ends the animation: no equality check).
    // Animations only: a still image decodes as above, and decoding it again costs the time.
    guard let container = try? WebPContainer([UInt8](data)), container.still == nil else { return 0 }
    options.thumbnailPixelSize = nil
    options.lazyAnimationThreshold = 0
    decodeChecked(data, options)
    if let image = try? WebPDecoder().decode(data, options: options), image.isLazy {
        let bytes = image.pixelWidth * image.pixelHeight * 4
        for index in [image.frameCount - 1, image.frameCount / 2, 0, image.frameCount - 1]
            where image.frame(at: index).pixels.bytes.count != bytes {
            fatalError("lazy frame \(index) of the wrong size")
        }
    }
    return 0
}

/// Decodes `data` with the WebP decoder under the shared checks (Fuzz/Common).
private func decodeChecked(_ data: Data, _ options: DecodeOptions) {
    fuzzDecodeChecked(WebPDecoder(), data, options, allowedErrors: [.badImageData, .imageTooLarge, .unsupportedFormat],
                      minimumAnimatedDuration: 0.02)
}
