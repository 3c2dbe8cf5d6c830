import OspreyCore
/// Block headers (RFC 1951 §3.2.3–3.2.7): stored lengths, the fixed code, and the code
/// lengths of a dynamic block, which are themselves Huffman-coded.
extension Inflater {
    /// The order in which a dynamic block lists the code-length code's lengths.
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The fixed code's lengths: literal/length symbols then distance symbols.
    private static let fixedLengths: [UInt8] = {
        var lengths = [UInt8](repeating: 8, count: 288)
        for symbol in 144..<256 { lengths[symbol] = 9 }
        for symbol in 256..<280 { lengths[symbol] = 7 }
        return lengths + [UInt8](repeating: 5, count: 32)
    }()

    /// Reads BFINAL and BTYPE and whatever header the block type has; sets ``state``.
    func readBlockHeader() throws(ImageError) {
        isFinalBlock = try reader.read(1) == 1
        switch try reader.read(2) {
        case 0:
            reader.alignToByte()
            let length = try reader.read(16)
            let complement = try reader.read(16)
            guard length == ~complement & 0xFFFF else { throw ImageError(.badImageData) }
            state = .stored(remaining: length)
        case 1:
            try buildTables(Self.fixedLengths, literalCount: 288)
            state = .huffman
        case 2:
            try readDynamicTables()
            state = .huffman
        default:
            throw ImageError(.badImageData)
        }
    }

    private func readDynamicTables() throws(ImageError) {
        let literalCount = try reader.read(5) + 257
        let distanceCount = try reader.read(5) + 1
        let codeLengthCount = try reader.read(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw ImageError(.badImageData) }

        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            codeLengthLengths[Self.codeLengthOrder[index]] = UInt8(try reader.read(3))
        }
        // The code-length code is at most 7 bits long: a root table alone decodes it.
        var codeLengthTable = [UInt32](repeating: 0, count: 128)
        try codeLengthTable.withUnsafeMutableBufferPointer { (table) throws(ImageError) in
            try codeLengthLengths.withUnsafeBufferPointer { (lengths) throws(ImageError) in
                try HuffmanEntry.codeLengthTemplates.withUnsafeBufferPointer { (templates) throws(ImageError) in
                    _ = try HuffmanTableBuilder.build(lengths: lengths, templates: templates, rootBits: 7,
                                                      into: table.baseAddress!, capacity: 128)
                }
            }
        }

        let total = literalCount + distanceCount
        var lengths = [UInt8](repeating: 0, count: total)
        var index = 0
        while index < total {
            if reader.bitCount < 7 { reader.refill() }
            let entry = codeLengthTable[reader.peek(7)]
            let codeLength = HuffmanEntry.length(entry)
            guard entry & HuffmanEntry.kindMask == HuffmanEntry.literal, codeLength <= reader.bitCount else {
                throw ImageError(.badImageData)
            }
            reader.consume(codeLength)
            let symbol = HuffmanEntry.value(entry)
            var repeated: UInt8 = 0
            var times = 1
            switch symbol {
            case 0...15:
                repeated = UInt8(symbol)
            case 16:
                guard index > 0 else { throw ImageError(.badImageData) }
                repeated = lengths[index - 1]
                times = 3 + (try reader.read(2))
            case 17:
                times = 3 + (try reader.read(3))
            default:
                times = 11 + (try reader.read(7))
            }
            guard index + times <= total else { throw ImageError(.badImageData) }
            for offset in 0..<times { lengths[index + offset] = repeated }
            index += times
        }
        // A block without an end-of-block code could never end.
        guard lengths[256] > 0 else { throw ImageError(.badImageData) }
        try buildTables(lengths, literalCount: literalCount)
    }

    /// Builds both decoding tables from `lengths` (literal/length lengths, then distance ones).
    private func buildTables(_ lengths: [UInt8], literalCount: Int) throws(ImageError) {
        try lengths.withUnsafeBufferPointer { (all) throws(ImageError) in
            try HuffmanEntry.literalLengthTemplates.withUnsafeBufferPointer { (templates) throws(ImageError) in
                _ = try HuffmanTableBuilder.build(
                    lengths: UnsafeBufferPointer(rebasing: all[0..<literalCount]), templates: templates,
                    rootBits: Self.literalRootBits, into: literalTable, capacity: Self.literalCapacity)
            }
            try HuffmanEntry.distanceTemplates.withUnsafeBufferPointer { (templates) throws(ImageError) in
                _ = try HuffmanTableBuilder.build(
                    lengths: UnsafeBufferPointer(rebasing: all[literalCount...]), templates: templates,
                    rootBits: Self.distanceRootBits, into: distanceTable, capacity: Self.distanceCapacity)
            }
        }
    }
}
