import OspreyCore
@testable import OspreyCodecs

/// Builds GIF files for tests, byte by byte, so that each test states exactly the structure
/// it exercises (code sizes, clear codes, interlacing, extensions, damage). Its LZW encoder is
/// a plain dictionary encoder that tracks the decoder's code size as GIF89a Appendix F
/// defines it; it is independent of ``GIFLZW``.
enum GIFTestWriter {
    /// One image of a test GIF.
    struct Frame {
        var x = 0, y = 0, width: Int, height: Int
        /// Palette indices, row by row in display order.
        var indices: [UInt8]
        var minimumCodeSize = 8
        var interlaced = false
        /// A local colour table (RGB triples), written when non-nil.
        var localPalette: [UInt8]?
        /// Graphic control; written when any is set.
        var delay: Int?
        var transparentIndex: Int?
        var disposal: Int?
        /// Emit a clear code when the dictionary is full (else the table stays full: a
        /// "deferred clear").
        var clearWhenFull = true
        /// Replaces the LZW data (already joined) when set: for damaged streams.
        var rawData: [UInt8]?
    }

    /// A GIF89a of `width` × `height` with `palette` as the global colour table (RGB triples,
    /// a power of two of them, 2…256) and `loop` as NETSCAPE2.0 loop count when non-nil.
    static func gif(width: Int, height: Int, palette: [UInt8], frames: [Frame], loop: Int? = nil,
                    trailer: Bool = true) -> [UInt8] {
        var out = Array("GIF89a".utf8)
        out += le16(width) + le16(height)
        out += [0x80 | tableBits(palette.count / 3), 0, 0] + palette
        if let loop {
            out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + le16(loop) + [0]
        }
        for frame in frames {
            if frame.delay != nil || frame.transparentIndex != nil || frame.disposal != nil {
                let packed = UInt8((frame.disposal ?? 0) << 2) | (frame.transparentIndex == nil ? 0 : 1)
                out += [0x21, 0xF9, 4, packed] + le16(frame.delay ?? 0)
                out += [UInt8(frame.transparentIndex ?? 0), 0]
            }
            out += [0x2C] + le16(frame.x) + le16(frame.y) + le16(frame.width) + le16(frame.height)
            var packed: UInt8 = frame.interlaced ? 0x40 : 0
            if let local = frame.localPalette { packed |= 0x80 | tableBits(local.count / 3) }
            out.append(packed)
            out += frame.localPalette ?? []
            out.append(UInt8(frame.minimumCodeSize))
            let rows = frame.interlaced ? interlacedOrder(frame.indices, width: frame.width, height: frame.height)
                : frame.indices
            out += subBlocks(frame.rawData ?? lzw(rows, minimumCodeSize: frame.minimumCodeSize,
                                                   clearWhenFull: frame.clearWhenFull))
        }
        if trailer { out.append(0x3B) }
        return out
    }

    /// `data` cut into sub-blocks of up to 255 bytes, with the terminator.
    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        while start < data.count {
            let end = min(start + 255, data.count)
            out.append(UInt8(end - start))
            out += data[start..<end]
            start = end
        }
        return out + [0]
    }

    /// The LZW code stream (clear code first, end code last) for `indices`.
    static func lzw(_ indices: [UInt8], minimumCodeSize: Int, clearWhenFull: Bool = true) -> [UInt8] {
        let clear = 1 << minimumCodeSize
        var writer = BitPacker()
        var dictionary: [Int: Int] = [:]
        var next = clear + 2          // the encoder's next free code
        var decoderNext = clear + 2   // the decoder's, one entry behind
        var size = minimumCodeSize + 1
        var first = true

        func emit(_ code: Int) {
            writer.write(code, bits: size)
            if first { first = false; if decoderNext >= 1 << size { size += 1 }; return }
            if decoderNext < 4096 {
                decoderNext += 1
                if decoderNext == 1 << size && size < 12 { size += 1 }
            }
        }
        func reset() {
            dictionary.removeAll(keepingCapacity: true)
            next = clear + 2; decoderNext = clear + 2; size = minimumCodeSize + 1; first = true
        }

        writer.write(clear, bits: size)
        var current = -1
        for symbol in indices.map(Int.init) {
            if current < 0 { current = symbol; continue }
            if let code = dictionary[current << 8 | symbol] { current = code; continue }
            emit(current)
            if next < 4096 {
                dictionary[current << 8 | symbol] = next
                next += 1
            } else if clearWhenFull {
                writer.write(clear, bits: size)
                reset()
            }
            current = symbol
        }
        if current >= 0 { emit(current) }
        writer.write(clear + 1, bits: size)
        return writer.flushed
    }

    /// `indices`' rows in GIF's four-pass interlaced order.
    static func interlacedOrder(_ indices: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out: [UInt8] = []
        for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
            for row in stride(from: start, to: height, by: step) { out += indices[row * width..<(row + 1) * width] }
        }
        return out
    }

    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }

    private static func tableBits(_ entries: Int) -> UInt8 {
        var bits: UInt8 = 0
        while 2 << Int(bits) < entries { bits += 1 }
        return bits
    }

    /// Packs codes least significant bit first.
    struct BitPacker {
        private(set) var bytes: [UInt8] = []
        private var buffer = 0, count = 0

        mutating func write(_ value: Int, bits: Int) {
            buffer |= value << count
            count += bits
            while count >= 8 { bytes.append(UInt8(buffer & 0xFF)); buffer >>= 8; count -= 8 }
        }

        /// The bytes with the last partial byte flushed.
        var flushed: [UInt8] { count > 0 ? bytes + [UInt8(buffer & 0xFF)] : bytes }
    }
}
