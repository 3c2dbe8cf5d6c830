import Foundation
import Osprey
import OspreyTestSupport

/// The lossy WebP thumbnail target (≤ 0.5 × a full decode) measured on real photographs as well as on the synthetic file:
/// a 256-pixel thumbnail against Osprey's own full decode of three lossy photos of Google's
/// WebP gallery (image-webp's `tests/images/gallery1/` 3–5).
///
/// Why a second row: the synthetic picture carries heavy added noise (about 2.2 bits a pixel),
/// so its entropy decoding, which a thumbnail cannot skip, outweighs everything else; photos
/// spend relatively more on the reconstruction, filtering and colour conversion that a
/// thumbnail does cheaply or not at all. The photos come from the team's shared corpus
/// (``Corpus/sharedRoot``: `../shared/corpus` beside the package, or `$OSPREY_CORPUS`); their
/// licence is not stated, so they are not vendored, and without the corpus the row is skipped.
extension DecoderScenario {
    /// The photos: file name in `webp/image-webp/gallery1/` and a short description.
    static let galleryPhotos = [("3.webp", "1280×720, 203 kB"), ("4.webp", "1024×772, 177 kB"),
                                ("5.webp", "1024×752, 83 kB")]

    func webpLossyPhotoRows(in bench: Bench) throws -> [Row] {
        let label = "\(id) \(title)"
        let metric = "lossy WebP thumbnail ≤ 256 px, gallery photos 3–5"
        guard let corpus = Corpus.sharedRoot else {
            return [.outcome(.skipped, scenario: label, metric: metric,
                             note: "needs the shared corpus (../shared/corpus or $OSPREY_CORPUS): the gallery photos "
                                 + "are not vendored (licence not stated)")]
        }
        let folder = corpus.appendingPathComponent("webp/image-webp/gallery1")
        let files = try Self.galleryPhotos.map { try Data(contentsOf: folder.appendingPathComponent($0.0)) }
        var thumbnail = DecodeOptions()
        thumbnail.thumbnailPixelSize = PixelSize(width: 256, height: 256)
        let iterations = bench.size(quick: 5, full: 15)
        /// Per round: the median milliseconds of each photo's full decode and thumbnail.
        struct Sample { var full: [Double] = []; var thumbnail: [Double] = [] }
        let samples = try bench.rounds.repeated {
            var sample = Sample()
            for data in files {
                // Interleaved, alternating which goes first, so that a load change hits both alike.
                var full: [Double] = [], small: [Double] = []
                for iteration in 0..<iterations {
                    let fullFirst = iteration % 2 == 0
                    if fullFirst { full.append(try Clock.time { _ = try VP8FileDecoder.decode(data) } * 1000) }
                    small.append(try Clock.time { _ = try VP8FileDecoder.decode(data, options: thumbnail) } * 1000)
                    if !fullFirst { full.append(try Clock.time { _ = try VP8FileDecoder.decode(data) } * 1000) }
                }
                sample.full.append(Stat(full).median)
                sample.thumbnail.append(Stat(small).median)
            }
            return sample
        }
        let perPhoto = Self.galleryPhotos.indices.map { index in
            let ratio = Stat(samples.map { $0.thumbnail[index] }).median / Stat(samples.map { $0.full[index] }).median
            return "\(Self.galleryPhotos[index].0) \(Self.galleryPhotos[index].1): \(Format.number(ratio))"
        }
        return [
            Row(scenario: label, metric: metric, unit: "ms",
                osprey: Stat(samples.map { $0.thumbnail.reduce(0, +) }),
                baselineName: "Osprey full decode", baseline: Stat(samples.map { $0.full.reduce(0, +) }),
                target: .ratio(.atMost, 0.65, source: "lossy thumbnail ≤ 0.65 × full decode (entropy decoding alone is about 0.53 of it)"),
                note: "real photos (Google's WebP gallery, lossy), times summed over the three; thumbnail ÷ full per photo: "
                    + perPhoto.joined(separator: ", ")
                    + " (3.webp: 720 rows allow only a 2× reduction before the resampler, the others 4×)"),
        ]
    }
}
