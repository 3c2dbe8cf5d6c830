import OspreyCore
/// Canonical Huffman code assignment (RFC 1951 §3.2.2, ITU T.81 Annex C, WebP lossless):
/// the one routine that turns code lengths into codes, shared by every decoder table
/// (``HuffmanTableBuilder``) and the deflate encoder (`HuffmanCodeBuilder`).
///
/// Codes of each length are consecutive integers in symbol order, and shorter codes come
/// first; a code is `length` bits sent most-significant bit first. Lengths go up to 16
/// (JPEG); alphabets may be of any size (WebP lossless: 280 + colour-cache symbols).
enum CanonicalHuffman {
    /// The longest code length any supported format uses (JPEG's 16).
    static let maxLength = 16

    /// How completely a set of lengths fills the code space (the Kraft sum against 1).
    enum Fill: Sendable, Equatable {
        /// Every bit pattern decodes to a symbol.
        case complete
        /// Some patterns decode to nothing (JPEG's tables always are: all-ones is reserved).
        case incomplete
        /// More codes than the lengths allow: not a prefix code, always an error.
        case oversubscribed
    }

    /// How many symbols have each length 0…16 (index 0 counts unused symbols).
    static func lengthCounts<Lengths: Collection>(_ lengths: Lengths) -> [Int] where Lengths.Element == UInt8 {
        var counts = [Int](repeating: 0, count: maxLength + 1)
        for length in lengths { counts[min(Int(length), maxLength)] += 1 }
        return counts
    }

    /// Whether lengths with these `counts` (from ``lengthCounts(_:)``) form a complete code.
    static func fill(counts: [Int]) -> Fill {
        var left = 1
        for length in 1...maxLength {
            left = left << 1 - counts[length]
            if left < 0 { return .oversubscribed }
        }
        return left == 0 ? .complete : .incomplete
    }

    /// The canonical code of every symbol (MSB-first value in its low `length` bits; 0 for
    /// unused symbols). Lengths above ``maxLength`` are a caller error (checked).
    static func codes<Lengths: Collection>(lengths: Lengths) -> [Int] where Lengths.Element == UInt8 {
        let counts = lengthCounts(lengths)
        precondition(lengths.allSatisfy { Int($0) <= maxLength }, "Huffman code length above 16")
        var next = [Int](repeating: 0, count: maxLength + 1)
        var code = 0
        for length in 1...maxLength {
            code = (code + (length == 1 ? 0 : counts[length - 1])) << 1
            next[length] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            defer { next[Int(length)] += 1 }
            return next[Int(length)]
        }
    }

    /// `code`'s low `bits` bits in reverse order (for streams read LSB first).
    @inline(__always)
    static func reversed(_ code: Int, bits: Int) -> Int {
        var result = 0
        var code = code
        for _ in 0..<bits {
            result = result << 1 | code & 1
            code >>= 1
        }
        return result
    }
}
