/// Resizes RGBA pixels with an area (box) filter while the source rows stream past: rows in,
/// rows out. A decoder feeds it each decoded row and never holds the full-size image; the
/// ``ResizingTransformer`` feeds it the rows of a decoded image. Both give the same pixels.
///
/// **The filter.** Each output pixel is the average of the source area it covers, each source
/// pixel weighted by how much of it lies inside (exact box averaging; when enlarging, a target
/// pixel covers part of one or two source pixels, i.e. "pixel mixing"). Colour is weighted by
/// alpha, so fully transparent pixels add no colour (no dark fringes); alpha is averaged plainly.
///
/// **Fixed point, exact.** Along an axis of `F` source and `T` target pixels (divided by their
/// greatest common divisor), source pixel `i` spans `[i·T, (i+1)·T)` and target pixel `j` spans
/// `[j·F, (j+1)·F)`: every overlap is a whole number and the weights of a target pixel sum to
/// exactly `F`. All sums are integers, so the result is the exactly rounded box average; for an
/// integer ratio it is the plain mean of each `k × k` block.
/// Colour = ⌊(Σ c·a·w + Σ a·w / 2) / Σ a·w⌋, alpha = ⌊(Σ a·w + D/2) / D⌋ with `D = Fx·Fy`.
/// Sums stay below 2⁶³ for any source of fewer than 2⁴⁶ pixels.
///
/// **Memory.** The tap tables (one entry per source column and row), one horizontally
/// resampled row, and the output rows still collecting sums: at most two when shrinking, about
/// `T/F + 1` when enlarging. Shrinking 12 MP to 256 px needs about 150 kB besides the output.
package struct StreamingResampler {
    /// The source size.
    package let source: PixelSize
    /// The output size.
    package let target: PixelSize
    private let columns: ResampleTaps
    private let rows: ResampleTaps
    /// When shrinking along x, each target column's first and last source column and their
    /// weights (empty otherwise).
    private let edges: [ResampleTaps.Edge]
    /// Premultiplied sums of the current source row resampled horizontally: c·a·wx, a·wx.
    private var horizontal: [Int]
    /// Sums of output rows still collecting (ring indexed by output row % capacity).
    private var pending: [Int]
    private let pendingCapacity: Int
    /// The next output row to emit, and the next source row expected.
    private var nextOutputRow = 0
    private var sourceRowsAdded = 0
    /// Emitted rows when collecting into ``pixels`` (nil when the caller takes rows itself).
    private var output: [UInt8]?
    private var rowBytes: [UInt8]

    /// A resampler from `source` to `target` (each side ≥ 1). With `collecting`, finished rows
    /// are also kept for ``pixels``; without, only the `emit` closure of ``addRow(_:emit:)`` sees them.
    package init(source: PixelSize, target: PixelSize, collecting: Bool = true) {
        precondition(source.width >= 1 && source.height >= 1 && target.width >= 1 && target.height >= 1,
                     "StreamingResampler needs non-empty sizes")
        self.source = source
        self.target = target
        columns = ResampleTaps(from: source.width, to: target.width)
        rows = ResampleTaps(from: source.height, to: target.height)
        edges = columns.shrinks ? columns.edges : []
        horizontal = [Int](repeating: 0, count: target.width * 4)
        pendingCapacity = rows.maxTargetsPerSource + 1
        pending = [Int](repeating: 0, count: pendingCapacity * target.width * 4)
        output = collecting ? [UInt8](repeating: 0, count: target.width * target.height * 4) : nil
        rowBytes = [UInt8](repeating: 0, count: target.width * 4)
    }

    /// Adds the next source row (`source.width` straight-alpha RGBA pixels) and collects the
    /// output rows it completes. Rows past `source.height` are ignored.
    package mutating func addRow(_ row: UnsafePointer<UInt8>) {
        addRow(row) { _, _ in }
    }

    /// Adds the next source row and hands every output row it completes to `emit`
    /// (output row index, `target.width` RGBA pixels), in order, exactly once each.
    package mutating func addRow(_ row: UnsafePointer<UInt8>,
                                 emit: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        guard sourceRowsAdded < source.height else { return }
        let y = sourceRowsAdded
        sourceRowsAdded += 1
        resampleHorizontally(row)
        let width4 = target.width * 4
        let capacity = pendingCapacity
        let (first, last) = rows.targets(ofSource: y)
        horizontal.withUnsafeBufferPointer { h in
            pending.withUnsafeMutableBufferPointer { p in
                for outputRow in first...last {
                    let weight = rows.weight(source: y, target: outputRow)
                    guard weight > 0 else { continue }
                    let base = (outputRow % capacity) * width4
                    for i in 0..<width4 { p[base &+ i] &+= h[i] &* weight }
                }
            }
        }
        // Output rows whose last source row has arrived are complete.
        while nextOutputRow < target.height && rows.lastSource(ofTarget: nextOutputRow) <= y {
            finishRow(nextOutputRow, emit: emit)
            nextOutputRow += 1
        }
    }

    /// Bytes of working memory besides the collected output: tap tables, the horizontal row,
    /// the pending sums and the row being emitted. (For the memory bound in tests and benchmarks.)
    package var workingBytes: Int {
        (horizontal.count + pending.count) * MemoryLayout<Int>.stride + rowBytes.count
            + columns.tableBytes + rows.tableBytes + edges.count * MemoryLayout<ResampleTaps.Edge>.stride
    }

    /// The output once every source row was added (with `collecting`).
    package var pixels: PixelBuffer {
        PixelBuffer(width: target.width, height: target.height,
                    bytes: output ?? [UInt8](repeating: 0, count: target.width * target.height * 4))
    }

    /// `pixels` resized to `size` (returned as is when already that size).
    package static func resize(_ pixels: PixelBuffer, to size: PixelSize) -> PixelBuffer {
        let size = PixelSize(width: max(1, size.width), height: max(1, size.height))
        guard size != pixels.size else { return pixels }
        guard pixels.width > 0, pixels.height > 0 else { return PixelBuffer(width: size.width, height: size.height) }
        var resampler = StreamingResampler(source: pixels.size, target: size)
        pixels.bytes.withUnsafeBufferPointer { bytes in
            for y in 0..<pixels.height { resampler.addRow(bytes.baseAddress! + y * pixels.bytesPerRow) }
        }
        return resampler.pixels
    }

    /// Fills ``horizontal`` with the premultiplied, column-weighted sums of `row`.
    private mutating func resampleHorizontally(_ row: UnsafePointer<UInt8>) {
        let columns = self.columns
        if columns.shrinks {
            resampleHorizontallyShrinking(row)
            return
        }
        horizontal.withUnsafeMutableBufferPointer { h in
            for x in 0..<target.width {
                var r = 0, g = 0, b = 0, a = 0
                columns.forEachTap(ofTarget: x) { index, weight in
                    let pixel = row + index &* 4
                    let alphaWeight = Int(pixel[3]) &* weight
                    r &+= Int(pixel[0]) &* alphaWeight
                    g &+= Int(pixel[1]) &* alphaWeight
                    b &+= Int(pixel[2]) &* alphaWeight
                    a &+= alphaWeight
                }
                let o = x &* 4
                h[o] = r; h[o &+ 1] = g; h[o &+ 2] = b; h[o &+ 3] = a
            }
        }
    }

    /// ``resampleHorizontally(_:)`` when shrinking, with the same sums: the source pixels wholly
    /// inside a target pixel all weigh ``ResampleTaps/fullWeight``, so they are summed in 32-bit
    /// lanes (c·a, a per pixel) and weighed once; only the first and last pixel of each target
    /// pixel are weighed on their own. The thumbnail of a large image spends most of its
    /// resampling time here, and most of that per target pixel rather than per source pixel:
    /// so each target pixel's span and edge weights come from ``edges`` (no division), and the
    /// weighing is 32 × 32 → 64-bit products (one `pmuludq` per two lanes on baseline x86-64,
    /// where a 64 × 64-bit lane product takes three).
    private mutating func resampleHorizontallyShrinking(_ row: UnsafePointer<UInt8>) {
        let raw = UnsafeRawPointer(row)
        /// Pixel `index` as (r·a, g·a, b·a, a).
        @inline(__always) func premultiplied(_ index: Int) -> SIMD4<UInt32> {
            let pixel = SIMD4<UInt32>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: index &* 4, as: SIMD4<UInt8>.self))
            let alpha = pixel[3]
            return pixel &* SIMD4(alpha, alpha, alpha, 1)
        }
        @inline(__always) func weighed(_ lanes: SIMD4<UInt32>, _ weight: UInt32) -> SIMD4<UInt64> {
            SIMD4<UInt64>(truncatingIfNeeded: lanes) &* SIMD4<UInt64>(repeating: UInt64(weight))
        }
        let full = UInt32(truncatingIfNeeded: columns.fullWeight)
        // 32-bit lane sums of at most this many pixels cannot overflow (65025 each).
        let block = 65_536
        let width = target.width
        edges.withUnsafeBufferPointer { edges in
            horizontal.withUnsafeMutableBufferPointer { h in
                let out = UnsafeMutableRawPointer(h.baseAddress!)
                for x in 0..<width {
                    let edge = edges[x]
                    let first = Int(edge.first), last = Int(edge.last)
                    var sum = weighed(premultiplied(first), edge.firstWeight)
                    if last > first {
                        sum &+= weighed(premultiplied(last), edge.lastWeight)
                        var index = first &+ 1
                        while index < last {
                            let end = min(last, index &+ block)
                            var lanes = SIMD4<UInt32>()
                            while index < end {
                                lanes &+= premultiplied(index)
                                index &+= 1
                            }
                            sum &+= weighed(lanes, full)
                        }
                    }
                    out.storeBytes(of: SIMD4<Int>(truncatingIfNeeded: sum), toByteOffset: x &* 4 &* MemoryLayout<Int>.stride,
                                   as: SIMD4<Int>.self)
                }
            }
        }
    }

    /// Divides output row `y`'s sums into RGBA, emits it, and clears its slot for reuse.
    private mutating func finishRow(_ y: Int, emit: (Int, UnsafeBufferPointer<UInt8>) -> Void) {
        let width4 = target.width * 4
        let base = (y % pendingCapacity) * width4
        let divisor = columns.unitsPerTarget * rows.unitsPerTarget
        pending.withUnsafeMutableBufferPointer { p in
            rowBytes.withUnsafeMutableBufferPointer { out in
                for x in stride(from: 0, to: width4, by: 4) {
                    let alphaSum = p[base + x + 3]
                    if alphaSum > 0 {
                        for c in 0..<3 { out[x + c] = UInt8(min(255, (p[base + x + c] + alphaSum / 2) / alphaSum)) }
                        out[x + 3] = UInt8(min(255, (alphaSum + divisor / 2) / divisor))
                    } else {
                        out[x] = 0; out[x + 1] = 0; out[x + 2] = 0; out[x + 3] = 0
                    }
                    for c in 0..<4 { p[base + x + c] = 0 }
                }
            }
        }
        rowBytes.withUnsafeBufferPointer { finished in
            emit(y, finished)
            if output != nil {
                output!.withUnsafeMutableBufferPointer { all in
                    (all.baseAddress! + y * width4).update(from: finished.baseAddress!, count: width4)
                }
            }
        }
    }
}
