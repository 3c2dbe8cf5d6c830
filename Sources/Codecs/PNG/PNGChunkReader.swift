import Foundation
import OspreyCore

/// One chunk of a PNG file: its four-letter type and where its payload lies in the file.
struct PNGChunk {
    /// The type as a big-endian number (`IHDR` = 0x49484452).
    let type: UInt32
    /// The payload's byte range in the file.
    let payload: Range<Int>

    /// Whether a decoder must understand the chunk (the first letter is upper case).
    var isCritical: Bool { type & 0x2000_0000 == 0 }

    /// Chunk types as numbers, spelled as in the PNG and APNG specifications.
    static let IHDR = fourCC("IHDR"), PLTE = fourCC("PLTE"), IDAT = fourCC("IDAT"), IEND = fourCC("IEND")
    static let tRNS = fourCC("tRNS"), acTL = fourCC("acTL"), fcTL = fourCC("fcTL"), fdAT = fourCC("fdAT")
    static let eXIf = fourCC("eXIf")

    static func fourCC(_ text: StaticString) -> UInt32 {
        text.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    /// The big-endian `UInt32` at `offset`; the caller has checked that four bytes are there.
    @inline(__always)
    static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// The big-endian `UInt16` at `offset`; the caller has checked that two bytes are there.
    @inline(__always)
    static func readUInt16(_ bytes: [UInt8], at offset: Int) -> Int {
        Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
    }
}

/// Walks the chunks of a PNG file after checking its signature, verifying each chunk's
/// length, type letters and CRC. Any violation, including a file that ends mid-chunk, is
/// ``ImageError/Code/badImageData``.
struct PNGChunkReader {
    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private let bytes: [UInt8]
    private var offset = signature.count

    /// A reader over `bytes`, which must start with the PNG signature.
    init(_ bytes: [UInt8]) throws(ImageError) {
        guard bytes.starts(with: Self.signature) else { throw ImageError(.badImageData) }
        self.bytes = bytes
    }

    /// The next chunk, or nil when the file ends exactly at a chunk boundary.
    mutating func next() throws(ImageError) -> PNGChunk? {
        guard offset < bytes.count else { return nil }
        guard bytes.count - offset >= 12 else { throw ImageError(.badImageData) }
        let length = Int(PNGChunk.readUInt32(bytes, at: offset))
        guard length <= Int(Int32.max), length <= bytes.count - offset - 12 else { throw ImageError(.badImageData) }
        let typeStart = offset + 4
        let type = PNGChunk.readUInt32(bytes, at: typeStart)
        guard bytes[typeStart..<typeStart + 4].allSatisfy(Self.isLetter) else { throw ImageError(.badImageData) }
        let payloadStart = typeStart + 4
        let end = payloadStart + length
        let stored = PNGChunk.readUInt32(bytes, at: end)
        let computed = bytes.withUnsafeBytes {
            CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[typeStart..<end]))
        }
        guard stored == computed else { throw ImageError(.badImageData) }
        offset = end + 4
        return PNGChunk(type: type, payload: payloadStart..<end)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
