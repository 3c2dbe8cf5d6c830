import OspreyCore
@testable import OspreyCodecs

/// The documented thumbnail filter, computed independently of the resampler's fixed point:
/// the exact area filter in rationals. Output pixel (tx, ty) averages every source pixel it
/// overlaps, weighted by the overlapping area, colour weighted by alpha (so transparent pixels
/// lend no colour), each channel rounded half up. Thumbnail expectations in the decoder tests
/// come from here, not from the decoder's own output.
enum AreaFilterReference {
    static func resize(_ source: PixelBuffer, to size: PixelSize) -> PixelBuffer {
        var out = PixelBuffer(width: size.width, height: size.height)
        // On a line of from·to units, source i spans [i·to, (i+1)·to) and target j [j·from, (j+1)·from).
        func overlap(_ i: Int, _ j: Int, _ from: Int, _ to: Int) -> Int {
            max(0, min((i + 1) * to, (j + 1) * from) - max(i * to, j * from))
        }
        func sources(of j: Int, _ from: Int, _ to: Int) -> Range<Int> {
            (j * from / to)..<min(from, ((j + 1) * from + to - 1) / to)
        }
        for ty in 0..<size.height {
            for tx in 0..<size.width {
                var sums = [0, 0, 0, 0], total = 0
                for sy in sources(of: ty, source.height, size.height) {
                    let wy = overlap(sy, ty, source.height, size.height)
                    guard wy > 0 else { continue }
                    for sx in sources(of: tx, source.width, size.width) {
                        let w = overlap(sx, tx, source.width, size.width) * wy
                        guard w > 0 else { continue }
                        let p = source[sx, sy]
                        let aw = Int(p.a) * w
                        sums[0] += Int(p.r) * aw; sums[1] += Int(p.g) * aw; sums[2] += Int(p.b) * aw; sums[3] += aw
                        total += w
                    }
                }
                let a = sums[3]
                out[tx, ty] = a == 0 ? (0, 0, 0, 0)
                    : (UInt8(min(255, (sums[0] + a / 2) / a)), UInt8(min(255, (sums[1] + a / 2) / a)),
                       UInt8(min(255, (sums[2] + a / 2) / a)), UInt8((a + total / 2) / total))
            }
        }
        return out
    }
}
