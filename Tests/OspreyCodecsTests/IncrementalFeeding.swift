import Foundation
import OspreyCore

/// Feeds `data` to `decoder` in `chunkSize` pieces, asking for a partial image after each one,
/// and returns the partial images it gave (the progressive decoders' tests share this).
func feedPieces(_ data: Data, chunkSize: Int, to decoder: some IncrementalImageDecoding) -> [DecodedImage] {
    var partials: [DecodedImage] = []
    var offset = 0
    while offset < data.count {
        let end = min(data.count, offset + chunkSize)
        decoder.append(data.subdata(in: offset..<end))
        if let partial = decoder.currentImage() { partials.append(partial) }
        offset = end
    }
    return partials
}
