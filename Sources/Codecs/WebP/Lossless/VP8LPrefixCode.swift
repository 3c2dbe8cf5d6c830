import OspreyCore

/// One prefix code of a WebP lossless stream (RFC 9649 §3.7.2), read from the bit stream and
/// ready to decode symbols.
///
/// Built on the toolkit's ``HuffmanDecoder`` (LSB-first, lengths up to 15, any alphabet up to
/// 280 + 2048 colour-cache symbols). One case the toolkit does not model is VP8L's
/// single-symbol code: a code with exactly one used symbol (whatever its stated length)
/// decodes that symbol while reading **no** bits, as libwebp does; it is kept here as a
/// constant. An empty code (no symbol at all), an over-subscribed or an incomplete one is
/// invalid (``ImageError/Code/badImageData``).
struct VP8LPrefixCode {
    /// The table for codes of two or more symbols; nil for a single-symbol code.
    let decoder: HuffmanDecoder?
    /// The symbol of a single-symbol code (unused otherwise).
    let constant: Int

    /// The order in which the code-length code's lengths are sent.
    private static let codeLengthOrder = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]

    /// The code with these `lengths` (one per symbol of the alphabet, 0 = unused).
    init(lengths: [UInt8], rootBits: Int = 8) throws(ImageError) {
        var used = 0, last = 0
        for (symbol, length) in lengths.enumerated() where length > 0 {
            used += 1
            last = symbol
        }
        guard used > 0 else { throw ImageError(.badImageData) }
        if used == 1 {
            decoder = nil
            constant = last
        } else {
            decoder = try HuffmanDecoder(lengths: lengths, rootBits: rootBits, order: .lsbFirst)
            constant = 0
        }
    }

    /// The next symbol; a single-symbol code reads nothing.
    @inline(__always)
    func decode(_ reader: inout LSBBitReader) throws(ImageError) -> Int {
        guard let decoder else { return constant }
        return try decoder.decode(&reader)
    }

    /// Reads a prefix code for an alphabet of `alphabetSize` symbols: a "simple" code (one or
    /// two symbols below 256, each of length 1) or a "normal" one (code lengths themselves
    /// prefix coded, with the repeat codes 16, 17 and 18).
    static func read(alphabetSize: Int, from reader: inout LSBBitReader) throws(ImageError) -> VP8LPrefixCode {
        var lengths = [UInt8](repeating: 0, count: alphabetSize)
        if try reader.read(1) == 1 {
            let symbols = try reader.read(1) + 1
            let first = try reader.read(try reader.read(1) == 1 ? 8 : 1)
            // A symbol beyond the alphabet is dropped, as libwebp's table build ignores it.
            if first < alphabetSize { lengths[first] = 1 }
            if symbols == 2 {
                let second = try reader.read(8)
                if second < alphabetSize { lengths[second] = 1 }
            }
        } else {
            let count = try reader.read(4) + 4
            var codeLengthLengths = [UInt8](repeating: 0, count: codeLengthOrder.count)
            for index in 0..<count { codeLengthLengths[codeLengthOrder[index]] = UInt8(try reader.read(3)) }
            let lengthCode = try VP8LPrefixCode(lengths: codeLengthLengths, rootBits: 7)
            try readLengths(into: &lengths, with: lengthCode, from: &reader)
        }
        return try VP8LPrefixCode(lengths: lengths)
    }

    /// Reads the code lengths of a normal code (RFC 9649 §3.7.2.1.2).
    private static func readLengths(into lengths: inout [UInt8], with lengthCode: VP8LPrefixCode,
                                    from reader: inout LSBBitReader) throws(ImageError) {
        let count = lengths.count
        var remaining = count
        if try reader.read(1) == 1 {
            let bits = 2 + 2 * (try reader.read(3))
            remaining = 2 + (try reader.read(bits))
            guard remaining <= count else { throw ImageError(.badImageData) }
        }
        var symbol = 0
        var previous: UInt8 = 8
        while symbol < count && remaining > 0 {
            remaining -= 1
            let code = try lengthCode.decode(&reader)
            if code < 16 {
                lengths[symbol] = UInt8(code)
                symbol += 1
                if code != 0 { previous = UInt8(code) }
            } else {
                let extraBits = [2, 3, 7][code - 16], offset = [3, 3, 11][code - 16]
                let repeats = try reader.read(extraBits) + offset
                guard symbol + repeats <= count else { throw ImageError(.badImageData) }
                let length: UInt8 = code == 16 ? previous : 0
                for _ in 0..<repeats { lengths[symbol] = length; symbol += 1 }
            }
        }
    }
}

/// The five prefix codes that decode one pixel (a "prefix code group"): green with the
/// LZ77 length prefixes and the colour-cache indices, red, blue, alpha, and the distance prefix.
struct VP8LCodeGroup {
    let green: VP8LPrefixCode
    let red: VP8LPrefixCode
    let blue: VP8LPrefixCode
    let alpha: VP8LPrefixCode
    let distance: VP8LPrefixCode

    /// Reads a group whose colour cache has `cacheSize` entries (0: none).
    static func read(cacheSize: Int, from reader: inout LSBBitReader) throws(ImageError) -> VP8LCodeGroup {
        VP8LCodeGroup(green: try .read(alphabetSize: 256 + 24 + cacheSize, from: &reader),
                      red: try .read(alphabetSize: 256, from: &reader),
                      blue: try .read(alphabetSize: 256, from: &reader),
                      alpha: try .read(alphabetSize: 256, from: &reader),
                      distance: try .read(alphabetSize: 40, from: &reader))
    }
}
