import Foundation
import OspreyCore

/// Decodes `data` eagerly and lazily (``DecodeOptions/lazyAnimationThreshold`` `Int.max` and
/// 0) and traps unless both give the same image: frame count, durations, loop count, and every
/// frame's pixels, read once in order, once through ``DecodedImage/frames`` and once in an
/// order that jumps back and forth (seeded by the input, so a finding replays). Shared by the
/// fuzz targets of animated formats; errors are checked by ``fuzzDecodeChecked``, not here.
func fuzzLazyMatchesEager(_ decoder: some ImageDecoding, _ data: Data, _ options: DecodeOptions) {
    var eagerOptions = options, lazyOptions = options
    eagerOptions.lazyAnimationThreshold = Int.max
    lazyOptions.lazyAnimationThreshold = 0
    guard let eager = try? decoder.decode(data, options: eagerOptions) else { return }
    guard let lazy = try? decoder.decode(data, options: lazyOptions) else { fatalError("lazy decode failed, eager did not") }
    // A budget may let the lazy state through where the eager frames were cut to one.
    if eager.framesDroppedByBudget { return }
    guard lazy.frameCount == eager.frameCount, lazy.loopCount == eager.loopCount,
          lazy.frameDurations == eager.frameDurations, lazy.pixelSize == eager.pixelSize else {
        fatalError("lazy \(lazy.frameCount) frames / loop \(lazy.loopCount), eager \(eager.frameCount) / \(eager.loopCount)")
    }
    let frames = eager.frames
    let lazyFrames = lazy.frames
    for index in frames.indices where !sameFrame(lazyFrames[index], frames[index]) {
        fatalError("lazy frame \(index) (one pass) differs")
    }
    var state = data.reduce(UInt64(0x9E37_79B9_7F4A_7C15)) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    for _ in 0..<min(frames.count, 8) {   // each jump back may cost a pass: keep a few
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let index = Int((state >> 33) % UInt64(frames.count))
        if !sameFrame(lazy.frame(at: index), frames[index]) { fatalError("lazy frame \(index) differs") }
    }
}

/// Frame equality through one `memcmp` of the pixels: `==` on `[UInt8]` compares byte by byte
/// in instrumented code, one coverage hook per byte, which alone timed out on a 1.6 MP canvas.
private func sameFrame(_ a: ImageFrame, _ b: ImageFrame) -> Bool {
    guard a.duration == b.duration, a.pixels.size == b.pixels.size else { return false }
    return a.pixels.bytes.withUnsafeBytes { x in
        b.pixels.bytes.withUnsafeBytes { y in x.count == y.count && (x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0) }
    }
}
