import OspreyCore
/// The block structure of a GIF87a/GIF89a file: the logical screen, the frames with their
/// graphic control, and the loop count. No pixel is decoded here; parsing costs one pass over
/// the bytes, and every block consumes at least one byte, so no input makes it loop.
///
/// Damage is handled as browsers do: a file that ends inside a frame's data keeps that frame
/// with the data that arrived (``truncated``); a file that ends, or holds an unknown block,
/// between frames keeps the frames before. Only a damaged header or logical screen
/// descriptor throws ``ImageError/Code/badImageData``.
struct GIFContainer {
    /// The logical screen size.
    private(set) var width = 0, height = 0
    /// The frames, in file order.
    private(set) var frames: [GIFFrame] = []
    /// Plays as ``DecodedImage/loopCount`` counts them: 0 = forever; without a NETSCAPE2.0
    /// or ANIMEXTS1.0 extension 1 (play once); a stored count `n` > 0 means `n` repeats after
    /// the first play, i.e. `n + 1` plays (as Chrome and Firefox play it).
    private(set) var loopCount = 1
    /// Whether the file ended inside the last frame's data.
    private(set) var truncated = false

    /// The global colour table as 256 RGBA entries, or nil.
    private var globalPalette: [UInt8]?

    /// Parses the header, logical screen descriptor and global colour table at `reader`,
    /// leaving the blocks for ``parseBlock(_:control:firstFrameOnly:)``, which the decoder's
    /// state (``GIFIncrementalState``) calls one block at a time as the blocks arrive, or all
    /// in a row for a one-shot decode.
    init(header reader: inout ByteReader) throws(ImageError) {
        let signature = try reader.read(6)
        guard signature.elementsEqual("GIF87a".utf8) || signature.elementsEqual("GIF89a".utf8) else {
            throw ImageError(.badImageData)
        }
        width = Int(try reader.u16le())
        height = Int(try reader.u16le())
        let packed = try reader.u8()
        try reader.skip(2)   // background colour index and aspect ratio: not used (see GIFFrame.Dispose)
        if packed & 0x80 != 0 {
            globalPalette = try Self.palette(&reader, entries: 2 << Int(packed & 7))
        }
    }

    /// Reads the block at `reader`; false once parsing must stop: the trailer, the end of the
    /// data, a block it does not know, a damaged block or (with `firstFrameOnly`) the first
    /// image. `control` is the pending graphic control; it applies to the next image only.
    mutating func parseBlock(_ reader: inout ByteReader, control: inout GIFFrame, firstFrameOnly: Bool) -> Bool {
        guard reader.remaining > 0, let introducer = try? reader.u8() else { return false }
        switch introducer {
        case 0x2C:
            guard let frame = try? parseImage(&reader, control: control) else { return false }
            frames.append(frame)
            if truncated || firstFrameOnly { return false }
            control = GIFFrame()
            return true
        case 0x21:
            return (try? parseExtension(&reader, control: &control)) != nil
        case 0x00:
            return true   // stray padding some encoders leave between blocks
        default:
            return false  // the trailer (0x3B) or garbage: the frames so far are the image
        }
    }

    private mutating func parseExtension(_ reader: inout ByteReader, control: inout GIFFrame) throws(ImageError) {
        let label = try reader.u8()
        var first = try Self.subBlock(&reader)
        switch label {
        case 0xF9 where first.count >= 4:
            let packed = first[first.startIndex]
            control.dispose = switch (packed >> 2) & 7 {
            case 2: .background
            case 3: .previous
            default: .none
            }
            control.delay = Int(first[first.startIndex + 1]) | Int(first[first.startIndex + 2]) << 8
            control.transparentIndex = packed & 1 != 0 ? Int(first[first.startIndex + 3]) : nil
        case 0xFF where first.elementsEqual("NETSCAPE2.0".utf8) || first.elementsEqual("ANIMEXTS1.0".utf8):
            first = try Self.subBlock(&reader)
            if first.count >= 3, first[first.startIndex] == 1 {
                let stored = Int(first[first.startIndex + 1]) | Int(first[first.startIndex + 2]) << 8
                loopCount = stored == 0 ? 0 : stored + 1
            }
        default:
            break   // comments, plain text and unknown application extensions are skipped
        }
        while !first.isEmpty { first = try Self.subBlock(&reader) }
    }

    /// An image descriptor, its colour table and its data; `control` is the GCE before it.
    private mutating func parseImage(_ reader: inout ByteReader, control: GIFFrame) throws(ImageError) -> GIFFrame {
        var frame = control
        frame.x = Int(try reader.u16le())
        frame.y = Int(try reader.u16le())
        frame.width = Int(try reader.u16le())
        frame.height = Int(try reader.u16le())
        let packed = try reader.u8()
        frame.interlaced = packed & 0x40 != 0
        if packed & 0x80 != 0 {
            frame.palette = try Self.palette(&reader, entries: 2 << Int(packed & 7))
            frame.hasLocalPalette = true
        } else {
            frame.palette = globalPalette ?? Self.blackPalette
        }
        frame.minimumCodeSize = Int(try reader.u8())
        // Sub-blocks until the terminator; a file that ends first keeps what arrived.
        while true {
            guard let length = try? reader.u8() else { truncated = true; break }
            if length == 0 { break }
            let available = min(Int(length), reader.remaining)
            frame.data.append(contentsOf: try reader.read(available))
            if available < Int(length) { truncated = true; break }
        }
        return frame
    }

    /// The next sub-block's bytes (empty for the terminator).
    private static func subBlock(_ reader: inout ByteReader) throws(ImageError) -> ArraySlice<UInt8> {
        try reader.read(Int(try reader.u8()))
    }

    /// A colour table of `entries` RGB triples as 256 RGBA entries (the rest opaque black).
    private static func palette(_ reader: inout ByteReader, entries: Int) throws(ImageError) -> [UInt8] {
        let rgb = try reader.read(entries * 3)
        var palette = blackPalette
        var at = rgb.startIndex
        for entry in 0..<entries {
            palette[entry * 4] = rgb[at]
            palette[entry * 4 + 1] = rgb[at + 1]
            palette[entry * 4 + 2] = rgb[at + 2]
            at += 3
        }
        return palette
    }

    /// 256 opaque black entries: the palette of a frame without any colour table.
    private static let blackPalette: [UInt8] = (0..<256).flatMap { _ in [UInt8(0), 0, 0, 255] }
}
