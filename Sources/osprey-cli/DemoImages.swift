import Foundation
import Osprey

/// Generated test images for `osprey demo`: gradients with a few shapes, in mixed sizes, so
/// the demo needs no files and no network.
enum DemoImages {
    /// One image the demo serves: its path, bytes and content type.
    struct Served {
        let path: String
        let data: Data
        let contentType: String
    }

    /// `count` images: every fourth is one of the shipped JPEG/GIF/WebP samples (each at its
    /// own URL, so each is downloaded, decoded and cached on its own), the rest generated PNGs
    /// whose sizes cycle through small to large, each different.
    static func make(count: Int) throws -> [Served] {
        let samples = try DemoSamples.load()
        let sides = [48, 64, 96, 128, 160, 192, 256]
        var images: [Served] = []
        images.reserveCapacity(count)
        for index in 0..<count {
            if index % 4 == 3, !samples.isEmpty {
                let (sample, data) = samples[(index / 4) % samples.count]
                images.append(Served(path: "/images/\(index).\(sample.fileExtension)", data: data,
                                     contentType: sample.contentType))
                continue
            }
            let width = sides[index % sides.count]
            let height = sides[(index / sides.count + index) % sides.count]
            let image = DecodedImage(pixels: pixels(width: width, height: height, seed: index), format: .png)
            images.append(Served(path: "/images/\(index).png", data: try ImageCoders.shared.encode(image, format: .png),
                                 contentType: "image/png"))
        }
        return images
    }

    /// A diagonal gradient tinted by `seed`, with a circle whose place depends on `seed`.
    static func pixels(width: Int, height: Int, seed: Int) -> PixelBuffer {
        var bytes = [UInt8](repeating: 255, count: width * height * 4)
        let tint = UInt8(truncatingIfNeeded: seed &* 37)
        let cx = (seed * 13) % width, cy = (seed * 7) % height, radius = min(width, height) / 4
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let inside = (x - cx) * (x - cx) + (y - cy) * (y - cy) < radius * radius
                bytes[i] = inside ? 255 &- tint : UInt8(x * 255 / max(width - 1, 1))
                bytes[i + 1] = inside ? tint : UInt8(y * 255 / max(height - 1, 1))
                bytes[i + 2] = tint
            }
        }
        return PixelBuffer(width: width, height: height, bytes: bytes)
    }
}
