import OspreyCore
/// Compresses bytes into a zlib stream (RFC 1950 around RFC 1951 deflate): LZ77 matches
/// from hash chains, coded per block with dynamic or fixed Huffman codes, or stored when
/// that is smaller.
enum Deflater {
    /// The largest input slice tokenised into one block; blocks adapt their codes to the data.
    private static let blockInput = 128 * 1024

    /// The zlib stream for `data`. `level` trades speed for size like zlib's: 0 stores,
    /// 1–3 match greedily with short searches, 4–9 match lazily with ever longer ones
    /// (6 is the usual default). Values outside 0...9 are clamped.
    static func compress(_ data: UnsafeBufferPointer<UInt8>, level: Int = 6) -> [UInt8] {
        let level = min(9, max(0, level))
        let flags: UInt8 = switch level {
        case ...1: 0x01
        case 2...5: 0x5E
        case 6: 0x9C
        default: 0xDA
        }
        var writer = BitWriter(prefix: [0x78, flags], capacity: data.count / 2 + 64)
        if level == 0 || data.isEmpty {
            DeflateBlockWriter.writeStored(data, isFinal: true, into: &writer)
        } else {
            var matcher = DeflateMatcher(level: level)
            var tokens: [UInt32] = []
            tokens.reserveCapacity(blockInput)
            var position = 0
            while position < data.count {
                let end = matcher.tokenize(data, from: position, to: min(data.count, position + blockInput), into: &tokens)
                DeflateBlockWriter.write(tokens, raw: UnsafeBufferPointer(rebasing: data[position..<end]),
                                         isFinal: end == data.count, into: &writer)
                tokens.removeAll(keepingCapacity: true)
                position = end
            }
        }
        return writer.finishingZlib(of: data)
    }

    /// The zlib stream for `data` at `level`.
    static func compress(_ data: [UInt8], level: Int = 6) -> [UInt8] {
        data.withUnsafeBufferPointer { compress($0, level: level) }
    }
}
