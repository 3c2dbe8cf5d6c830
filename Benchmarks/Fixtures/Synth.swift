/// Deterministic pixel content for fixtures: seeded, so every run measures the same bytes.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum Synth {
    /// Photo-like RGBA: smooth gradients plus `noise` levels of grain per channel, so PNG
    /// compresses it to a realistic ratio (≈ 5:1 with noise 4). With `alpha`, the alpha
    /// channel is a gradient too.
    static func photo(width: Int, height: Int, seed: UInt64, noise: UInt8 = 4, alpha: Bool = false) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        let phase = Int(rng.next() % 256)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let range = UInt64(max(1, noise))
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                let grain = rng.next()
                bytes[i] = UInt8(truncatingIfNeeded: (x * 255 / max(1, width - 1) + phase) / 2 + Int(grain % range))
                bytes[i + 1] = UInt8(truncatingIfNeeded: (y * 255 / max(1, height - 1)) / 2 + Int((grain >> 8) % range))
                bytes[i + 2] = UInt8(truncatingIfNeeded: ((x + y) * 255 / max(1, width + height - 2) + phase) / 3
                                     + Int((grain >> 16) % range))
                bytes[i + 3] = alpha ? UInt8(truncatingIfNeeded: 128 + (x + 2 * y) % 128) : 255
            }
        }
        return bytes
    }

    /// Content with at most `colors` distinct RGBA values (a posterised picture with
    /// dithering noise), so that it can be stored as a palette PNG.
    static func paletted(width: Int, height: Int, seed: UInt64, colors: Int = 200) -> (palette: [[UInt8]], indices: [UInt8]) {
        var rng = SplitMix64(seed: seed)
        let count = max(2, min(256, colors))
        let palette: [[UInt8]] = (0..<count).map { _ in
            let v = rng.next()
            return [UInt8(truncatingIfNeeded: v), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v >> 16), 255]
        }
        var indices = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let base = ((x / 24) * 7 + (y / 24) * 13) % count
                let dither = rng.next() % 8 == 0 ? Int(rng.next() % 3) : 0
                indices[y * width + x] = UInt8((base + dither) % count)
            }
        }
        return (palette, indices)
    }

    /// `count` pseudo-random bytes (incompressible), for blobs that are not images.
    static func blob(count: Int, seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        var bytes = [UInt8](repeating: 0, count: count)
        var i = 0
        while i < count {
            var word = rng.next()
            for _ in 0..<8 where i < count {
                bytes[i] = UInt8(truncatingIfNeeded: word)
                word >>= 8
                i += 1
            }
        }
        return bytes
    }
}
