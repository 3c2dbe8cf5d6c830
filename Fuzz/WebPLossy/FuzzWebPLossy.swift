import Foundation
import OspreyCore

// libFuzzer entry point for the lossy WebP (VP8) decoder, over the raw `VP8 ` chunk payload
// (the container is fuzzed by its own target). Fuzz/run.sh compiles this file into module
// OspreyCodecs, so it calls the internal `VP8Decoder` directly. Each input is decoded at full
// size and as a 7 × 5 thumbnail (the streamed path). Seeds: the payloads of the vendored
// lossy files, extracted by `Fuzz/WebPLossy/make-seeds.py` (run it first; then
// `FUZZ_SEEDS=Fuzz/out/webplossy/seeds Fuzz/run.sh webplossy SECONDS`).
//
// A finding is anything but a clean return: a trap, an AddressSanitizer report, a leak, a
// timeout, an out-of-memory, a wrong-sized image or an error other than the decoding codes.

/// 0.5 Mpx, as for JPEG: large seeds are refused at the header, small ones run fast.
private let fuzzPixelLimit = 1 << 19

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebPLossy(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let payload = UnsafeRawBufferPointer(start: start, count: count)
    var options = DecodeOptions()
    options.maxPixelCount = fuzzPixelLimit
    check(payload, options)
    options.thumbnailPixelSize = PixelSize(width: 7, height: 5)
    check(payload, options)
    return 0
}

private func check(_ payload: UnsafeRawBufferPointer, _ options: DecodeOptions) {
    do throws(ImageError) {
        let image = try VP8Decoder.decodeScaled(payload, options: options)
        guard image.bytes.count == image.width * image.height * 4 else {
            fatalError("\(image.bytes.count) bytes for \(image.width)×\(image.height)")
        }
        if let limit = options.thumbnailPixelSize, image.width > limit.width || image.height > limit.height {
            fatalError("thumbnail \(image.width)×\(image.height) exceeds \(limit)")
        }
    } catch {
        guard [.badImageData, .imageTooLarge, .unsupportedFormat].contains(error.code) else {
            fatalError("unexpected error code \(error.code)")
        }
    }
}
