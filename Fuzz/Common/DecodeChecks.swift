import Foundation
import OspreyCore

/// Decodes `data` with `decoder` and traps on anything a decoder must never do, so that
/// libFuzzer records it as a finding: frames of the wrong size, a thumbnail larger than asked,
/// more than one frame for `firstFrameOnly`, an animation frame shorter than browsers play
/// (`minimumAnimatedDuration`), or an error outside `allowedErrors`. Every fuzz target
/// (Fuzz/<FORMAT>/) calls it; Fuzz/run.sh compiles this folder into each target.
func fuzzDecodeChecked(_ decoder: some ImageDecoding, _ data: Data, _ options: DecodeOptions,
                       allowedErrors: Set<ImageError.Code> = [.badImageData, .imageTooLarge],
                       minimumAnimatedDuration: Double? = nil) {
    do {
        let image = try decoder.decode(data, options: options)
        let expected = image.pixelWidth * image.pixelHeight * 4
        let frames = image.frames   // once: on a lazy image every access composes them all
        if frames.count != image.frameCount { fatalError("\(frames.count) frames, frameCount \(image.frameCount)") }
        for frame in frames where frame.pixels.bytes.count != expected {
            fatalError("frame of \(frame.pixels.bytes.count) bytes in a \(image.pixelWidth)×\(image.pixelHeight) image")
        }
        if let limit = options.thumbnailPixelSize,
           image.pixelWidth > limit.width || image.pixelHeight > limit.height {
            fatalError("thumbnail \(image.pixelWidth)×\(image.pixelHeight) exceeds \(limit)")
        }
        if options.firstFrameOnly && frames.count != 1 { fatalError("firstFrameOnly gave \(frames.count) frames") }
        if let minimum = minimumAnimatedDuration, frames.count > 1,
           frames.contains(where: { $0.duration < minimum }) {
            fatalError("frame shorter than \(minimum) s")
        }
    } catch {
        guard allowedErrors.contains(error.code) else { fatalError("unexpected error code \(error.code)") }
    }
}
