import Foundation

// libFuzzer entry point for the GIF decoder. Fuzz/run.sh compiles this file together with every
// source of Sources/Core and Sources/Codecs into one module, so it sees `package` symbols and
// needs no SwiftPM. Each input is decoded three ways (all frames, first frame only, thumbnail)
// so that composition, the first-frame path and the canvas downsampler are all fuzzed. GIF has
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
    return 0
}

/// Decodes and checks the invariants every successful decode must keep.
private func decodeChecked(_ data: Data, _ options: DecodeOptions) {
    do {
        let image = try GIFDecoder().decode(data, options: options)
        let expected = image.pixelWidth * image.pixelHeight * 4
        for frame in image.frames where frame.pixels.bytes.count != expected {
            fatalError("frame of \(frame.pixels.bytes.count) bytes in a \(image.pixelWidth)×\(image.pixelHeight) image")
        }
        if let limit = options.thumbnailPixelSize,
           image.pixelWidth > limit.width || image.pixelHeight > limit.height {
            fatalError("thumbnail \(image.pixelWidth)×\(image.pixelHeight) exceeds \(limit)")
        }
        if options.firstFrameOnly && image.frames.count != 1 { fatalError("firstFrameOnly gave \(image.frames.count) frames") }
        if image.frames.count > 1 && image.frames.contains(where: { $0.duration < 0.02 }) { fatalError("frame shorter than 20 ms") }
    } catch {
        switch error.code {
        case .badImageData, .imageTooLarge: break
        default: fatalError("unexpected error code \(error.code)")
        }
    }
}
