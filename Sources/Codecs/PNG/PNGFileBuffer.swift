import Foundation
import OspreyCore

/// The bytes of a PNG being written, in one `malloc` block that becomes the `Data` at the end
/// without a copy.
///
/// Chunks are written in place, and the fast compressor streams its image data chunks straight
/// into room reserved here: the image data is never copied from one array into another, and
/// the pages of the output are touched once.
struct PNGFileBuffer: ~Copyable {
    /// Written bytes, then unused room.
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int
    /// How many bytes of `base` are written.
    var count = 0

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        self.capacity = max(64, capacity)
        base = Self.allocate(self.capacity)
    }

    deinit { free(base) }

    private static func allocate(_ bytes: Int) -> UnsafeMutablePointer<UInt8> {
        // An encoder's output is bounded by a small multiple of the pixels already in memory:
        // a failure here is the process being out of memory, not hostile input.
        guard let raw = malloc(bytes) else { fatalError("PNG encoder: out of memory for \(bytes) bytes") }
        return raw.assumingMemoryBound(to: UInt8.self)
    }

    /// Makes sure `more` bytes fit after the written ones.
    mutating func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        let grown = max(count + more, capacity * 2)
        guard let raw = realloc(base, grown) else { fatalError("PNG encoder: out of memory for \(grown) bytes") }
        base = raw.assumingMemoryBound(to: UInt8.self)
        capacity = grown
    }

    /// Appends `bytes`.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        if let source = bytes.baseAddress, bytes.count > 0 {
            UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
        }
        count += bytes.count
    }

    /// Appends `bytes`.
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Appends `value` big-endian, as PNG stores every integer.
    mutating func appendUInt32(_ value: Int) {
        reserve(4)
        Self.storeUInt32(value, at: base + count)
        count += 4
    }

    /// Stores `value` big-endian at `pointer`.
    @inline(__always)
    static func storeUInt32(_ value: Int, at pointer: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(pointer).storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, as: UInt32.self)
    }

    /// Appends a chunk: length, type, payload and the CRC over type and payload.
    mutating func appendChunk(_ type: String, _ payload: [UInt8]) {
        payload.withUnsafeBytes { appendChunk(type, $0) }
    }

    /// Appends a chunk: length, type, payload and the CRC over type and payload.
    mutating func appendChunk(_ type: String, _ payload: UnsafeRawBufferPointer) {
        appendUInt32(payload.count)
        let start = count
        append(Array(type.utf8))
        append(payload)
        let crc = CRC32.checksum(UnsafeRawBufferPointer(start: base + start, count: count - start))
        appendUInt32(Int(crc))
    }

    /// The written bytes as `Data`, which takes over the block (shrunk to fit when more than an
    /// eighth of it, and at least 64 kB, is unused: a small tail is left, so that the allocator
    /// sees blocks of the size it handed out and can give the same memory to the next encode).
    consuming func data() -> Data {
        let count = self.count
        let unused = capacity - count
        let block = unused > max(64 * 1024, count / 8) ? realloc(base, max(1, count)) ?? UnsafeMutableRawPointer(base)
            : UnsafeMutableRawPointer(base)
        discard self
        return Data(bytesNoCopy: block, count: count, deallocator: .free)
    }
}
