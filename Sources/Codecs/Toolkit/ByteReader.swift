import OspreyCore
/// Reads integers and byte runs from a byte array with every access bounds checked: reading
/// past the end throws ``ImageError/Code/badImageData`` instead of trapping. For container
/// formats and headers (PNG chunks, RIFF, GIF blocks, JPEG segments, TIFF/EXIF).
///
/// Multi-byte integers come in both orders: ``u16be()``/``u32be()`` and ``u16le()``/``u32le()``,
/// or ``u16()``/``u32()`` in the reader's ``bigEndian`` order (TIFF chooses it at run time).
struct ByteReader {
    /// The bytes read from.
    let bytes: [UInt8]
    /// The next byte to read (0…`bytes.count`).
    private(set) var position: Int
    /// The order for ``u16()`` and ``u32()``. Default big-endian.
    var bigEndian: Bool

    /// A reader at `position` of `bytes`.
    init(_ bytes: [UInt8], position: Int = 0, bigEndian: Bool = true) {
        self.bytes = bytes
        self.position = min(max(0, position), bytes.count)
        self.bigEndian = bigEndian
    }

    /// Bytes left after ``position``.
    var remaining: Int { bytes.count - position }

    /// Moves to `offset` (0…`bytes.count`), e.g. a TIFF offset; throws when out of range.
    mutating func seek(to offset: Int) throws(ImageError) {
        guard offset >= 0 && offset <= bytes.count else { throw ImageError(.badImageData) }
        position = offset
    }

    /// Skips `count` bytes.
    mutating func skip(_ count: Int) throws(ImageError) {
        guard count >= 0 && count <= remaining else { throw ImageError(.badImageData) }
        position += count
    }

    /// The next `count` bytes.
    mutating func read(_ count: Int) throws(ImageError) -> ArraySlice<UInt8> {
        guard count >= 0 && count <= remaining else { throw ImageError(.badImageData) }
        defer { position += count }
        return bytes[position..<(position + count)]
    }

    /// One byte.
    mutating func u8() throws(ImageError) -> UInt8 {
        guard remaining >= 1 else { throw ImageError(.badImageData) }
        defer { position += 1 }
        return bytes[position]
    }

    /// A big-endian 16-bit integer.
    mutating func u16be() throws(ImageError) -> UInt16 {
        let b = try read(2)
        return UInt16(b[b.startIndex]) << 8 | UInt16(b[b.startIndex + 1])
    }

    /// A little-endian 16-bit integer.
    mutating func u16le() throws(ImageError) -> UInt16 {
        let b = try read(2)
        return UInt16(b[b.startIndex + 1]) << 8 | UInt16(b[b.startIndex])
    }

    /// A big-endian 32-bit integer.
    mutating func u32be() throws(ImageError) -> UInt32 {
        let b = try read(4)
        return b.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A little-endian 32-bit integer.
    mutating func u32le() throws(ImageError) -> UInt32 {
        let b = try read(4)
        return b.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// A 16-bit integer in ``bigEndian`` order.
    mutating func u16() throws(ImageError) -> UInt16 { try bigEndian ? u16be() : u16le() }

    /// A 32-bit integer in ``bigEndian`` order.
    mutating func u32() throws(ImageError) -> UInt32 { try bigEndian ? u32be() : u32le() }
}
