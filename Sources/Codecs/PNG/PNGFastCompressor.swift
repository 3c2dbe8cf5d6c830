import OspreyCore

/// The PNG encoder's fast mode, made for cache entries (in the spirit of fpng and fpnge):
/// one filter per row picked by a one-pass estimate between Sub and Up, then deflate with
/// only previous-pixel matches (runs of a repeated pixel, runs of zero residuals) and a
/// Huffman code fitted per block from the token counts. The output is an ordinary zlib
/// stream; the cost is two passes over the pixels, no hash chains, no match search.
enum PNGFastCompressor {
    /// Input bytes per deflate block: large enough to amortise a dynamic header.
    private static let blockInput = 256 * 1024

    /// Filters `raw` (`height` rows of `rowBytes`, `stride` bytes per pixel) and deflates it.
    static func compress(_ raw: UnsafeBufferPointer<UInt8>, rowBytes: Int, height: Int, stride: Int) -> [UInt8] {
        let filtered = filter(raw, rowBytes: rowBytes, height: height, stride: stride)
        return filtered.withUnsafeBufferPointer { data in
            var writer = BitWriter(prefix: [0x78, 0x01], capacity: data.count / 3 + 64)
            // At most one token per input byte.
            let tokens = UnsafeMutablePointer<UInt32>.allocate(capacity: blockInput)
            defer { tokens.deallocate() }
            var position = 0
            while position < data.count {
                let end = min(data.count, position + blockInput)
                let count = tokenize(data, from: position, to: end, distance: stride, into: tokens)
                DeflateBlockWriter.write(UnsafeBufferPointer(start: tokens, count: count),
                                         raw: UnsafeBufferPointer(rebasing: data[position..<end]),
                                         isFinal: end == data.count, into: &writer)
                position = end
            }
            if data.isEmpty { DeflateBlockWriter.writeStored(data, isFinal: true, into: &writer) }
            return writer.finishingZlib(of: data)
        }
    }

    /// Rows with their filter byte: Sub or Up, whichever has the smaller sum of absolute
    /// residuals (both sums come from one pass); the first row always Sub.
    static func filter(_ raw: UnsafeBufferPointer<UInt8>, rowBytes: Int, height: Int, stride: Int) -> [UInt8] {
        let outputSize = height * (rowBytes + 1)
        return [UInt8](unsafeUninitializedCapacity: outputSize) { output, count in
            let base = raw.baseAddress!
            for y in 0..<height {
                let row = base + y &* rowBytes
                let target = output.baseAddress! + y &* (rowBytes &+ 1)
                var useUp = false
                if y > 0 {
                    let above = row - rowBytes
                    var sub = 0, up = 0
                    let head = min(stride, rowBytes)
                    for x in 0..<head {
                        sub &+= Int(Int8(bitPattern: row[x]).magnitude)
                        up &+= Int(Int8(bitPattern: row[x] &- above[x]).magnitude)
                    }
                    // Branch-free body so the compiler can keep it in vector lanes.
                    for x in head..<rowBytes {
                        sub &+= Int(Int8(bitPattern: row[x] &- row[x &- stride]).magnitude)
                        up &+= Int(Int8(bitPattern: row[x] &- above[x]).magnitude)
                    }
                    useUp = up < sub
                }
                target[0] = useUp ? 2 : 1
                let out = target + 1
                if useUp {
                    let above = row - rowBytes
                    for x in 0..<rowBytes { out[x] = row[x] &- above[x] }
                } else {
                    for x in 0..<min(stride, rowBytes) { out[x] = row[x] }
                    if rowBytes > stride {
                        for x in stride..<rowBytes { out[x] = row[x] &- row[x &- stride] }
                    }
                }
            }
            count = outputSize
        }
    }

    /// Tokens (the ``DeflateBlockWriter`` format: a literal byte, or `1 << 31 | (length − 3)
    /// << 15 | (distance − 1)`) for `data[start..<end]`, matching only at `distance` back,
    /// written to `out` (room for `end − start` tokens); returns how many.
    static func tokenize(_ data: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, distance: Int,
                         into out: UnsafeMutablePointer<UInt32>) -> Int {
        let base = data.baseAddress!
        var written = 0
        @inline(__always) func append(_ token: UInt32) {
            out[written] = token
            written &+= 1
        }
        var i = start
        while i < end {
            guard i >= distance else {
                append(UInt32(base[i]))
                i &+= 1
                continue
            }
            // Most bytes of a photo start no match: four bytes compared at once settle that
            // (a match must be at least four long to be taken).
            guard i &+ 4 <= end,
                  UnsafeRawPointer(base + i).loadUnaligned(as: UInt32.self)
                    == UnsafeRawPointer(base + (i &- distance)).loadUnaligned(as: UInt32.self) else {
                append(UInt32(base[i]))
                i &+= 1
                continue
            }
            let limit = min(258, end &- i)
            var length = 0
            // Eight bytes at a time while both words agree, then byte by byte.
            while length &+ 8 <= limit {
                let a = UnsafeRawPointer(base + (i &+ length)).loadUnaligned(as: UInt64.self)
                let b = UnsafeRawPointer(base + (i &+ length &- distance)).loadUnaligned(as: UInt64.self)
                let diff = a ^ b
                if diff != 0 {
                    #if _endian(little)
                    length &+= diff.trailingZeroBitCount >> 3
                    #else
                    length &+= diff.leadingZeroBitCount >> 3
                    #endif
                    break
                }
                length &+= 8
            }
            if length &+ 8 > limit || length % 8 == 0 {
                while length < limit, base[i &+ length] == base[i &+ length &- distance] { length &+= 1 }
            }
            if length >= 4 {
                append(0x8000_0000 | UInt32(length &- 3) << 15 | UInt32(distance &- 1))
                i &+= length
            } else {
                append(UInt32(base[i]))
                i &+= 1
            }
        }
        return written
    }
}
