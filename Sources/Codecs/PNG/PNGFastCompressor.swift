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
                             literals: { word in
                                 for k in 0..<4 { counts[Int(truncatingIfNeeded: word &>> UInt64(8 &* k)) & 0xFF] &+= 1 }
                             },
                             match: { counts[257 &+ Int(DeflateBlockWriter.lengthSymbol[$0 &- 3])] &+= 1 })
                }
            }
            // Every literal and length symbol can occur outside the sample: give each a code.
            for symbol in 0..<286 { literalCounts[symbol] = literalCounts[symbol] &* 8 &+ 1 }
            // At most 14 bits a code, so four literals fit one 56-bit write.
            let literalLengths = HuffmanCodeBuilder.lengths(frequencies: literalCounts, limit: 14)
            var distanceCounts = [Int](repeating: 0, count: 30)
            let distanceSymbol = DeflateBlockWriter.distanceSymbol(stride - 1)
            distanceCounts[distanceSymbol] = 2
            distanceCounts[distanceSymbol == 0 ? 1 : 0] = 1   // two codes keep the code complete
            let distanceLengths = HuffmanCodeBuilder.lengths(frequencies: distanceCounts, limit: 15)
            let literalCodes = HuffmanCodeBuilder.codes(lengths: literalLengths)
            let distanceCodes = HuffmanCodeBuilder.codes(lengths: distanceLengths)

            // Per literal one word: reversed code | length << 32. Per match length (3…258) the
            // length code, its extra bits and the fixed distance code as one write.
            let literalWords = UnsafeMutablePointer<UInt64>.allocate(capacity: 256)
            let lengthWords = UnsafeMutablePointer<UInt64>.allocate(capacity: 259)
            defer {
                literalWords.deallocate()
                lengthWords.deallocate()
            }
            for byte in 0..<256 { literalWords[byte] = UInt64(literalCodes[byte]) | UInt64(literalLengths[byte]) << 32 }
            let distanceCode = UInt64(distanceCodes[distanceSymbol])
            let distanceBits = Int(distanceLengths[distanceSymbol])
            for length in 3...258 {
                let symbol = Int(DeflateBlockWriter.lengthSymbol[length - 3])
                let codeLength = Int(literalLengths[257 + symbol])
                let extra = UInt64(length - DeflateBlockWriter.lengthBases[symbol])
                let extraBits = DeflateBlockWriter.lengthExtra[symbol]
                let bits = codeLength + extraBits + distanceBits
                lengthWords[length] = UInt64(literalCodes[257 + symbol]) | extra << UInt64(codeLength)
                    | distanceCode << UInt64(codeLength + extraBits) | UInt64(bits) << 40
            }

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
                    var packed = PackedBitWriter(raw)
                    tokenize(filtered, count: rowLength, distance: stride,
                             literal: { byte in
                                 let word = literalWords[Int(byte)]
                                 packed.write(word & 0xFFFF, bits: Int(truncatingIfNeeded: word &>> 32))
                             },
                             literals: { bytes in
                                 let w0 = literalWords[Int(truncatingIfNeeded: bytes) & 0xFF]
                                 let w1 = literalWords[Int(truncatingIfNeeded: bytes &>> 8) & 0xFF]
                                 let w2 = literalWords[Int(truncatingIfNeeded: bytes &>> 16) & 0xFF]
                                 let w3 = literalWords[Int(truncatingIfNeeded: bytes &>> 24) & 0xFF]
                                 let l0 = w0 &>> 32, l01 = l0 &+ w1 &>> 32, l012 = l01 &+ w2 &>> 32
                                 let value = (w0 & 0xFFFF) | (w1 & 0xFFFF) &<< l0 | (w2 & 0xFFFF) &<< l01
                                     | (w3 & 0xFFFF) &<< l012
                                 packed.write(value, bits: Int(truncatingIfNeeded: l012 &+ w3 &>> 32))
                             },
                             match: { length in
                                 let word = lengthWords[length]
                                 packed.write(word & 0xFF_FFFF_FFFF, bits: Int(truncatingIfNeeded: word &>> 40))
                             })
                    raw = packed.raw
                }
            }
            writer.write(Int(literalCodes[256]), bits: Int(literalLengths[256]))
            return writer.finishingZlib(checksum: adler.value)
        }
    }

    /// A bit writer that takes up to 56 bits a write: after each write it stores the buffer and
    /// moves on by the whole bytes in it, so at most 7 bits stay pending. Made from (and turned
    /// back into) the deflate writer's ``RawBitWriter``, whose room it writes into.
    private struct PackedBitWriter {
        var out: UnsafeMutablePointer<UInt8>
        var buffer: UInt64
        var bitCount: Int

        @inline(__always)
        init(_ raw: RawBitWriter) {
            out = raw.out
            buffer = raw.buffer
            bitCount = raw.bitCount
            write(0, bits: 0)   // down to at most 7 pending bits
        }

        /// The state as a ``RawBitWriter`` (fewer than 32 bits pending).
        var raw: RawBitWriter { RawBitWriter(out: out, buffer: buffer, bitCount: bitCount) }

        /// Appends the low `bits` (≤ 56) bits of `value` (no higher bits set).
        @inline(__always)
        mutating func write(_ value: UInt64, bits: Int) {
            buffer |= value &<< UInt64(truncatingIfNeeded: bitCount)
            bitCount &+= bits
            UnsafeMutableRawPointer(out).storeBytes(of: buffer.littleEndian, as: UInt64.self)
            // At most 63 bits were pending, so at most 7 whole bytes leave.
            let bytes = bitCount &>> 3
            out += bytes
            buffer = buffer &>> UInt64(truncatingIfNeeded: bytes &<< 3)
            bitCount &= 7
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
            // Sixteen bytes a step in 16-bit lanes (each |residual| ≤ 128, so 255 steps cannot
            // overflow), folded into the totals every 255 steps.
            var x = head
            while x &+ 16 <= rowBytes {
                var subLanes = SIMD16<UInt16>.zero, upLanes = SIMD16<UInt16>.zero
                let end = min(rowBytes, x &+ 16 &* 255)
                while x &+ 16 <= end {
                    let current = UnsafeRawPointer(row + x).loadUnaligned(as: SIMD16<UInt8>.self)
                    let left = UnsafeRawPointer(row + (x &- stride)).loadUnaligned(as: SIMD16<UInt8>.self)
                    let upper = UnsafeRawPointer(above + x).loadUnaligned(as: SIMD16<UInt8>.self)
                    subLanes &+= magnitudes(current &- left)
                    upLanes &+= magnitudes(current &- upper)
                    x &+= 16
                }
                sub &+= Int(subLanes.wrappedSum())
                up &+= Int(upLanes.wrappedSum())
            }
            while x < rowBytes {
                sub &+= Int(Int8(bitPattern: row[x] &- row[x &- stride]).magnitude)
                up &+= Int(Int8(bitPattern: row[x] &- above[x]).magnitude)
                x &+= 1
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

    /// |r| of each byte read as a signed residual, widened to 16 bits.
    @inline(__always)
    private static func magnitudes(_ r: SIMD16<UInt8>) -> SIMD16<UInt16> {
        // min(r, −r) is |r| for r as Int8 (0…128), computed on unsigned bytes (`pminub`).
        let m = pointwiseMin(r, SIMD16<UInt8>.zero &- r)
        return SIMD16<UInt16>(UInt16(m[0]), UInt16(m[1]), UInt16(m[2]), UInt16(m[3]), UInt16(m[4]), UInt16(m[5]),
                              UInt16(m[6]), UInt16(m[7]), UInt16(m[8]), UInt16(m[9]), UInt16(m[10]), UInt16(m[11]),
                              UInt16(m[12]), UInt16(m[13]), UInt16(m[14]), UInt16(m[15]))
    }

    /// Calls `literal(byte)`, `literals(fourBytes)` (four literals, the first in the low byte)
    /// or `match(length)` (a copy from `distance` back, 4…258 long) for `data[0..<count]`, in
    /// order; matches reach back within `data` only. Reads up to 8 bytes past `count` (the
    /// caller's slack), never using them.
    @inline(__always)
    static func tokenize(_ data: UnsafePointer<UInt8>, count: Int, distance: Int,
                         literal: (UInt8) -> Void, literals: (UInt64) -> Void, match: (Int) -> Void) {
        var i = 0
        while i < min(distance, count) {
            literal(data[i])
            i &+= 1
        }
        while i < count {
            // Four positions settled by one word compare: a match starts at i + k exactly when
            // bytes k…k+3 of the two words agree. None does (the usual case in a photo): four
            // literals at once.
            if i &+ 8 <= count {
                let word = UnsafeRawPointer(data + i).loadUnaligned(as: UInt64.self)
                let x = word ^ UnsafeRawPointer(data + (i &- distance)).loadUnaligned(as: UInt64.self)
                // High bit of each byte set when that byte differs (exact, no carries between bytes).
                let differs = (((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x) & 0x8080_8080_8080_8080
                let same = ~differs & 0x8080_8080_8080_8080
                let runs = same & (same &>> 8) & (same &>> 16) & (same &>> 24)
                if runs & 0x8080_8080 == 0 {
                    literals(word)
                    i &+= 4
                    continue
                }
            }
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
