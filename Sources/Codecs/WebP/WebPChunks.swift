import OspreyCore

/// The chunks of a RIFF/WebP file (RIFF header, then FourCC + little-endian size + payload,
/// padded to an even length), read with every size checked against the bytes at hand.
///
/// A RIFF size larger than the file means a truncated file: chunks are read as far as the
/// bytes go, and a chunk whose payload is cut off is kept out (``truncated`` says so). A RIFF
/// size smaller than the file ends the chunk list there (trailing bytes are ignored, as libwebp
/// does). The odd padding byte may be missing after the last chunk.
struct WebPChunks {
    /// One chunk: its FourCC and where its payload lies in the file.
    struct Chunk {
        let fourCC: String
        let payload: Range<Int>
    }

    /// The chunks, in file order.
    private(set) var chunks: [Chunk] = []
    /// Whether a chunk was cut off by the end of the data.
    private(set) var truncated = false

    /// The chunks of the RIFF file `bytes`; throws ``ImageError/Code/badImageData`` when the
    /// RIFF/WEBP header is missing or impossible.
    init(_ bytes: [UInt8]) throws(ImageError) {
        var reader = ByteReader(bytes, bigEndian: false)
        guard try Self.fourCC(&reader) == "RIFF" else { throw ImageError(.badImageData) }
        let riffSize = Int(try reader.u32le())
        guard try Self.fourCC(&reader) == "WEBP", riffSize >= 12 else { throw ImageError(.badImageData) }
        self.init(bytes, from: 12, to: min(bytes.count, riffSize + 8))
        if riffSize + 8 > bytes.count { truncated = true }
    }

    /// The chunks of `bytes[start..<end]` (the body of a RIFF file or of an `ANMF` chunk).
    init(_ bytes: [UInt8], from start: Int, to end: Int) {
        var position = start
        while end - position >= 8 {
            var reader = ByteReader(bytes, position: position, bigEndian: false)
            guard let tag = try? Self.fourCC(&reader), let size = try? Int(reader.u32le()) else { break }
            let payloadStart = position + 8
            guard size <= end - payloadStart else {
                truncated = true
                break
            }
            chunks.append(Chunk(fourCC: tag, payload: payloadStart..<payloadStart + size))
            position = payloadStart + size + (size & 1)
        }
        if position < end && end - position < 8 && end - position > 1 { truncated = true }
    }

    /// The first chunk named `fourCC`.
    func first(_ fourCC: String) -> Chunk? { chunks.first { $0.fourCC == fourCC } }

    private static func fourCC(_ reader: inout ByteReader) throws(ImageError) -> String {
        String(decoding: try reader.read(4), as: UTF8.self)
    }
}

/// Reads little-endian 24-bit fields (VP8X, ANMF).
extension ByteReader {
    /// A little-endian 24-bit integer.
    mutating func u24le() throws(ImageError) -> Int {
        let bytes = try read(3)
        return Int(bytes[bytes.startIndex]) | Int(bytes[bytes.startIndex + 1]) << 8 | Int(bytes[bytes.startIndex + 2]) << 16
    }
}
