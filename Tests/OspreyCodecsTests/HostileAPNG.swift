import Foundation
import OspreyCore
@testable import OspreyCodecs

/// Builds the hostile PNGs the budget tests decode: huge canvases of 1-bit grey (so the image
/// data stays small to build and to inflate), with many tiny or many full-canvas frames.
enum HostileAPNG {
    typealias H = PNGTestHelpers

    /// zlib data for `height` rows of 1-bit grey, `width` pixels each, all of one shade.
    /// Built from one compressed row pattern per call; deflate finds the repeats.
    static func greyData(width: Int, height: Int, white: Bool = false) -> [UInt8] {
        let rowBytes = (width + 7) / 8
        var raw = [UInt8](repeating: white ? 0xFF : 0, count: (rowBytes + 1) * height)
        for row in 0..<height { raw[row * (rowBytes + 1)] = 0 }   // filter type "none"
        return Deflater.compress(raw, level: 1)
    }

    /// An APNG of 1-bit grey: the default image (black) is frame 0 and covers the canvas;
    /// `frameCount − 1` more white frames follow, each `frameSize` (the whole canvas when nil)
    /// at offsets spread over the canvas.
    static func make(width: Int, height: Int, frameCount: Int, frameSize: PixelSize? = PixelSize(width: 1, height: 1),
                     interlaced: Bool = false) -> Data {
        var chunks: [(String, [UInt8])] = [("IHDR", H.ihdr(width: width, height: height, bitDepth: 1, colorType: 0,
                                                            interlaced: interlaced))]
        chunks.append(("acTL", H.bigEndian(UInt32(frameCount)) + H.bigEndian(0)))
        var sequence: UInt32 = 0
        func control(_ size: PixelSize, x: Int, y: Int) -> (String, [UInt8]) {
            defer { sequence += 1 }
            return ("fcTL", H.bigEndian(sequence) + H.bigEndian(UInt32(size.width)) + H.bigEndian(UInt32(size.height))
                    + H.bigEndian(UInt32(x)) + H.bigEndian(UInt32(y)) + [0, 1, 0, 10, 0, 0])
        }
        chunks.append(control(PixelSize(width: width, height: height), x: 0, y: 0))
        chunks.append(("IDAT", greyData(width: width, height: height)))
        let size = frameSize ?? PixelSize(width: width, height: height)
        let frameData = greyData(width: size.width, height: size.height, white: true)
        for index in 1..<max(frameCount, 1) {
            chunks.append(control(size, x: (index * 37) % (width - size.width + 1), y: (index * 53) % (height - size.height + 1)))
            chunks.append(("fdAT", H.bigEndian(sequence) + frameData))
            sequence += 1
        }
        chunks.append(("IEND", []))
        return H.png(chunks)
    }

    /// A still 1-bit grey PNG of `width` × `height`.
    static func still(width: Int, height: Int, interlaced: Bool = false) -> Data {
        H.png([("IHDR", H.ihdr(width: width, height: height, bitDepth: 1, colorType: 0, interlaced: interlaced)),
                      ("IDAT", interlaced ? adam7GreyData(width: width, height: height) : greyData(width: width, height: height)),
                      ("IEND", [])])
    }

    /// zlib data for an Adam7-interlaced 1-bit grey image, all black.
    static func adam7GreyData(width: Int, height: Int) -> [UInt8] {
        var raw: [UInt8] = []
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        for (x0, y0, dx, dy) in passes {
            let passWidth = (width - x0 + dx - 1) / dx, passHeight = (height - y0 + dy - 1) / dy
            guard passWidth > 0, passHeight > 0 else { continue }
            for _ in 0..<passHeight { raw += [0] + [UInt8](repeating: 0, count: (passWidth + 7) / 8) }
        }
        return Deflater.compress(raw, level: 1)
    }
}
