import Foundation
import OspreyCore

// libFuzzer entry point for the colour-profile code. Fuzz/run.sh compiles this file into
// module OspreyCodecs (with Sources/Codecs and Fuzz/Common), so it sees codec internals.
//
// An input that starts with a PNG or JPEG signature is decoded with conversion to sRGB (the
// colour chunks, iCCP inflation, APP2 reassembly and the row conversion in the decoders'
// output stages); any other input is an ICC profile: validated, named, split into APP2
// chunks and reassembled, turned into a converter when it describes an RGB or gray space, and run over
// a row of every byte value. The seeds are the test cards of Tests/Fixtures/color (the default
// seed folder); pass the profiles too:  Fuzz/run.sh color 300 Tests/Fixtures/color/profiles
//
// A finding is a trap, an AddressSanitizer report, a leak, a timeout or an out-of-memory.

private let fuzzPixelLimit = 1 << 18

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzColor(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    let data = Data(bytes)
    switch ImageFormat.detect(data) {
    case .png, .jpeg:
        var options = DecodeOptions()
        options.maxPixelCount = fuzzPixelLimit
        options.decodeWorkBudget = 1 << 22
        options.convertToSRGB = true
        let decoder: any ImageDecoding = ImageFormat.detect(data) == .png ? PNGDecoder() : JPEGDecoder()
        fuzzDecodeChecked(decoder, data, options, allowedErrors: [.badImageData, .imageTooLarge, .unsupportedFormat])
    default:
        fuzzProfile(bytes)
    }
    return 0
}

private func fuzzProfile(_ bytes: [UInt8]) {
    // The APP2 path: the input cut into chunks (their count from the first byte), fed in
    // reverse order, must come back whole.
    var assembler = ICCChunkAssembler()
    let parts = 1 + Int(bytes.first ?? 0) % 4
    let size = max(1, (bytes.count + parts - 1) / parts)
    let chunks = stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min(bytes.count, $0 + size)]) }
    for (index, chunk) in chunks.enumerated().reversed() {
        let payload = ICCChunkAssembler.signature + [UInt8(index + 1), UInt8(chunks.count)] + chunk
        payload.withUnsafeBufferPointer { assembler.add($0) }
    }
    if !bytes.isEmpty, assembler.profile != bytes { fatalError("APP2 reassembly changed the profile") }

    guard let profile = ColorProfileReader.icc(bytes) else { return }
    _ = profile.name
    var row = (0..<256 * 4).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 >> 2) }
    // As colour pixels (an RGB profile), then as gray pixels (a gray profile).
    for gray in [false, true] {
        if let converter = SRGBConverter.make(for: profile, gray: gray) {
            row.withUnsafeMutableBufferPointer { converter.convert(row: $0.baseAddress!, count: 256) }
        }
    }
    // The same bytes as PNG chunk values, as far as they go.
    if bytes.count >= 36 {
        let words = (0..<8).map { (index: Int) -> UInt32 in
            let at = 4 * index
            let high = UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16
            return high | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        }
        let chunks = ColorProfileReader.png(icc: nil, srgbIntent: nil, gamma: words[0], chromaticities: words,
                                            cicp: bytes[32] & 1 == 0 ? nil : Array(bytes[32..<36]))
        if let converter = SRGBConverter.make(for: chunks) {
            row.withUnsafeMutableBufferPointer { converter.convert(row: $0.baseAddress!, count: 256) }
        }
    }
}
