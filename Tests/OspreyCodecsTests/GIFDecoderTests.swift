import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// The GIF decoder on files built by ``GIFTestWriter``: LZW at every code size, with and
/// without clear codes when the table fills, interlacing, colour tables, extensions, delays
/// and loop counts.
@Suite("GIF decoder", .offCooperativePool)
struct GIFDecoderTests {
    /// 256 distinct colours: index i is (i, 255 − i, i / 2).
    static let palette: [UInt8] = (0..<256).flatMap { [UInt8($0), UInt8(255 - $0), UInt8($0 / 2)] }

    /// The RGBA `indices` show with ``palette``.
    static func rgba(_ indices: [UInt8]) -> [UInt8] {
        indices.flatMap { [$0, 255 - $0, $0 / 2, 255] }
    }

    /// Random indices below `alphabet`, in runs so that strings repeat (and the table fills).
    static func indices(_ count: Int, alphabet: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            let symbol = UInt8(generator.next(below: alphabet))
            out += [UInt8](repeating: symbol, count: min(count - out.count, 1 + generator.next(below: 4)))
        }
        return out
    }

    static func decode(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) throws -> DecodedImage {
        try GIFDecoder().decode(Data(bytes), options: options)
    }

    /// The error code decoding `bytes` throws, or nil when it decodes.
    static func failure(_ bytes: [UInt8], options: DecodeOptions = DecodeOptions()) -> ImageError.Code? {
        do {
            _ = try GIFDecoder().decode(Data(bytes), options: options)
            return nil
        } catch {
            return error.code
        }
    }

    @Test("LZW round-trips at every minimum code size, clearing or not when the table fills",
          arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func lzwCodeSizes(minimumCodeSize: Int) throws {
        let width = 200, height = 150   // 30,000 pixels: the table fills and codes reach 12 bits
        let pixels = Self.indices(width * height, alphabet: 1 << minimumCodeSize, seed: UInt64(minimumCodeSize))
        for clearWhenFull in [true, false] {
            let frame = GIFTestWriter.Frame(width: width, height: height, indices: pixels,
                                            minimumCodeSize: minimumCodeSize, clearWhenFull: clearWhenFull)
            let file = GIFTestWriter.gif(width: width, height: height, palette: Self.palette, frames: [frame])
            let image = try Self.decode(file)
            let same = image.firstFrame.bytes == Self.rgba(pixels)
            #expect(same, "code size \(minimumCodeSize), clear \(clearWhenFull)")
        }
    }

    @Test("the LZW decoder reaches 12-bit codes and handles the KwKwK case")
    func lzwLongStrings() {
        // One symbol repeated: every new code is the KwKwK case, strings grow to thousands.
        let run = [UInt8](repeating: 3, count: 100_000)
        let data = GIFTestWriter.lzw(run, minimumCodeSize: 2)
        var lzw = GIFLZW()
        var out = [UInt8](repeating: 0, count: run.count)
        let written = out.withUnsafeMutableBufferPointer { lzw.decode(data, minimumCodeSize: 2, into: $0.baseAddress!, count: $0.count) }
        let same = out == run
        #expect(written == run.count && same)
        // A larger table of mixed symbols (codes up to 12 bits) with a short output buffer:
        // the decoder stops exactly at the buffer's end.
        let mixed = Self.indices(60_000, alphabet: 16, seed: 9)
        let mixedData = GIFTestWriter.lzw(mixed, minimumCodeSize: 4)
        var short = [UInt8](repeating: 0, count: 12_345)
        let count = short.withUnsafeMutableBufferPointer { lzw.decode(mixedData, minimumCodeSize: 4, into: $0.baseAddress!, count: $0.count) }
        let shortSame = short == Array(mixed.prefix(short.count))
        #expect(count == short.count && shortSame)
    }

    @Test("interlaced frames put their rows where they belong", arguments: [1, 2, 3, 4, 5, 8, 9, 17])
    func interlaced(height: Int) throws {
        let width = 5
        let pixels = (0..<width * height).map { UInt8($0 % 251) }
        let frame = GIFTestWriter.Frame(width: width, height: height, indices: pixels, interlaced: true)
        let image = try Self.decode(GIFTestWriter.gif(width: width, height: height, palette: Self.palette, frames: [frame]))
        let same = image.firstFrame.bytes == Self.rgba(pixels)
        #expect(same)
    }

    @Test("a local colour table overrides the global one; a frame without any table is black")
    func colourTables() throws {
        var frame = GIFTestWriter.Frame(width: 2, height: 1, indices: [0, 1], minimumCodeSize: 2)
        frame.localPalette = [10, 20, 30, 40, 50, 60]
        let image = try Self.decode(GIFTestWriter.gif(width: 2, height: 1, palette: Self.palette, frames: [frame]))
        #expect(image.firstFrame.bytes == [10, 20, 30, 255, 40, 50, 60, 255])
        // No global table (packed byte 0) and no local one: indices show opaque black.
        var file = GIFTestWriter.gif(width: 2, height: 1, palette: [1, 2, 3, 4, 5, 6],
                                     frames: [GIFTestWriter.Frame(width: 2, height: 1, indices: [0, 1], minimumCodeSize: 2)])
        file[10] = 0
        file.removeSubrange(13..<19)
        #expect(try Self.decode(file).firstFrame.bytes == [0, 0, 0, 255, 0, 0, 0, 255])
    }

    @Test("delays of 0 and 1 play at 100 ms; others as stored")
    func delays() throws {
        let frames = [0, 1, 2, 5, 100].map { delay in
            GIFTestWriter.Frame(width: 1, height: 1, indices: [UInt8(delay)], delay: delay)
        }
        let image = try Self.decode(GIFTestWriter.gif(width: 1, height: 1, palette: Self.palette, frames: frames))
        #expect(image.frames.map(\.duration) == [0.1, 0.1, 0.02, 0.05, 1.0])
    }

    @Test("loop counts: absent plays once, 0 forever, n repeats n times after the first play")
    func loopCounts() throws {
        let frames = [GIFTestWriter.Frame(width: 1, height: 1, indices: [1]), GIFTestWriter.Frame(width: 1, height: 1, indices: [2])]
        func loops(_ loop: Int?) throws -> Int {
            try Self.decode(GIFTestWriter.gif(width: 1, height: 1, palette: Self.palette, frames: frames, loop: loop)).loopCount
        }
        #expect(try loops(nil) == 1)
        #expect(try loops(0) == 0)
        #expect(try loops(3) == 4)
        #expect(try loops(65535) == 65536)
        // ANIMEXTS1.0 is read like NETSCAPE2.0.
        var file = GIFTestWriter.gif(width: 1, height: 1, palette: Self.palette, frames: frames, loop: 2)
        let at = try #require(file.firstRange(of: Array("NETSCAPE2.0".utf8)))
        file.replaceSubrange(at, with: Array("ANIMEXTS1.0".utf8))
        #expect(try Self.decode(file).loopCount == 3)
    }

    @Test("comments, plain text and unknown application extensions are skipped")
    func unknownExtensions() throws {
        let frame = GIFTestWriter.Frame(width: 1, height: 1, indices: [7])
        var file = GIFTestWriter.gif(width: 1, height: 1, palette: Self.palette, frames: [frame])
        let screenEnd = 13 + Self.palette.count
        let extensions: [UInt8] = [0x21, 0xFE, 3, 65, 66, 67, 0]                              // comment
            + [0x21, 0x01, 12] + [UInt8](repeating: 0, count: 12) + [2, 1, 1, 0]             // plain text
            + [0x21, 0xFF, 11] + Array("XMP DataXMP".utf8) + [5, 1, 2, 3, 4, 5, 0]            // application
        file.insert(contentsOf: extensions, at: screenEnd)
        #expect(try Self.decode(file).firstFrame.bytes == Self.rgba([7]))
    }

    @Test("transparent pixels show the canvas beneath; disposal background clears to transparent")
    func transparencyAndDisposal() throws {
        let base = GIFTestWriter.Frame(width: 2, height: 1, indices: [1, 2], disposal: 2)
        let over = GIFTestWriter.Frame(width: 2, height: 1, indices: [0, 3], transparentIndex: 0)
        let image = try Self.decode(GIFTestWriter.gif(width: 2, height: 1, palette: Self.palette, frames: [base, over]))
        #expect(image.frames[0].pixels.bytes == Self.rgba([1, 2]))
        // Frame 0 was disposed to background (transparent); frame 1's index 0 is transparent,
        // keeping its palette colour (0, 255, 0) with alpha 0 as Pillow does.
        #expect(image.frames[1].pixels.bytes == [0, 255, 0, 0] + Self.rgba([3]))
    }
}
