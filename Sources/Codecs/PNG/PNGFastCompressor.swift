import OspreyCore

/// The PNG encoder's fast mode, made for cache entries (in the spirit of fpng and fpnge): one
/// pass over the rows that filters, checksums and entropy-codes each row while it is in cache,
/// writing the image data chunks straight into the file.
///
/// - Filter: per row, Sub or Up, whichever has the smaller sum of absolute residuals (both
///   residual rows and both sums from one vectorised loop); the first row Sub.
/// - Matches: only at one pixel back (runs of a repeated pixel, runs of zero residuals), their
///   starts marked by vector compares of the row against itself one pixel back, never across
///   rows (a row's first bytes are literals): no hash chains, no search. Eight positions
///   without a start (the usual case in a photo) are eight literals at once.
/// - Huffman: one dynamic block for the whole image, its code fitted to the symbol counts of a
///   sample of rows (every sixteenth) before the pass, with every literal and length symbol
///   given a code so that rows outside the sample always encode. Literals are looked up two at
///   a time (a 64 k-entry table of byte pairs, at most 13 bits a code), and written through a
///   64-bit buffer stored whole after every write. Photographs' residual statistics are
///   uniform enough that the sample's code is within a percent or two of a fitted one.
/// - Checksums: Adler-32 over each filtered row as it is made (SIMD sums); the chunk CRC over
///   each chunk's bytes as it is closed (about 64 kB, still in cache).
///
/// Rows are read straight from the RGBA pixels (dropping the channels the colour type does
/// not keep, one row at a time): no copy of the image, no filtered image, no token array.
/// Memory is the output plus a few rows.
enum PNGFastCompressor {
    /// Rows between the rows sampled for the Huffman code (all rows of a short image).
    private static let sampleStep = 16
    /// An image data chunk is closed at the first row end after this many bytes.
    static let chunkTarget = 64 * 1024
    /// Room after each row buffer, so word loads and stores past a row's end stay inside it.
    private static let slack = 16

    /// Writes the image data of `pixels` as rows of `colorType` (8 bits per sample; not
    /// palette) to `file`: one zlib stream split into `IDAT` chunks, or into `fdAT` chunks
    /// numbered from `sequence` on (which moves past the last one) when `frameData` is set.
    static func writeImageData(_ pixels: PixelBuffer, colorType: PNGHeader.ColorType, frameData: Bool = false,
                               sequence: inout Int, into file: inout PNGFileBuffer) {
        let stride = colorType.channels
        let rowBytes = pixels.width * stride
        let height = pixels.height
        let rowLength = rowBytes + 1
        let headLength = frameData ? 12 : 8
        // Literal codes are at most 13 bits and a match (at least 4 bytes) at most 33: under
        // 1.75 bytes per input byte. Room for one more row is checked before each row (with the
        // framing of two chunks, the trailer and the 8-byte stores' slack); the first guess is
        // what a photograph needs (Sub/Up residuals deflate to about 60 %), grown by doubling.
        let perRow = rowLength + rowLength / 4 * 3 + 2 * (headLength + 4) + 64
        file.reserve(rowLength * height / 8 * 5 + perRow + 1024)

        // Two slots of compacted rows, the Sub and Up residual rows (each after its filter byte)
        // and the match starts of the chosen one.
        let rowSlot = rowBytes + slack
        let scratchBytes = 2 * rowSlot + 3 * (rowLength + slack) + 1
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: scratchBytes)
        scratch.initialize(repeating: 0, count: scratchBytes)
        defer { scratch.deallocate() }
        let subRow = scratch + 2 * rowSlot
        let upRow = subRow + rowLength + slack
        let starts = upRow + rowLength + slack   // ``markMatchStarts`` of the filtered row
        subRow[0] = 1
        upRow[0] = 2

        pixels.bytes.withUnsafeBufferPointer { rgba in
            let source = rgba.baseAddress!
            /// Row `y` in the colour type's layout, in `slot` of the compacting buffers (RGBA
            /// rows are read in place).
            func row(_ y: Int, slot: Int) -> UnsafePointer<UInt8> {
                let from = source + y &* pixels.width &* 4
                if colorType == .rgba { return from }
                let to = scratch + slot &* rowSlot
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
                    let filtered = filter(current, above: above, rowBytes: rowBytes, stride: stride, sub: subRow, up: upRow)
                    markMatchStarts(filtered, count: rowLength, distance: stride, into: starts)
                    var counter = SymbolCounter(counts: counts)
                    tokenize(filtered, starts: starts, count: rowLength, distance: stride, into: &counter)
                }
            }
            let code = Code(counts: literalCounts, distance: stride)

            // The chunk framing and the zlib and block headers.
            var out = file.base + file.count
            var chunkStart = out
            func openChunk() {
                chunkStart = out
                PNGFileBuffer.storeUInt32(frameData ? 0x6664_4154 : 0x4944_4154, at: out + 4)   // "fdAT", "IDAT"
                if frameData { PNGFileBuffer.storeUInt32(sequence, at: out + 8) }
                sequence += frameData ? 1 : 0
                out += headLength
            }
            /// Ends the open chunk at `out` (its length and CRC).
            func closeChunk() {
                PNGFileBuffer.storeUInt32(out - chunkStart - 8, at: chunkStart)
                let crc = CRC32.checksum(UnsafeRawBufferPointer(start: chunkStart + 4, count: out - chunkStart - 4))
                PNGFileBuffer.storeUInt32(Int(crc), at: out)
                out += 4
            }
            openChunk()
            var header = BitWriter(prefix: [0x78, 0x01])
            DeflateBlockWriter.writeDynamicHeader(literalLengths: code.literalLengths, distanceLengths: code.distanceLengths,
                                                  isFinal: true, into: &header)
            var pending = (buffer: UInt64(0), bitCount: 0)
            header.withRawWriter(reserving: 0) { raw in pending = (raw.buffer, raw.bitCount) }
            let headerBytes = header.bytes
            for byte in headerBytes {
                out.pointee = byte
                out += 1
            }
            var packed = PackedBitWriter(out: out, buffer: pending.buffer, bitCount: pending.bitCount)

            // Pass 2: filter, checksum and code each row.
            var adler = Adler32()
            var previous: UnsafePointer<UInt8>?
            var symbols = SymbolWriter(packed: packed, literalWords: code.literalWords, pairWords: code.pairWords,
                                       lengthWords: code.lengthWords)
            var touched: UInt8 = 0
            for y in 0..<height {
                if file.capacity - (symbols.packed.out - file.base) < perRow {
                    let outOffset = symbols.packed.out - file.base, chunkOffset = chunkStart - file.base
                    file.count = outOffset
                    file.reserve(2 * perRow)   // at least doubles the block
                    symbols.packed.out = file.base + outOffset
                    chunkStart = file.base + chunkOffset
                }
                // One load per cache line of the row after next: its pixels are on their way from
                // memory while this row is coded (the row loop alone leaves the loads stalling).
                if y &+ 2 < height {
                    let ahead = source + (y &+ 2) &* pixels.width &* 4
                    var offset = 0
                    while offset < pixels.width &* 4 {
                        touched |= ahead[offset]
                        offset &+= 64
                    }
                }
                let current = row(y, slot: y & 1)
                let filtered = filter(current, above: previous, rowBytes: rowBytes, stride: stride, sub: subRow, up: upRow)
                previous = current
                adler.update(UnsafeRawBufferPointer(start: filtered, count: rowLength))
                markMatchStarts(filtered, count: rowLength, distance: stride, into: starts)
                tokenize(filtered, starts: starts, count: rowLength, distance: stride, into: &symbols)
                // A new chunk starts at a byte the stream has finished; the pending bits (the
                // buffer's last store, overwritten by the framing) are stored again after it.
                if symbols.packed.out - chunkStart >= chunkTarget, y < height - 1 {
                    out = symbols.packed.out
                    closeChunk()
                    openChunk()
                    symbols.packed.out = out
                }
            }
            scratch[scratchBytes - 1] = touched   // keeps the touching loads
            packed = symbols.packed
            packed.write(code.endOfBlock & 0xFFFF, bits: Int(truncatingIfNeeded: code.endOfBlock &>> 32))
            out = packed.out + (packed.bitCount > 0 ? 1 : 0)
            PNGFileBuffer.storeUInt32(Int(adler.value), at: out)
            out += 4
            closeChunk()
            file.count = out - file.base
        }
    }

    /// The Huffman code of one image, as tables of ready-to-write words.
    private struct Code: ~Copyable {
        let literalLengths: [UInt8]
        let distanceLengths: [UInt8]
        /// Per byte: the reversed literal code | its length << 32.
        let literalWords: UnsafeMutablePointer<UInt64>
        /// Per two bytes (the first in the low byte): both literal codes as one value (at most
        /// 26 bits) | the total length << 27.
        let pairWords: UnsafeMutablePointer<UInt32>
        /// Per match length (3…258): the length code, its extra bits and the one distance code
        /// as one value | the total bit count << 40.
        let lengthWords: UnsafeMutablePointer<UInt64>
        /// The end-of-block code | its length << 32.
        let endOfBlock: UInt64

        /// The code fitted to the sampled `counts` for matches at `distance`.
        init(counts: [Int], distance: Int) {
            // Every literal and length symbol can occur outside the sample: give each a code.
            let literalCounts = counts.map { $0 &* 8 &+ 1 }
            // At most 13 bits a code, so two literals and their length fit 32 bits, four literals
            // one 52-bit write.
            literalLengths = HuffmanCodeBuilder.lengths(frequencies: literalCounts, limit: 13)
            var distanceCounts = [Int](repeating: 0, count: 30)
            let distanceSymbol = DeflateBlockWriter.distanceSymbol(distance - 1)
            distanceCounts[distanceSymbol] = 2
            distanceCounts[distanceSymbol == 0 ? 1 : 0] = 1   // two codes keep the code complete
            distanceLengths = HuffmanCodeBuilder.lengths(frequencies: distanceCounts, limit: 15)
            let literalCodes = HuffmanCodeBuilder.codes(lengths: literalLengths)
            let distanceCodes = HuffmanCodeBuilder.codes(lengths: distanceLengths)
            literalWords = .allocate(capacity: 256)
            lengthWords = .allocate(capacity: 259)
            lengthWords.initialize(repeating: 0, count: 259)
            for byte in 0..<256 { literalWords[byte] = UInt64(literalCodes[byte]) | UInt64(literalLengths[byte]) << 32 }
            pairWords = .allocate(capacity: 65536)
            for second in 0..<256 {
                let code = UInt32(literalCodes[second]), length = UInt32(literalLengths[second])
                for first in 0..<256 {
                    let firstLength = UInt32(literalLengths[first])
                    pairWords[second &<< 8 | first] = UInt32(literalCodes[first]) | code &<< firstLength
                        | (firstLength &+ length) &<< 27
                }
            }
            endOfBlock = UInt64(literalCodes[256]) | UInt64(literalLengths[256]) << 32
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
        }

        deinit {
            literalWords.deallocate()
            pairWords.deallocate()
            lengthWords.deallocate()
        }
    }

    /// A bit writer that takes up to 56 bits a write: after each write it stores the buffer and
    /// moves on by the whole bytes in it, so at most 7 bits stay pending (and are already
    /// stored at `out`). Writes into room the caller reserved.
    struct PackedBitWriter {
        var out: UnsafeMutablePointer<UInt8>
        var buffer: UInt64
        var bitCount: Int

        @inline(__always)
        init(out: UnsafeMutablePointer<UInt8>, buffer: UInt64, bitCount: Int) {
            self.out = out
            self.buffer = buffer
            self.bitCount = bitCount
            write(0, bits: 0)   // down to at most 7 pending bits
        }

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

    /// The samples `colorType` keeps of `width` RGBA pixels, packed (may store up to 2 bytes
    /// past the packed row).
    @inline(__always)
    private static func compact(_ rgba: UnsafePointer<UInt8>, width: Int, colorType: PNGHeader.ColorType,
                                into out: UnsafeMutablePointer<UInt8>) {
        let from = UnsafeRawPointer(rgba), to = UnsafeMutableRawPointer(out)
        switch colorType {
        case .rgb:
            // Two pixels a step: RGBARGBA becomes RGBRGB (and two bytes the next step overwrites).
            var x = 0
            while x &+ 2 <= width {
                let pair = UInt64(littleEndian: from.loadUnaligned(fromByteOffset: x &* 4, as: UInt64.self))
                let packed = pair & 0xFF_FFFF | (pair &>> 8) & 0xFFFF_FF00_0000
                to.storeBytes(of: packed.littleEndian, toByteOffset: x &* 3, as: UInt64.self)
                x &+= 2
            }
            if x < width {
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

    /// Fills `sub` and `up` (after their filter bytes) with the Sub and Up residuals of `row`
    /// and returns the one with the smaller sum of absolute residuals; `above` nil (the first
    /// row): `sub`, the only one filled.
    @inline(__always)
    static func filter(_ row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>?, rowBytes: Int, stride: Int,
                       sub: UnsafeMutablePointer<UInt8>, up: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let head = min(stride, rowBytes)
        let subOut = UnsafeMutableRawPointer(sub + 1), upOut = UnsafeMutableRawPointer(up + 1)
        let current = UnsafeRawPointer(row)
        guard let above else {
            for x in 0..<head { sub[1 &+ x] = row[x] }
            var x = head
            while x &+ 16 <= rowBytes {
                let residual = current.loadUnaligned(fromByteOffset: x, as: SIMD16<UInt8>.self)
                    &- current.loadUnaligned(fromByteOffset: x &- stride, as: SIMD16<UInt8>.self)
                subOut.storeBytes(of: residual, toByteOffset: x, as: SIMD16<UInt8>.self)
                x &+= 16
            }
            while x < rowBytes {
                sub[1 &+ x] = row[x] &- row[x &- stride]
                x &+= 1
            }
            return sub
        }
        let upper = UnsafeRawPointer(above)
        var subSum = 0, upSum = 0
        for x in 0..<head {
            sub[1 &+ x] = row[x]
            up[1 &+ x] = row[x] &- above[x]
            subSum &+= Int(Int8(bitPattern: row[x]).magnitude)
            upSum &+= Int(Int8(bitPattern: row[x] &- above[x]).magnitude)
        }
        var x = head
        while x &+ 16 <= rowBytes {
            // Sixteen bytes a step into 8 lanes of pair sums (each ≤ 256): 255 steps cannot
            // overflow 16 bits, then the lanes are folded into the totals.
            var subLanes = SIMD8<UInt16>.zero, upLanes = SIMD8<UInt16>.zero
            let end = min(rowBytes, x &+ 16 &* 255)
            while x &+ 16 <= end {
                let value = current.loadUnaligned(fromByteOffset: x, as: SIMD16<UInt8>.self)
                let subResidual = value &- current.loadUnaligned(fromByteOffset: x &- stride, as: SIMD16<UInt8>.self)
                let upResidual = value &- upper.loadUnaligned(fromByteOffset: x, as: SIMD16<UInt8>.self)
                subOut.storeBytes(of: subResidual, toByteOffset: x, as: SIMD16<UInt8>.self)
                upOut.storeBytes(of: upResidual, toByteOffset: x, as: SIMD16<UInt8>.self)
                subLanes &+= pairMagnitudes(subResidual)
                upLanes &+= pairMagnitudes(upResidual)
                x &+= 16
            }
            for lane in 0..<8 {
                subSum &+= Int(subLanes[lane])
                upSum &+= Int(upLanes[lane])
            }
        }
        while x < rowBytes {
            let subResidual = row[x] &- row[x &- stride], upResidual = row[x] &- above[x]
            sub[1 &+ x] = subResidual
            up[1 &+ x] = upResidual
            subSum &+= Int(Int8(bitPattern: subResidual).magnitude)
            upSum &+= Int(Int8(bitPattern: upResidual).magnitude)
            x &+= 1
        }
        return upSum < subSum ? up : sub
    }

    /// |r| of each byte read as a signed residual, neighbouring pairs added in 16-bit lanes.
    @inline(__always)
    private static func pairMagnitudes(_ r: SIMD16<UInt8>) -> SIMD8<UInt16> {
        // min(r, −r) is |r| for r as Int8 (0…128), on unsigned bytes (`pminub`).
        let negated = SIMD16<UInt8>.zero &- r
        let magnitude = r.replacing(with: negated, where: negated .< r)
        let pairs = unsafeBitCast(magnitude, to: SIMD8<UInt16>.self)
        return (pairs & 0x00FF) &+ (pairs &>> 8)
    }

    /// Marks in `starts` (0xFF) the positions of `data[0..<count]` where a match of at least
    /// four bytes at `distance` back begins: that byte and the three after it equal the bytes
    /// `distance` before them, all within the row (none among the first `distance`). Bytes of
    /// `starts` from `count` on stay as they are (zero: the caller's slack).
    @inline(__always)
    static func markMatchStarts(_ data: UnsafePointer<UInt8>, count: Int, distance: Int,
                                into starts: UnsafeMutablePointer<UInt8>) {
        let bytes = UnsafeRawPointer(data), marks = UnsafeMutableRawPointer(starts)
        for x in 0..<min(distance, count) { starts[x] = 0 }
        @inline(__always) func equal(_ x: Int) -> SIMDMask<SIMD16<Int8>> {
            bytes.loadUnaligned(fromByteOffset: x, as: SIMD16<UInt8>.self)
                .== bytes.loadUnaligned(fromByteOffset: x &- distance, as: SIMD16<UInt8>.self)
        }
        var x = distance
        // Sixteen positions a step, reading up to three bytes past them.
        while x &+ 19 <= count {
            let all = equal(x) .& equal(x &+ 1) .& equal(x &+ 2) .& equal(x &+ 3)
            marks.storeBytes(of: SIMD16<UInt8>.zero.replacing(with: 0xFF, where: all), toByteOffset: x,
                             as: SIMD16<UInt8>.self)
            x &+= 16
        }
        while x < count {
            var all = x &+ 4 <= count
            var k = 0
            while all && k < 4 {
                all = data[x &+ k] == data[x &+ k &- distance]
                k &+= 1
            }
            starts[x] = all ? 0xFF : 0
            x &+= 1
        }
    }
}
