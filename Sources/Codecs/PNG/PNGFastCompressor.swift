import OspreyCore

/// The PNG encoder's fast mode, made for cache entries (in the spirit of fpng and fpnge): one
/// pass over the rows that filters, checksums and entropy-codes each row while it is in cache.
///
/// - Filter: per row, Sub or Up, whichever has the smaller sum of absolute residuals (both
///   sums from one vectorisable loop); the first row Sub.
/// - Matches: only at one pixel back (runs of a repeated pixel, runs of zero residuals), found
///   by comparing words, and never across rows (a row's first bytes are literals): no hash
///   chains, no search.
/// - Huffman: one dynamic block for the whole image, its code fitted to the symbol counts of a
///   sample of rows (every eighth) before the pass, with every literal and length symbol given a
///   code so that rows outside the sample always encode. Photographs' residual statistics are
///   uniform enough that the sample's code is within a percent or two of a fitted one.
/// - Checksum: Adler-32 over each filtered row as it is made (SIMD sums).
///
/// Rows are read straight from the RGBA pixels (dropping the channels the colour type does
/// not keep, one row at a time): no copy of the image, no filtered image, no token array.
/// Memory is the output plus three rows.
enum PNGFastCompressor {
    /// Rows between the rows sampled for the Huffman code (all rows of a short image).
    private static let sampleStep = 8

    /// The zlib stream of `pixels` as rows of `colorType` (8 bits per sample; not palette).
    static func compress(_ pixels: PixelBuffer, colorType: PNGHeader.ColorType) -> [UInt8] {
        let stride = colorType.channels
        let rowBytes = pixels.width * stride
        let height = pixels.height
        // Filtered row: filter byte, residuals, then slack so word loads never leave it.
        let rowLength = rowBytes + 1
        let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: rowLength + 16)
        filtered.initialize(repeating: 0, count: rowLength + 16)
        let rowsStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowBytes + 16)
        rowsStorage.initialize(repeating: 0, count: 2 * rowBytes + 16)
        defer {
            filtered.deallocate()
            rowsStorage.deallocate()
        }
        return pixels.bytes.withUnsafeBufferPointer { rgba -> [UInt8] in
            let source = rgba.baseAddress!
            /// Row `y` in the colour type's layout, in `slot` of the two compacting buffers
            /// (RGBA rows are read in place).
            func row(_ y: Int, slot: Int) -> UnsafePointer<UInt8> {
                let from = source + y &* pixels.width &* 4
                if colorType == .rgba { return from }
                let to = rowsStorage + slot &* rowBytes
                compact(from, width: pixels.width, colorType: colorType, into: to)
                return UnsafePointer(to)
            }

            // Pass 1: symbol counts of the sampled rows.
            var literalCounts = [Int](repeating: 0, count: 286)
            let step = height >= 4 * sampleStep ? sampleStep : 1
            literalCounts.withUnsafeMutableBufferPointer { counts in
                let counts = counts.baseAddress!
                for y in Swift.stride(from: 0, to: height, by: step) {
                    let current = row(y, slot: 0)
                    let above = y > 0 ? row(y - 1, slot: 1) : nil
                    filter(current, above: above, rowBytes: rowBytes, stride: stride, into: filtered)
                    tokenize(filtered, count: rowLength, distance: stride,
                             literal: { counts[Int($0)] &+= 1 },
                             match: { counts[257 &+ Int(DeflateBlockWriter.lengthSymbol[$0 &- 3])] &+= 1 })
                }
            }
            // Every literal and length symbol can occur outside the sample: give each a code.
            for symbol in 0..<286 { literalCounts[symbol] = literalCounts[symbol] &* 8 &+ 1 }
            let literalLengths = HuffmanCodeBuilder.lengths(frequencies: literalCounts, limit: 15)
            var distanceCounts = [Int](repeating: 0, count: 30)
            let distanceSymbol = DeflateBlockWriter.distanceSymbol(stride - 1)
            distanceCounts[distanceSymbol] = 2
            distanceCounts[distanceSymbol == 0 ? 1 : 0] = 1   // two codes keep the code complete
            let distanceLengths = HuffmanCodeBuilder.lengths(frequencies: distanceCounts, limit: 15)
            let literalCodes = HuffmanCodeBuilder.codes(lengths: literalLengths)
            let distanceCodes = HuffmanCodeBuilder.codes(lengths: distanceLengths)

            // Per literal one word: reversed code | length << 16. Per match length (3…258) the
            // length code and its extra bits as one write, then the fixed distance code.
            let literalWords = UnsafeMutablePointer<Int>.allocate(capacity: 256)
            let lengthWords = UnsafeMutablePointer<Int>.allocate(capacity: 259)
            defer {
                literalWords.deallocate()
                lengthWords.deallocate()
            }
            for byte in 0..<256 { literalWords[byte] = Int(literalCodes[byte]) | Int(literalLengths[byte]) << 16 }
            for length in 3...258 {
                let symbol = Int(DeflateBlockWriter.lengthSymbol[length - 3])
                let codeLength = Int(literalLengths[257 + symbol])
                let extra = length - DeflateBlockWriter.lengthBases[symbol]
                let bits = codeLength + DeflateBlockWriter.lengthExtra[symbol]
                lengthWords[length] = (Int(literalCodes[257 + symbol]) | extra << codeLength) | bits << 32
            }
            let distanceCode = Int(distanceCodes[distanceSymbol])
            let distanceBits = Int(distanceLengths[distanceSymbol])

            // Pass 2: filter, checksum and code each row.
            var writer = BitWriter(prefix: [0x78, 0x01], capacity: rowLength * height / 2 + 1024)
            DeflateBlockWriter.writeDynamicHeader(literalLengths: literalLengths, distanceLengths: distanceLengths,
                                                  isFinal: true, into: &writer)
            var adler = Adler32()
            var previous: UnsafePointer<UInt8>?
            for y in 0..<height {
                let current = row(y, slot: y & 1)
                filter(current, above: previous, rowBytes: rowBytes, stride: stride, into: filtered)
                previous = current
                adler.update(UnsafeRawBufferPointer(start: filtered, count: rowLength))
                // A symbol is at most 15 + 5 + 15 bits: five bytes per input byte is ample.
                writer.withRawWriter(reserving: rowLength &* 5 &+ 16) { raw in
                    tokenize(filtered, count: rowLength, distance: stride,
                             literal: { byte in
                                 let word = literalWords[Int(byte)]
                                 raw.write(word & 0xFFFF, bits: word &>> 16)
                             },
                             match: { length in
                                 let word = lengthWords[length]
                                 raw.write(word & 0xFFFF_FFFF, bits: word &>> 32)
                                 raw.write(distanceCode, bits: distanceBits)
                             })
                }
            }
            writer.write(Int(literalCodes[256]), bits: Int(literalLengths[256]))
            return writer.finishingZlib(checksum: adler.value)
        }
    }

    /// The samples `colorType` keeps of `width` RGBA pixels, packed.
    @inline(__always)
    private static func compact(_ rgba: UnsafePointer<UInt8>, width: Int, colorType: PNGHeader.ColorType,
                                into out: UnsafeMutablePointer<UInt8>) {
        switch colorType {
        case .rgb:
            for x in 0..<width {
                out[x &* 3] = rgba[x &* 4]
                out[x &* 3 &+ 1] = rgba[x &* 4 &+ 1]
                out[x &* 3 &+ 2] = rgba[x &* 4 &+ 2]
            }
        case .grayAlpha:
            for x in 0..<width {
                out[x &* 2] = rgba[x &* 4]
                out[x &* 2 &+ 1] = rgba[x &* 4 &+ 3]
            }
        default:
            for x in 0..<width { out[x] = rgba[x &* 4] }
        }
    }

    /// Writes the filter byte and residuals of `row` to `out`: Up when it has the smaller sum of
    /// absolute residuals than Sub (`above` nil: the first row, always Sub).
    @inline(__always)
    static func filter(_ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>?, rowBytes: Int, stride: Int,
                       into out: UnsafeMutablePointer<UInt8>) {
        let head = min(stride, rowBytes)
        var useUp = false
        if let above {
            var sub = 0, up = 0
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
        out[0] = useUp ? 2 : 1
        let residuals = out + 1
        if useUp, let above {
            for x in 0..<rowBytes { residuals[x] = row[x] &- above[x] }
        } else {
            for x in 0..<head { residuals[x] = row[x] }
            if rowBytes > stride {
                for x in stride..<rowBytes { residuals[x] = row[x] &- row[x &- stride] }
            }
        }
    }

    /// Calls `literal(byte)` or `match(length)` (a copy from `distance` back, 4…258 long) for
    /// `data[0..<count]`, in order; matches reach back within `data` only. Reads up to 8 bytes
    /// past `count` (the caller's slack), never using them.
    @inline(__always)
    static func tokenize(_ data: UnsafePointer<UInt8>, count: Int, distance: Int,
                         literal: (UInt8) -> Void, match: (Int) -> Void) {
        var i = 0
        while i < min(distance, count) {
            literal(data[i])
            i &+= 1
        }
        while i < count {
            // Most bytes of a photo start no match: four bytes compared at once settle that
            // (a match must be at least four long to be taken).
            guard i &+ 4 <= count,
                  UnsafeRawPointer(data + i).loadUnaligned(as: UInt32.self)
                    == UnsafeRawPointer(data + (i &- distance)).loadUnaligned(as: UInt32.self) else {
                literal(data[i])
                i &+= 1
                continue
            }
            let limit = min(258, count &- i)
            var length = 4
            // Eight bytes at a time while both words agree, then the first differing byte.
            while length < limit {
                let a = UnsafeRawPointer(data + (i &+ length)).loadUnaligned(as: UInt64.self)
                let b = UnsafeRawPointer(data + (i &+ length &- distance)).loadUnaligned(as: UInt64.self)
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
            length = min(length, limit)
            match(length)
            i &+= length
        }
    }
}
