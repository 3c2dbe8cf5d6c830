import Foundation
import Osprey

/// The small JPEG, GIF and WebP files `osprey demo` serves beside its generated PNGs, so a
/// demo run goes through every decoder (Osprey encodes only PNG, so these are shipped as
/// files; see Samples/README.md for how they were made).
enum DemoSamples {
    /// A sample's file name in `Samples/` and the content type it is served with.
    struct Sample {
        let name: String
        let contentType: String
        var fileExtension: String { (name as NSString).pathExtension }
    }

    static let all: [Sample] = [
        Sample(name: "demo-baseline.jpg", contentType: "image/jpeg"),
        Sample(name: "demo-progressive.jpg", contentType: "image/jpeg"),
        Sample(name: "demo-444.jpg", contentType: "image/jpeg"),
        Sample(name: "demo-animated.gif", contentType: "image/gif"),
        Sample(name: "demo-lossy.webp", contentType: "image/webp"),
        Sample(name: "demo-lossless-alpha.webp", contentType: "image/webp"),
        Sample(name: "demo-animated.webp", contentType: "image/webp"),
    ]

    /// Every sample's bytes, in ``all``'s order. Throws when the resource bundle is missing
    /// (a broken install), naming the file.
    static func load() throws -> [(sample: Sample, data: Data)] {
        try all.map { sample in
            let base = (sample.name as NSString).deletingPathExtension
            guard let url = Bundle.module.url(forResource: base, withExtension: sample.fileExtension,
                                              subdirectory: "Samples") else {
                throw FileProblem("demo sample \(sample.name) is missing from the resource bundle")
            }
            return (sample, try Data(contentsOf: url))
        }
    }
}
