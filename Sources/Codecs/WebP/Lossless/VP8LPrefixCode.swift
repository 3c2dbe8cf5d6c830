import OspreyCore

/// Reads the code lengths of one prefix code of a WebP lossless stream (RFC 9649 §3.7.2.1):
/// a "simple" code (one or two symbols below 256, each of length 1) or a "normal" one (the
/// lengths themselves prefix coded, with the repeat codes 16, 17 and 18).
enum VP8LPrefixCode {
    /// The order in which the code-length code's lengths are sent.
    private static let codeLengthOrder = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]

    /// The lengths (one per symbol of an `alphabetSize` alphabet, 0 = unused) of the next code.
    static func readLengths(alphabetSize: Int, from reader: inout LSBBitReader) throws(ImageError) -> [UInt8] {
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
            return lengths
        }
        let count = try reader.read(4) + 4
        var codeLengthLengths = [UInt8](repeating: 0, count: codeLengthOrder.count)
        for index in 0..<count { codeLengthLengths[codeLengthOrder[index]] = UInt8(try reader.read(3)) }
        let lengthCode = try SmallCode(lengths: codeLengthLengths)
        var remaining = alphabetSize
        if try reader.read(1) == 1 {
            let bits = 2 + 2 * (try reader.read(3))
            remaining = 2 + (try reader.read(bits))
            guard remaining <= alphabetSize else { throw ImageError(.badImageData) }
        }
        var symbol = 0
        var previous: UInt8 = 8
        while symbol < alphabetSize && remaining > 0 {
            remaining -= 1
            let code = try lengthCode.decode(&reader)
            if code < 16 {
                lengths[symbol] = UInt8(code)
                symbol += 1
                if code != 0 { previous = UInt8(code) }
            } else {
                let extraBits = [2, 3, 7][code - 16], offset = [3, 3, 11][code - 16]
                let repeats = try reader.read(extraBits) + offset
                guard symbol + repeats <= alphabetSize else { throw ImageError(.badImageData) }
                let length: UInt8 = code == 16 ? previous : 0
                for _ in 0..<repeats { lengths[symbol] = length; symbol += 1 }
            }
        }
        return lengths
    }

    /// The single used symbol of `lengths`, nil when two or more are used; throws when none is
    /// (an empty code is invalid). A VP8L code with one symbol decodes it reading **no** bits,
    /// whatever its stated length, as libwebp does; the toolkit's tables do not model that.
    static func singleSymbol(_ lengths: [UInt8]) throws(ImageError) -> Int? {
        var used = 0, last = 0
        for (symbol, length) in lengths.enumerated() where length > 0 {
            used += 1
            last = symbol
            if used > 1 { return nil }
        }
        guard used == 1 else { throw ImageError(.badImageData) }
        return last
    }

    /// The code-length code: a toolkit ``HuffmanDecoder``, or a single symbol read with no bits.
    private struct SmallCode {
        let decoder: HuffmanDecoder?
        let constant: Int

        init(lengths: [UInt8]) throws(ImageError) {
            if let symbol = try VP8LPrefixCode.singleSymbol(lengths) {
                decoder = nil
                constant = symbol
            } else {
                decoder = try HuffmanDecoder(lengths: lengths, rootBits: 7, order: .lsbFirst)
                constant = 0
            }
        }

        func decode(_ reader: inout LSBBitReader) throws(ImageError) -> Int {
            guard let decoder else { return constant }
            return try decoder.decode(&reader)
        }
    }
}
