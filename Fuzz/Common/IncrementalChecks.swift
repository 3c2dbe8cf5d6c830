import Foundation
import OspreyCore

/// Feeds `data` to `decoder`'s incremental decoder in `piece`-byte pieces, asking for a partial
/// image after each, and traps unless the final image is the one-shot decode's (frames or, for
/// a lazy image, the plan: count, durations, loop count, budget flag) or both fail with the same
/// code; a partial image must have the final size, and none may come after `finish`.
/// `allBytes`: finish with the whole file, as the downloader does (JPEG leaves DNL heights to it).
func fuzzIncrementalMatchesOneShot(_ decoder: some IncrementalImageDecoderProviding, _ data: Data,
                                   _ options: DecodeOptions, piece: Int, allBytes: Bool = false) {
    let expected = Result { () throws(ImageError) in try decoder.decode(data, options: options) }
    let incremental = decoder.makeIncrementalDecoder(options: options)
    var offset = 0
    while offset < data.count {
        let end = min(data.count, offset + max(1, piece))
        incremental.append(data.subdata(in: offset..<end))
        if let partial = incremental.currentImage(), case .success(let image) = expected, !image.isLazy,
           partial.pixelSize != image.pixelSize {
            fatalError("partial image \(partial.pixelSize), final \(image.pixelSize)")
        }
        offset = end
    }
    let result = Result { () throws(ImageError) in
        allBytes ? try incremental.finish(allBytes: data) : try incremental.finish()
    }
    switch (result, expected) {
    case let (.success(image), .success(expected)):
        guard image.frameCount == expected.frameCount, image.loopCount == expected.loopCount,
              image.isLazy == expected.isLazy, image.frameDurations == expected.frameDurations,
              image.framesDroppedByBudget == expected.framesDroppedByBudget,
              image.isLazy || image.frames.map(\.pixels) == expected.frames.map(\.pixels) else {
            fatalError("incremental decode differs from the one-shot decode")
        }
    case let (.failure(error), .failure(expected)):
        guard error.code == expected.code else { fatalError("incremental threw \(error.code), one-shot \(expected.code)") }
    default:
        fatalError("incremental and one-shot decodes disagree on success")
    }
    if incremental.currentImage() != nil { fatalError("a partial image after finish") }
}
