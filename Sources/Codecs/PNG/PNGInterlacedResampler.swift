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
    /// Per source column when shrinking: the first output column it touches, and its weights
    /// there and in the next one (0 when it touches one): the taps without a division per pixel.
    private let columnFirst: [Int32]
    private let columnWeights: [Int32]
    /// Per output column when shrinking along x: its source span and edge weights (else empty).
    private let edges: [ResampleTaps.Edge]

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
        edges = columns.shrinks ? columns.edges : []
        if columns.maxTargetsPerSource <= 2 {
            let columns = self.columns
            var first = [Int32](repeating: 0, count: source.width)
            var weights = [Int32](repeating: 0, count: source.width * 2)
            for sourceX in 0..<source.width {
                let (from, to) = columns.targets(ofSource: sourceX)
                first[sourceX] = Int32(from)
                weights[sourceX * 2] = Int32(columns.weight(source: sourceX, target: from))
                if to > from { weights[sourceX * 2 + 1] = Int32(columns.weight(source: sourceX, target: to)) }
            }
            columnFirst = first
            columnWeights = weights
        } else {
            columnFirst = []
            columnWeights = []
        }
    }

    /// Bytes of working memory: the sums, the row, the tap tables.
    var workingBytes: Int {
        (sums.count + coverage.count + horizontal.count + horizontalCoverage.count) * MemoryLayout<Int>.stride
            + (columnFirst.count + columnWeights.count) * MemoryLayout<Int32>.stride + columns.tableBytes + rows.tableBytes
            + edges.count * MemoryLayout<ResampleTaps.Edge>.stride
    }

    /// Bytes of working memory ``init(source:target:previews:)`` would take.
    static func workingBytes(target: PixelSize, previews: Bool) -> Int {
        target.pixelCount * (previews ? 5 : 4) * MemoryLayout<Int>.stride
    }

    /// Adds `count` RGBA pixels of source row `y`, at columns `x`, `x + dx`, `x + 2·dx`, ….
    mutating func add(_ pixels: UnsafePointer<UInt8>, count: Int, y: Int, x: Int, dx: Int) {
        guard count > 0, y < source.height else { return }
        let (first, last) = rows.targets(ofSource: y)
        if directFits, last &- first <= 1, dx.nonzeroBitCount == 1 {
            addDirect(pixels, count: count, x: x, dx: dx, firstRow: first, lastRow: last, y: y)
            return
        }
        let width4 = target.width * 4
        let tracksCoverage = !coverage.isEmpty
        let columns = self.columns
        let full = columns.fullWeight, runsFit = self.runsFit
        horizontal.withUnsafeMutableBufferPointer { h in
            horizontalCoverage.withUnsafeMutableBufferPointer { hc in
                h.update(repeating: 0)
                hc.update(repeating: 0)
                guard !columnFirst.isEmpty else {
                    // Enlarging along x (not a thumbnail): a source column may touch many outputs.
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
                    return
                }
                columnFirst.withUnsafeBufferPointer { first in
                    columnWeights.withUnsafeBufferPointer { weights in
                        Self.addShrinking(pixels, count: count, x: x, dx: dx, first: first.baseAddress!,
                                          weights: weights.baseAddress!, fullWeight: full, runsFit: runsFit,
                                          into: h.baseAddress!, coverage: tracksCoverage ? hc.baseAddress : nil)
                    }
                }
            }
        }
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

    /// Whether a pass row may go straight into the sums (``addDirect``): shrinking along both
    /// axes, and a column weight × a row weight fits in 32 bits.
    private var directFits: Bool {
        !edges.isEmpty && runsFit && rows.shrinks
            && UInt64(columns.fullWeight) * UInt64(rows.fullWeight) <= UInt64(UInt32.max)
    }

    /// ``add(_:count:y:x:dx:)`` for a row that touches one or two output rows when shrinking,
    /// output column by output column: the pass pixels inside a column's source span are
    /// contiguous in the pass row, so all but its first and last (which may lie partly outside)
    /// are summed in 32-bit lanes with no per-pixel table look-up or branch, weighed once by
    /// column weight × row weight (32 × 32 → 64-bit products) and added straight into the sums
    /// of the one or two output rows. No horizontal row is cleared and folded in per pass row (an Adam7 image has about
    /// twice as many pass rows as rows). The integer sums are the same.
    private mutating func addDirect(_ pixels: UnsafePointer<UInt8>, count: Int, x: Int, dx: Int,
                                    firstRow: Int, lastRow: Int, y: Int) {
        let wy0 = UInt32(truncatingIfNeeded: rows.weight(source: y, target: firstRow))
        let wy1 = lastRow > firstRow ? UInt32(truncatingIfNeeded: rows.weight(source: y, target: lastRow)) : 0
        let width = target.width
        let full = UInt32(truncatingIfNeeded: columns.fullWeight)
        // Column weight × row weight: both at most the full weights, whose product fits (``directFits``).
        let full0 = full &* wy0, full1 = full &* wy1
        let tracksCoverage = !coverage.isEmpty
        let raw = UnsafeRawPointer(pixels)
        let shift = dx.trailingZeroBitCount
        // These two helpers repeat the streaming resampler's (in Core) on purpose: shared across
        // the module boundary they were not inlined into this loop, and the Adam7 thumbnail took
        // about 25 % longer.
        /// Pass pixel `i` as (r·a, g·a, b·a, a).
        @inline(__always) func premultiplied(_ i: Int) -> SIMD4<UInt32> {
            let pixel = SIMD4<UInt32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt8>.self))
            let alpha = pixel[3]
            return pixel &* SIMD4(alpha, alpha, alpha, 1)
        }
        @inline(__always) func weighed(_ lanes: SIMD4<UInt32>, _ weight: UInt32) -> SIMD4<UInt64> {
            SIMD4<UInt64>(truncatingIfNeeded: lanes) &* SIMD4<UInt64>(repeating: UInt64(weight))
        }
        let lastPixel = count &- 1
        let lastSourceX = x &+ lastPixel &* dx
        edges.withUnsafeBufferPointer { edges in
            sums.withUnsafeMutableBufferPointer { s in
                coverage.withUnsafeMutableBufferPointer { c in
                    let row0 = UnsafeMutableRawPointer(s.baseAddress! + firstRow &* width &* 4)
                    let row1 = UnsafeMutableRawPointer(s.baseAddress! + lastRow &* width &* 4)
                    for column in 0..<width {
                        let edge = edges[column]
                        let first = Int(edge.first), last = Int(edge.last)
                        guard last >= x, first <= lastSourceX else { continue }
                        // The pass pixels lo...hi lie in source columns first...last (dx is a power of two).
                        let lo = first <= x ? 0 : (first &- x &+ dx &- 1) &>> shift
                        let hi = min(lastPixel, (last &- x) &>> shift)
                        guard lo <= hi else { continue }
                        var sum0 = SIMD4<UInt64>(), sum1 = SIMD4<UInt64>()
                        var weights = 0
                        var i = lo, end = hi
                        if x &+ lo &* dx == first {
                            let pixel = premultiplied(lo)
                            sum0 = weighed(pixel, edge.firstWeight &* wy0)
                            sum1 = weighed(pixel, edge.firstWeight &* wy1)
                            weights = Int(edge.firstWeight)
                            i &+= 1
                        }
                        if end >= i, last > first, x &+ end &* dx == last {
                            let pixel = premultiplied(end)
                            sum0 &+= weighed(pixel, edge.lastWeight &* wy0)
                            sum1 &+= weighed(pixel, edge.lastWeight &* wy1)
                            weights &+= Int(edge.lastWeight)
                            end &-= 1
                        }
                        if i <= end {
                            // At most `runsFit` pixels: 32-bit lane sums cannot overflow.
                            var lanes = SIMD4<UInt32>()
                            for k in i...end { lanes &+= premultiplied(k) }
                            sum0 &+= weighed(lanes, full0)
                            sum1 &+= weighed(lanes, full1)
                            weights &+= (end &- i &+ 1) &* Int(full)
                        }
                        let offset = column &* MemoryLayout<SIMD4<Int>>.stride
                        row0.storeBytes(of: row0.loadUnaligned(fromByteOffset: offset, as: SIMD4<Int>.self)
                                            &+ SIMD4<Int>(truncatingIfNeeded: sum0), toByteOffset: offset, as: SIMD4<Int>.self)
                        if tracksCoverage { c[firstRow &* width &+ column] &+= weights &* Int(wy0) }
                        guard wy1 != 0 else { continue }
                        row1.storeBytes(of: row1.loadUnaligned(fromByteOffset: offset, as: SIMD4<Int>.self)
                                            &+ SIMD4<Int>(truncatingIfNeeded: sum1), toByteOffset: offset, as: SIMD4<Int>.self)
                        if tracksCoverage { c[lastRow &* width &+ column] &+= weights &* Int(wy1) }
                    }
                }
            }
        }
    }

    /// The horizontal sums of a pass row when shrinking (each source column touches one or two
    /// output columns). Consecutive pixels wholly inside one output column (weight
    /// ``ResampleTaps/fullWeight`` there, nothing in the next) are summed in 32-bit lanes
    /// (c·a, a) and weighed once when the run ends; the others are weighed one by one. The
    /// integer sums are the same either way.
    @inline(__always)
    private static func addShrinking(_ pixels: UnsafePointer<UInt8>, count: Int, x: Int, dx: Int,
                                     first: UnsafePointer<Int32>, weights: UnsafePointer<Int32>, fullWeight full: Int,
                                     runsFit: Bool, into h: UnsafeMutablePointer<Int>,
                                     coverage hc: UnsafeMutablePointer<Int>?) {
        let raw = UnsafeRawPointer(pixels)
        let out = UnsafeMutableRawPointer(h)
        let stride = MemoryLayout<SIMD4<Int>>.stride
        @inline(__always) func add(_ value: SIMD4<Int>, column: Int) {
            let sum = out.loadUnaligned(fromByteOffset: column &* stride, as: SIMD4<Int>.self) &+ value
            out.storeBytes(of: sum, toByteOffset: column &* stride, as: SIMD4<Int>.self)
        }
        // A run's 32-bit lanes hold at most 65025 a pixel: `runsFit` says no output column
        // spans 65,000 source columns.
        var run = SIMD4<UInt32>(), runColumn = -1, runLength = 0
        @inline(__always) func flush() {
            guard runLength > 0 else { return }
            add(SIMD4<Int>(truncatingIfNeeded: run) &* SIMD4(repeating: full), column: runColumn)
            if let hc { hc[runColumn] &+= runLength &* full }
            run = SIMD4()
            runLength = 0
        }
        for i in 0..<count {
            let sourceX = x &+ i &* dx
            let pixel = SIMD4<UInt32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD4<UInt8>.self))
            let alpha = pixel[3]
            let premultiplied = pixel &* SIMD4(alpha, alpha, alpha, 1)
            let column = Int(first[sourceX])
            let w0 = Int(weights[sourceX &* 2]), w1 = Int(weights[sourceX &* 2 &+ 1])
            if w1 == 0 && w0 == full && runsFit {
                if column != runColumn {
                    flush()
                    runColumn = column
                }
                run &+= premultiplied
                runLength &+= 1
                continue
            }
            let wide = SIMD4<Int>(truncatingIfNeeded: premultiplied)
            add(wide &* SIMD4(repeating: w0), column: column)
            if w1 != 0 { add(wide &* SIMD4(repeating: w1), column: column &+ 1) }
            if let hc {
                hc[column] &+= w0
                if w1 != 0 { hc[column &+ 1] &+= w1 }
            }
        }
        flush()
    }

    /// Whether an output column spans few enough source columns for a run's 32-bit sums.
    private var runsFit: Bool { source.width / target.width < 65_000 }

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
