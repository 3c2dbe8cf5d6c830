import OspreyCore

// The fast mode's tokenizer: literals and one-pixel-back matches, handed to a sink that either
// counts symbols (the sampling pass) or writes their codes.
extension PNGFastCompressor {
    /// Hands `sink` the literals and matches (copies from `distance` back, 4…258 long) for
    /// `data[0..<count]`, in order; matches reach back within `data` only. `starts` holds
    /// ``markMatchStarts`` of the data, then at least 8 zero bytes; reads up to 8 bytes past
    /// `count` of `data`, never using them.
    @inline(__always)
    static func tokenize<Sink: TokenSink>(_ data: UnsafePointer<UInt8>, starts: UnsafePointer<UInt8>, count: Int,
                                          distance: Int, into sink: inout Sink) {
        let bytes = UnsafeRawPointer(data), marks = UnsafeRawPointer(starts)
        var i = 0
        while i < min(distance, count) {
            sink.literal(data[i])
            i &+= 1
        }
        while i < count {
            // No match starts among the next eight positions (the usual case in a photo): eight
            // literals; none among the next four: four.
            if i &+ 8 <= count {
                let next = marks.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                if next == 0 {
                    sink.octet(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                    i &+= 8
                    continue
                }
                if UInt64(littleEndian: next) & 0xFFFF_FFFF == 0 {
                    sink.quad(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)))
                    i &+= 4
                    continue
                }
            }
            guard starts[i] != 0 else {
                sink.literal(data[i])
                i &+= 1
                continue
            }
            let limit = min(258, count &- i)
            var length = 4
            // Eight bytes at a time while both words agree, then the first differing byte.
            while length < limit {
                let a = bytes.loadUnaligned(fromByteOffset: i &+ length, as: UInt64.self)
                let b = bytes.loadUnaligned(fromByteOffset: i &+ length &- distance, as: UInt64.self)
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
            sink.match(length)
            i &+= length
        }
    }
}

/// What ``PNGFastCompressor``'s tokenizer hands its symbols to (a struct, so each use is
/// specialised and inlined into the row loop).
protocol TokenSink {
    /// One literal byte.
    mutating func literal(_ byte: UInt8)
    /// Four literals, the first in the low byte.
    mutating func quad(_ bytes: UInt64)
    /// Eight literals, the first in the low byte.
    mutating func octet(_ bytes: UInt64)
    /// A copy of `length` (4…258) bytes from one pixel back.
    mutating func match(_ length: Int)
}

/// Counts the symbols (the sampling pass).
struct SymbolCounter: TokenSink {
    /// 286 literal/length counts.
    let counts: UnsafeMutablePointer<Int>

    @inline(__always)
    mutating func literal(_ byte: UInt8) { counts[Int(byte)] &+= 1 }

    @inline(__always)
    mutating func quad(_ bytes: UInt64) {
        for k in 0..<4 { counts[Int(truncatingIfNeeded: bytes &>> UInt64(8 &* k)) & 0xFF] &+= 1 }
    }

    @inline(__always)
    mutating func octet(_ bytes: UInt64) {
        for k in 0..<8 { counts[Int(truncatingIfNeeded: bytes &>> UInt64(8 &* k)) & 0xFF] &+= 1 }
    }

    @inline(__always)
    mutating func match(_ length: Int) { counts[257 &+ Int(DeflateBlockWriter.lengthSymbol[length &- 3])] &+= 1 }
}

/// Writes the symbols with the image's code tables (``PNGFastCompressor``'s `Code`).
struct SymbolWriter: TokenSink {
    var packed: PNGFastCompressor.PackedBitWriter
    let literalWords: UnsafePointer<UInt64>
    let pairWords: UnsafePointer<UInt32>
    let lengthWords: UnsafePointer<UInt64>

    init(packed: PNGFastCompressor.PackedBitWriter, literalWords: UnsafeMutablePointer<UInt64>,
         pairWords: UnsafeMutablePointer<UInt32>, lengthWords: UnsafeMutablePointer<UInt64>) {
        self.packed = packed
        self.literalWords = UnsafePointer(literalWords)
        self.pairWords = UnsafePointer(pairWords)
        self.lengthWords = UnsafePointer(lengthWords)
    }

    @inline(__always)
    mutating func literal(_ byte: UInt8) {
        let word = literalWords[Int(byte)]
        packed.write(word & 0xFFFF, bits: Int(truncatingIfNeeded: word &>> 32))
    }

    @inline(__always)
    mutating func quad(_ bytes: UInt64) {
        // Two byte pairs, one lookup each: at most 2 × 26 bits.
        let low = UInt64(pairWords[Int(truncatingIfNeeded: bytes) & 0xFFFF])
        let high = UInt64(pairWords[Int(truncatingIfNeeded: bytes &>> 16) & 0xFFFF])
        let lowBits = low &>> 27
        packed.write(low & 0x7FF_FFFF | (high & 0x7FF_FFFF) &<< lowBits, bits: Int(truncatingIfNeeded: lowBits &+ high &>> 27))
    }

    @inline(__always)
    mutating func octet(_ bytes: UInt64) {
        // Four pairs: one write when the eight codes fit 56 bits (nearly always in a photo, at
        // about five bits a literal), else two.
        let p0 = UInt64(pairWords[Int(truncatingIfNeeded: bytes) & 0xFFFF])
        let p1 = UInt64(pairWords[Int(truncatingIfNeeded: bytes &>> 16) & 0xFFFF])
        let p2 = UInt64(pairWords[Int(truncatingIfNeeded: bytes &>> 32) & 0xFFFF])
        let p3 = UInt64(pairWords[Int(truncatingIfNeeded: bytes &>> 48)])
        let l0 = p0 &>> 27, l2 = p2 &>> 27
        let low = p0 & 0x7FF_FFFF | (p1 & 0x7FF_FFFF) &<< l0, lowBits = l0 &+ p1 &>> 27
        let high = p2 & 0x7FF_FFFF | (p3 & 0x7FF_FFFF) &<< l2, highBits = l2 &+ p3 &>> 27
        if lowBits &+ highBits <= 56 {
            packed.write(low | high &<< lowBits, bits: Int(truncatingIfNeeded: lowBits &+ highBits))
        } else {
            packed.write(low, bits: Int(truncatingIfNeeded: lowBits))
            packed.write(high, bits: Int(truncatingIfNeeded: highBits))
        }
    }

    @inline(__always)
    mutating func match(_ length: Int) {
        let word = lengthWords[length]
        packed.write(word & 0xFF_FFFF_FFFF, bits: Int(truncatingIfNeeded: word &>> 40))
    }
}
