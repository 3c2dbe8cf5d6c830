import OspreyCore
/// Walks the chunks of a PNG file whose bytes arrive in pieces: the incremental counterpart
/// of ``PNGChunkReader``, with the same checks (signature, length, type letters, CRC).
///
/// `IDAT` payloads are handed on as they arrive, piece by piece, without being collected
/// (their CRC is checked when the chunk's last byte is there, so a bad CRC is reported after
/// the rows it covered may have been shown as a partial image; the final image is never made
/// from a chunk that failed). Every other chunk is collected whole and handed on once its CRC
/// matched. Bytes after `IEND` are ignored, as the one-shot reader does.
struct PNGStreamParser {
    /// What the parser is reading now.
    private enum Phase {
        case signature
        case head
        case payload(type: UInt32, remaining: Int)
        case crc(type: UInt32)
        case ended
    }

    /// What a complete chunk or a piece of image data means to the caller.
    enum Event {
        /// A chunk other than `IDAT`, complete and checked.
        case chunk(type: UInt32, payload: [UInt8])
        /// The next piece of an `IDAT` payload (valid only during the call).
        case imageData(UnsafeRawBufferPointer)
        /// An `IDAT` chunk ended and its CRC matched.
        case imageDataChunkEnded
    }

    private var phase = Phase.signature
    /// Bytes of the signature, a chunk head or a CRC collected so far.
    private var small: [UInt8] = []
    /// The payload of the non-`IDAT` chunk being collected.
    private var payload: [UInt8] = []
    /// The running CRC of the current chunk (type and payload).
    private var crc: UInt32 = 0

    /// Whether `IEND` was read (later bytes are ignored).
    var sawEnd: Bool {
        if case .ended = phase { return true }
        return false
    }

    /// Feeds `bytes`, calling `handle` for each event, in file order. Throws
    /// ``ImageError/Code/badImageData`` for anything ``PNGChunkReader`` rejects.
    mutating func feed(_ bytes: UnsafeRawBufferPointer,
                       _ handle: (Event) throws(ImageError) -> Void) throws(ImageError) {
        var offset = 0
        while offset < bytes.count {
            switch phase {
            case .ended:
                return
            case .signature:
                offset += collect(bytes, from: offset, upTo: 8)
                guard small.count == 8 else { continue }
                guard small == PNGChunkReader.signature else { throw ImageError(.badImageData) }
                small.removeAll(keepingCapacity: true)
                phase = .head
            case .head:
                offset += collect(bytes, from: offset, upTo: 8)
                guard small.count == 8 else { continue }
                let length = Int(PNGChunk.readUInt32(small, at: 0))
                let type = PNGChunk.readUInt32(small, at: 4)
                guard length <= Int(Int32.max), small[4..<8].allSatisfy(Self.isLetter) else {
                    throw ImageError(.badImageData)
                }
                crc = small.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[4..<8])) }
                small.removeAll(keepingCapacity: true)
                payload.removeAll(keepingCapacity: true)
                phase = length == 0 ? .crc(type: type) : .payload(type: type, remaining: length)
            case .payload(let type, let remaining):
                let count = min(remaining, bytes.count - offset)
                let piece = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
                crc = CRC32.checksum(piece, continuing: crc)
                if type == PNGChunk.IDAT {
                    try handle(.imageData(piece))
                } else {
                    // Grown as bytes arrive, never reserved from the length field: a hostile
                    // length cannot allocate more than was actually sent.
                    payload.append(contentsOf: piece)
                }
                offset += count
                phase = remaining == count ? .crc(type: type) : .payload(type: type, remaining: remaining - count)
            case .crc(let type):
                offset += collect(bytes, from: offset, upTo: 4)
                guard small.count == 4 else { continue }
                guard PNGChunk.readUInt32(small, at: 0) == crc else { throw ImageError(.badImageData) }
                small.removeAll(keepingCapacity: true)
                if type == PNGChunk.IDAT {
                    try handle(.imageDataChunkEnded)
                } else {
                    try handle(.chunk(type: type, payload: payload))
                }
                phase = type == PNGChunk.IEND ? .ended : .head
            }
        }
    }

    /// Copies bytes into ``small`` until it holds `total`; returns how many it took.
    private mutating func collect(_ bytes: UnsafeRawBufferPointer, from offset: Int, upTo total: Int) -> Int {
        let count = min(total - small.count, bytes.count - offset)
        small.append(contentsOf: bytes[offset..<offset + count])
        return count
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
