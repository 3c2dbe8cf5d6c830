import OspreyCore
/// The encoder's side of the PNG filters: turns raw rows into filtered image data, picking
/// a filter per row.
///
/// The heuristic is the one the PNG specification suggests and libpng uses: take the filter
/// whose output, read as signed bytes, has the smallest sum of absolute values (small
/// residuals compress well).
enum PNGRowFilter {
    /// The filtered data for `height` rows of `rowBytes` bytes each in `raw`, each row
    /// preceded by its filter type. `stride` is bytes per pixel (at least 1). Without
    /// `adaptive`, every row is stored unfiltered (type 0), which is fastest.
    static func filter(_ raw: UnsafeBufferPointer<UInt8>, rowBytes: Int, height: Int, stride: Int,
                       adaptive: Bool) -> [UInt8] {
        let outputSize = height * (rowBytes + 1)
        return [UInt8](unsafeUninitializedCapacity: outputSize) { output, count in
            let zeros = [UInt8](repeating: 0, count: rowBytes)
            let candidates = UnsafeMutablePointer<UInt8>.allocate(capacity: 5 * max(rowBytes, 1))
            defer { candidates.deallocate() }
            zeros.withUnsafeBufferPointer { zeros in
                let base = raw.baseAddress!
                for y in 0..<height {
                    let row = base + y * rowBytes
                    let above = y == 0 ? zeros.baseAddress! : row - rowBytes
                    let target = output.baseAddress! + y * (rowBytes + 1)
                    guard adaptive else {
                        target[0] = 0
                        (target + 1).update(from: row, count: rowBytes)
                        continue
                    }
                    var bestType = 0
                    var bestScore = Int.max
                    for type in 0..<5 {
                        let candidate = candidates + type * rowBytes
                        let score = apply(type, row: row, above: above, into: candidate, count: rowBytes, stride: stride)
                        if score < bestScore {
                            bestScore = score
                            bestType = type
                        }
                    }
                    target[0] = UInt8(bestType)
                    (target + 1).update(from: candidates + bestType * rowBytes, count: rowBytes)
                }
            }
            count = outputSize
        }
    }

    /// Writes `row` filtered with `type` into `output` and returns its score (the sum of the
    /// absolute values of the output as signed bytes).
    private static func apply(_ type: Int, row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>,
                              into output: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) -> Int {
        var score = 0
        for i in 0..<count {
            let a = i >= stride ? row[i - stride] : 0
            let b = above[i]
            let c = i >= stride ? above[i - stride] : 0
            let prediction: UInt8
            switch type {
            case 0: prediction = 0
            case 1: prediction = a
            case 2: prediction = b
            case 3: prediction = UInt8((Int(a) + Int(b)) >> 1)
            default: prediction = paeth(a, b, c)
            }
            let value = row[i] &- prediction
            output[i] = value
            score += value < 128 ? Int(value) : 256 - Int(value)
        }
        return score
    }

    @inline(__always)
    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let pa = abs(Int(b) - Int(c))
        let pb = abs(Int(a) - Int(c))
        let pc = abs(Int(a) + Int(b) - 2 * Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
