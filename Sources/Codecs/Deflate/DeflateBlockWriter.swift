import OspreyCore
/// Writes one deflate block of tokens (RFC 1951 §3.2.5–3.2.7) in whichever form is smallest:
/// dynamic Huffman, fixed Huffman, or stored.
enum DeflateBlockWriter {
    static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                      35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                      3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBases = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385,
                                        513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The length symbol index (0–28, code 257 + index) for each `length − 3`.
    static let lengthSymbol: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        for symbol in 0..<29 {
            let first = lengthBases[symbol] - 3
            let last = symbol == 28 ? 255 : min(255, first + (1 << lengthExtra[symbol]) - 1)
            for index in first...last { table[index] = UInt8(symbol) }
        }
        table[255] = 28   // 258 has its own code, not 227 + 31
        return table
    }()

    /// The distance symbol (0–29) for `distance − 1`.
    @inline(__always)
    static func distanceSymbol(_ distanceMinusOne: Int) -> Int {
        guard distanceMinusOne >= 4 else { return distanceMinusOne }
        let bits = Int.bitWidth - 1 - distanceMinusOne.leadingZeroBitCount
        return 2 * bits + (distanceMinusOne >> (bits - 1)) & 1
    }

    private static func distanceExtra(_ symbol: Int) -> Int { max(0, symbol / 2 - 1) }

    /// A code: bit-reversed codes and their lengths per symbol.
    private struct Code {
        let codes: [UInt16]
        let lengths: [UInt8]
        init(lengths: [UInt8]) {
            self.lengths = lengths
            codes = HuffmanCodeBuilder.codes(lengths: lengths)
        }
    }

    private static let fixedLiterals = Code(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
    private static let fixedDistances = Code(lengths: [UInt8](repeating: 5, count: 30))

    /// Writes `tokens`, which encode `raw`, as one block (or several stored ones).
    static func write(_ tokens: [UInt32], raw: UnsafeBufferPointer<UInt8>, isFinal: Bool, into writer: inout BitWriter) {
        tokens.withUnsafeBufferPointer { write($0, raw: raw, isFinal: isFinal, into: &writer) }
    }

    /// Writes `tokens`, which encode `raw`, as one block (or several stored ones).
    static func write(_ tokens: UnsafeBufferPointer<UInt32>, raw: UnsafeBufferPointer<UInt8>, isFinal: Bool,
                      into writer: inout BitWriter) {
        var literalFrequencies = [Int](repeating: 0, count: 286)
        var distanceFrequencies = [Int](repeating: 0, count: 30)
        var extraBits = 0
        literalFrequencies[256] = 1
        let lengthSymbol = Self.lengthSymbol, lengthExtra = Self.lengthExtra
        literalFrequencies.withUnsafeMutableBufferPointer { literalCounts in
            distanceFrequencies.withUnsafeMutableBufferPointer { distanceCounts in
                for token in tokens {
                    if token & 0x8000_0000 == 0 {
                        literalCounts[Int(token)] &+= 1
                    } else {
                        let length = Int(lengthSymbol[Int(token >> 15) & 0xFF])
                        let distance = distanceSymbol(Int(token & 0x7FFF))
                        literalCounts[257 &+ length] &+= 1
                        distanceCounts[distance] &+= 1
                        extraBits &+= lengthExtra[length] &+ distanceExtra(distance)
                    }
                }
            }
        }
        let literals = Code(lengths: HuffmanCodeBuilder.lengths(frequencies: literalFrequencies, limit: 15))
        var distanceLengths = HuffmanCodeBuilder.lengths(frequencies: distanceFrequencies, limit: 15)
        if !distanceLengths.contains(where: { $0 > 0 }) { (distanceLengths[0], distanceLengths[1]) = (1, 1) }
        let distances = Code(lengths: distanceLengths)
        let header = DynamicHeader(literalLengths: literals.lengths, distanceLengths: distances.lengths)

        func dataCost(_ literalCode: Code, _ distanceCode: Code) -> Int {
            var bits = extraBits
            for (symbol, frequency) in literalFrequencies.enumerated() { bits += frequency * Int(literalCode.lengths[symbol]) }
            for (symbol, frequency) in distanceFrequencies.enumerated() { bits += frequency * Int(distanceCode.lengths[symbol]) }
            return bits
        }
        let dynamicCost = 3 + header.cost + dataCost(literals, distances)
        let fixedCost = 3 + dataCost(fixedLiterals, fixedDistances)
        let storedCost = max(1, (raw.count + 65534) / 65535) * 42 + raw.count * 8

        if storedCost <= min(dynamicCost, fixedCost) {
            writeStored(raw, isFinal: isFinal, into: &writer)
        } else if fixedCost <= dynamicCost {
            writer.write(isFinal ? 1 : 0, bits: 1)
            writer.write(1, bits: 2)
            writeTokens(tokens, literals: fixedLiterals, distances: fixedDistances, into: &writer)
        } else {
            writer.write(isFinal ? 1 : 0, bits: 1)
            writer.write(2, bits: 2)
            header.write(into: &writer)
            writeTokens(tokens, literals: literals, distances: distances, into: &writer)
        }
    }

    /// The start of a dynamic block (BFINAL, BTYPE 2 and the header) with codes of
    /// `literalLengths` (286 entries) and `distanceLengths` (30); the caller writes the
    /// symbols and the end-of-block code.
    static func writeDynamicHeader(literalLengths: [UInt8], distanceLengths: [UInt8], isFinal: Bool,
                                   into writer: inout BitWriter) {
        writer.write(isFinal ? 1 : 0, bits: 1)
        writer.write(2, bits: 2)
        DynamicHeader(literalLengths: literalLengths, distanceLengths: distanceLengths).write(into: &writer)
    }

    /// Stored blocks of at most 65,535 bytes each (at least one, for empty input).
    static func writeStored(_ raw: UnsafeBufferPointer<UInt8>, isFinal: Bool, into writer: inout BitWriter) {
        var start = 0
        repeat {
            let length = min(65535, raw.count - start)
            let last = start + length == raw.count
            writer.write(isFinal && last ? 1 : 0, bits: 1)
            writer.write(0, bits: 2)
            writer.alignToByte()
            writer.write(length, bits: 16)
            writer.write(~length & 0xFFFF, bits: 16)
            writer.append(contentsOf: UnsafeBufferPointer(rebasing: raw[start..<start + length]))
            start += length
        } while start < raw.count
    }

    private static func writeTokens(_ tokens: UnsafeBufferPointer<UInt32>, literals: Code, distances: Code,
                                    into writer: inout BitWriter) {
        // Per symbol one word: code | length << 16 (codes are at most 15 bits).
        let literalWords = (0..<286).map { Int(literals.codes[$0]) | Int(literals.lengths[$0]) << 16 }
        let distanceWords = (0..<30).map { Int(distances.codes[$0]) | Int(distances.lengths[$0]) << 16 }
        let lengthSymbol = Self.lengthSymbol, lengthBases = Self.lengthBases, lengthExtra = Self.lengthExtra
        let distanceBases = Self.distanceBases
        // A token is at most 15 + 5 + 15 + 13 bits: six bytes.
        writer.withRawWriter(reserving: tokens.count &* 6 &+ 16) { raw in
            literalWords.withUnsafeBufferPointer { literalWords in
                distanceWords.withUnsafeBufferPointer { distanceWords in
                    for token in tokens {
                        if token & 0x8000_0000 == 0 {
                            let word = literalWords[Int(token)]
                            raw.write(word & 0xFFFF, bits: word &>> 16)
                            continue
                        }
                        let lengthOffset = Int(token >> 15) & 0xFF
                        let length = Int(lengthSymbol[lengthOffset])
                        let lengthWord = literalWords[257 &+ length]
                        raw.write(lengthWord & 0xFFFF, bits: lengthWord &>> 16)
                        raw.write(lengthOffset &+ 3 &- lengthBases[length], bits: lengthExtra[length])
                        let distanceOffset = Int(token & 0x7FFF)
                        let distance = distanceSymbol(distanceOffset)
                        let distanceWord = distanceWords[distance]
                        raw.write(distanceWord & 0xFFFF, bits: distanceWord &>> 16)
                        raw.write(distanceOffset &+ 1 &- distanceBases[distance], bits: distanceExtra(distance))
                    }
                }
            }
        }
        writer.write(Int(literals.codes[256]), bits: Int(literals.lengths[256]))
    }

    /// A dynamic block's header: the two codes' lengths, run-length coded with the
    /// code-length alphabet (16 = repeat previous, 17/18 = runs of zeros), itself Huffman-coded.
    private struct DynamicHeader {
        let literalCount: Int
        let distanceCount: Int
        /// (symbol, extra bits value) pairs.
        let symbols: [(symbol: Int, extra: Int)]
        let code: Code
        let codeLengthCount: Int

        init(literalLengths: [UInt8], distanceLengths: [UInt8]) {
            literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
            distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
            let lengths = Array(literalLengths[0..<literalCount]) + Array(distanceLengths[0..<distanceCount])
            var symbols: [(symbol: Int, extra: Int)] = []
            var index = 0
            while index < lengths.count {
                let length = Int(lengths[index])
                var run = 1
                while index + run < lengths.count && lengths[index + run] == lengths[index] { run += 1 }
                index += run
                if length == 0 {
                    while run >= 11 { let take = min(run, 138); symbols.append((18, take - 11)); run -= take }
                    if run >= 3 { symbols.append((17, run - 3)); run = 0 }
                } else {
                    symbols.append((length, 0))
                    run -= 1
                    while run >= 3 { let take = min(run, 6); symbols.append((16, take - 3)); run -= take }
                }
                for _ in 0..<run { symbols.append((length, 0)) }
            }
            var frequencies = [Int](repeating: 0, count: 19)
            for entry in symbols { frequencies[entry.symbol] += 1 }
            let code = Code(lengths: HuffmanCodeBuilder.lengths(frequencies: frequencies, limit: 7))
            codeLengthCount = max(4, (DeflateBlockWriter.codeLengthOrder.lastIndex { code.lengths[$0] > 0 } ?? 0) + 1)
            self.code = code
            self.symbols = symbols
        }

        private static let extraBits = [16: 2, 17: 3, 18: 7]

        /// Size of the header in bits.
        var cost: Int {
            14 + 3 * codeLengthCount + symbols.reduce(0) {
                $0 + Int(code.lengths[$1.symbol]) + (Self.extraBits[$1.symbol] ?? 0)
            }
        }

        func write(into writer: inout BitWriter) {
            writer.write(literalCount - 257, bits: 5)
            writer.write(distanceCount - 1, bits: 5)
            writer.write(codeLengthCount - 4, bits: 4)
            for symbol in DeflateBlockWriter.codeLengthOrder.prefix(codeLengthCount) {
                writer.write(Int(code.lengths[symbol]), bits: 3)
            }
            for entry in symbols {
                writer.write(Int(code.codes[entry.symbol]), bits: Int(code.lengths[entry.symbol]))
                writer.write(entry.extra, bits: Self.extraBits[entry.symbol] ?? 0)
            }
        }
    }
}
