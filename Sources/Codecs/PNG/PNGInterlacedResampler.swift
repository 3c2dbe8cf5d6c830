import OspreyCore
/// Shrinks an Adam7 image to a thumbnail while its passes arrive, without the full-size canvas:
/// every pass row adds its pixels' weighted sums straight into one set of sums per output pixel.
///
/// The filter and its arithmetic are ``StreamingResampler``'s (exact integer box weights from
/// ``ResampleTaps``, colour weighted by alpha). Each source pixel belongs to exactly one pass
/// and every sum is an integer, so adding the pixels pass by pass gives the very sums, and so
/// the very pixels, that streaming the finished image's rows through ``StreamingResampler``
/// gives.
///
/// Memory: four `Int` sums per output pixel and, for previews, one coverage sum per output
/// pixel (32 or 40 bytes a pixel: 1.6 or 2 MB for 256 × 192), one horizontally resampled row,
/// the tap tables. The canvas uses it only where that is less than the full-size image.
struct PNGInterlacedResampler {
    let source: PixelSize
    let target: PixelSize
    private let columns: ResampleTaps
    private let rows: ResampleTaps
    /// Premultiplied sums per output pixel: c·a·w (three channels), a·w.
    private var sums: [Int]
    /// Σ w of the source pixels added so far, per output pixel (for previews only).
    private var coverage: [Int]
    /// One pass row resampled horizontally: c·a·wx and a·wx per output column, and Σ wx.
    private var horizontal: [Int]
    private var horizontalCoverage: [Int]

    /// Sums for shrinking `source` to `target`; with `previews`, also the coverage ``preview`` needs.
    init(source: PixelSize, target: PixelSize, previews: Bool) {
        self.source = source
        self.target = target
        columns = ResampleTaps(from: source.width, to: target.width)
        rows = ResampleTaps(from: source.height, to: target.height)
        sums = [Int](repeating: 0, count: target.pixelCount * 4)
        coverage = [Int](repeating: 0, count: previews ? target.pixelCount : 0)
        horizontal = [Int](repeating: 0, count: target.width * 4)
        horizontalCoverage = [Int](repeating: 0, count: previews ? target.width : 0)
    }

    /// Bytes of working memory: the sums, the row, the tap tables.
    var workingBytes: Int {
        (sums.count + coverage.count + horizontal.count + horizontalCoverage.count) * MemoryLayout<Int>.stride
            + columns.tableBytes + rows.tableBytes
    }

    /// Bytes of working memory ``init(source:target:previews:)`` would take.
    static func workingBytes(target: PixelSize, previews: Bool) -> Int {
        target.pixelCount * (previews ? 5 : 4) * MemoryLayout<Int>.stride
    }

    /// Adds `count` RGBA pixels of source row `y`, at columns `x`, `x + dx`, `x + 2·dx`, ….
    mutating func add(_ pixels: UnsafePointer<UInt8>, count: Int, y: Int, x: Int, dx: Int) {
        guard count > 0, y < source.height else { return }
        let columns = self.columns
        let width4 = target.width * 4
        let tracksCoverage = !coverage.isEmpty
        horizontal.withUnsafeMutableBufferPointer { h in
            horizontalCoverage.withUnsafeMutableBufferPointer { hc in
                h.update(repeating: 0)
                hc.update(repeating: 0)
                for i in 0..<count {
                    let sourceX = x &+ i &* dx
                    let pixel = pixels + i &* 4
                    let (first, last) = columns.targets(ofSource: sourceX)
                    for column in first...last {
                        let weight = columns.weight(source: sourceX, target: column)
                        let alphaWeight = Int(pixel[3]) &* weight
                        let o = column &* 4
                        h[o] &+= Int(pixel[0]) &* alphaWeight
                        h[o &+ 1] &+= Int(pixel[1]) &* alphaWeight
                        h[o &+ 2] &+= Int(pixel[2]) &* alphaWeight
                        h[o &+ 3] &+= alphaWeight
                        if tracksCoverage { hc[column] &+= weight }
                    }
                }
            }
        }
        let (first, last) = rows.targets(ofSource: y)
        horizontal.withUnsafeBufferPointer { h in
            horizontalCoverage.withUnsafeBufferPointer { hc in
                sums.withUnsafeMutableBufferPointer { s in
                    coverage.withUnsafeMutableBufferPointer { c in
                        for outputRow in first...last {
                            let weight = rows.weight(source: y, target: outputRow)
                            guard weight > 0 else { continue }
                            let base = outputRow &* width4
                            for i in 0..<width4 { s[base &+ i] &+= h[i] &* weight }
                            guard tracksCoverage else { continue }
                            let coverageBase = outputRow &* target.width
                            for i in 0..<target.width { c[coverageBase &+ i] &+= hc[i] &* weight }
                        }
                    }
                }
            }
        }
    }

    /// The thumbnail once every pixel was added: exactly ``StreamingResampler``'s output.
    var pixels: PixelBuffer {
        let divisor = columns.unitsPerTarget * rows.unitsPerTarget
        return render { _ in divisor }
    }

    /// The thumbnail of the pixels added so far: each output pixel the average of the source
    /// pixels known in its area (transparent where none is known yet). Needs `previews`.
    var preview: PixelBuffer {
        coverage.withUnsafeBufferPointer { coverage in render { coverage[$0] } }
    }

    /// RGBA from the sums; `divisor(i)` is what output pixel `i`'s alpha sum is divided by.
    private func render(divisor: (Int) -> Int) -> PixelBuffer {
        let count = target.pixelCount
        let bytes = [UInt8](unsafeUninitializedCapacity: count * 4) { out, initialized in
            sums.withUnsafeBufferPointer { s in
                for index in 0..<count {
                    let o = index &* 4
                    let alphaSum = s[o &+ 3]
                    let d = divisor(index)
                    if alphaSum > 0 && d > 0 {
                        for c in 0..<3 { out[o &+ c] = UInt8(min(255, (s[o &+ c] + alphaSum / 2) / alphaSum)) }
                        out[o &+ 3] = UInt8(min(255, (alphaSum + d / 2) / d))
                    } else {
                        out[o] = 0; out[o &+ 1] = 0; out[o &+ 2] = 0; out[o &+ 3] = 0
                    }
                }
            }
            initialized = count * 4
        }
        return PixelBuffer(width: target.width, height: target.height, bytes: bytes)
    }
}
