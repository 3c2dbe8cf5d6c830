import Foundation
import OspreyTestTraits
import Testing
@testable import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// DCT-scaled thumbnails: the reduced IDCT picks the smallest scale that
/// stays at least the target, the streaming resampler makes the exact size, orientation swaps
/// the axes, and a streamed baseline thumbnail never allocates the source canvas.
@Suite("JPEG DCT-scaled thumbnails", .cpuBound)
struct JPEGThumbnailTests {
    static let files = [
        "jpeg/subsampling/kodim23_q90_420.jpg", "jpeg/subsampling/kodim23_q90_422.jpg",
        "jpeg/subsampling/kodim23_q90_gray.jpg", "jpeg/subsampling/kodim23_q85_420_progressive.jpg",
        "jpeg/subsampling/kodim23_765x509_q75_420_oddsize.jpg", "jpeg/subsampling/kodim23_q85_420_restart1row.jpg",
        "jpeg/exif-orientation/Landscape_6.jpg",
    ]

    /// Targets that hit each scale (1/8, 1/4, 1/2, full), an exact 1/2, a strip, and unkept aspect.
    static let targets: [(PixelSize, Bool)] = [
        (PixelSize(width: 64, height: 64), true), (PixelSize(width: 150, height: 150), true),
        (PixelSize(width: 300, height: 300), true), (PixelSize(width: 384, height: 256), true),
        (PixelSize(width: 700, height: 700), true), (PixelSize(width: 300, height: 20), true),
        (PixelSize(width: 50, height: 300), false), (PixelSize(width: 1, height: 1), false),
    ]

    @Test("thumbnail sizes are exact for every target, file and orientation", arguments: files)
    func exactSizes(_ path: String) throws {
        let data = try JPEGTestSupport.corpusData(path)
        let full = try JPEGDecoder().decode(data, options: DecodeOptions())
        for (limit, keepAspect) in Self.targets {
            for orient in [true, false] {
                var options = DecodeOptions()
                options.thumbnailPixelSize = limit
                options.preserveAspectRatio = keepAspect
                options.applyOrientation = orient
                let upright = orient ? full.pixelSize
                    : try JPEGTestSupport.decodeUnoriented(data).pixelSize
                let image = try JPEGDecoder().decode(data, options: options)
                #expect(image.pixelSize == options.targetSize(for: upright), "\(path) \(limit) \(keepAspect) \(orient)")
                #expect(image.firstFrame.bytes.count == image.pixelWidth * image.pixelHeight * 4)
            }
        }
    }

    @Test("a thumbnail agrees with a full decode resampled to the same size (PSNR ≥ 30 dB)", arguments: files)
    func agreesWithFullDecode(_ path: String) throws {
        let data = try JPEGTestSupport.corpusData(path)
        let full = try JPEGDecoder().decode(data, options: DecodeOptions()).firstFrame
        for limit in [PixelSize(width: 48, height: 48), PixelSize(width: 100, height: 100),
                      PixelSize(width: 200, height: 200), PixelSize(width: 380, height: 380)] {
            var options = DecodeOptions()
            options.thumbnailPixelSize = limit
            let thumbnail = try JPEGDecoder().decode(data, options: options).firstFrame
            let reference = StreamingResampler.resize(full, to: thumbnail.size)
            let score = JPEGTestSupport.psnr(thumbnail, reference)
            #expect(score >= 30, "\(path) at \(limit): \(score) dB")
        }
    }

    @Test("the scale is the smallest of 1/8, 1/4, 1/2 that stays at least the target")
    func scaleChoice() {
        let source = PixelSize(width: 4000, height: 3000)
        #expect(JPEGDecodeSession.dctScale(source: source, target: PixelSize(width: 256, height: 192)) == 1)
        #expect(JPEGDecodeSession.dctScale(source: source, target: PixelSize(width: 500, height: 375)) == 1)
        #expect(JPEGDecodeSession.dctScale(source: source, target: PixelSize(width: 501, height: 375)) == 2)
        #expect(JPEGDecodeSession.dctScale(source: source, target: PixelSize(width: 1000, height: 751)) == 4)
        #expect(JPEGDecodeSession.dctScale(source: source, target: PixelSize(width: 2001, height: 10)) == 8)
        // Rounding up as libjpeg-turbo does: 765 / 8 → 96.
        #expect(JPEGDecodeSession.dctScale(source: PixelSize(width: 765, height: 509), target: PixelSize(width: 96, height: 64)) == 1)
        // 4:2:0 chroma at 1/8 is transformed 2 × 2: the same resolution as luma, no upsampling.
        let frame = JPEGFrameGeometry(width: 4000, height: 3000, maxH: 2, maxV: 2)
        #expect(JPEGDecodeSession.blockSize(h: 1, v: 1, geometry: frame, scale: 1) == 2)
        #expect(JPEGDecodeSession.blockSize(h: 2, v: 2, geometry: frame, scale: 1) == 1)
        #expect(JPEGDecodeSession.blockSize(h: 1, v: 1, geometry: frame, scale: 4) == 8)
        #expect(JPEGDecodeSession.blockSize(h: 1, v: 1, geometry: frame, scale: 8) == 8)
        // 4:1:1 chroma cannot double: its rows would then outnumber the output's.
        let wide = JPEGFrameGeometry(width: 64, height: 64, maxH: 4, maxV: 1)
        #expect(JPEGDecodeSession.blockSize(h: 1, v: 1, geometry: wide, scale: 2) == 2)
    }

    @Test("the reduced IDCTs give the averages of the full transform's outputs (within 1)")
    func reducedTransforms() {
        var random = SeededGenerator(seed: 0x1DC7)
        let quant = [Int32](repeating: 1, count: 64)
        var worst = [4: 0, 2: 0, 1: 0]
        for _ in 0..<500 {
            // Moderate coefficients, decaying with frequency like a photo's, so nothing clamps.
            var block = [Int16](repeating: 0, count: 64)
            block[0] = Int16(random.next(below: 400)) - 200
            for i in 1..<64 where random.next(below: 3) == 0 {
                let row = i / 8, column = i % 8
                let range = max(2, 120 / (1 + row + column))
                block[i] = Int16(random.next(below: range)) - Int16(range / 2)
            }
            var full = [UInt8](repeating: 0, count: 64)
            block.withUnsafeBufferPointer { b in
                quant.withUnsafeBufferPointer { q in
                    full.withUnsafeMutableBufferPointer { JPEGIDCT.transform(b.baseAddress!, quant: q.baseAddress!, output: $0.baseAddress!, stride: 8) }
                }
            }
            for size in [4, 2, 1] {
                var reduced = [UInt8](repeating: 0, count: size * size)
                block.withUnsafeBufferPointer { b in
                    quant.withUnsafeBufferPointer { q in
                        reduced.withUnsafeMutableBufferPointer {
                            JPEGIDCT.transform(b.baseAddress!, quant: q.baseAddress!, output: $0.baseAddress!, stride: size, size: size)
                        }
                    }
                }
                let step = 8 / size
                for y in 0..<size {
                    for x in 0..<size {
                        var sum = 0
                        for dy in 0..<step { for dx in 0..<step { sum += Int(full[(y * step + dy) * 8 + x * step + dx]) } }
                        let mean = Double(sum) / Double(step * step)
                        worst[size] = max(worst[size]!, Int((abs(mean - Double(reduced[y * size + x]))).rounded(.up)))
                    }
                }
            }
        }
        // The reduced transforms drop the frequencies they cannot show (row/column 4, and 2, 6
        // for 2 × 2), whose contributions to an average cancel only approximately.
        #expect(worst[4]! <= 3 && worst[2]! <= 3 && worst[1]! <= 1, "\(worst)")
    }

    /// Exact wherever the 32-bit arithmetic cannot overflow: dequantised values up to ±4096
    /// in every position at once (a photo's are far smaller; only corrupt coefficients overflow,
    /// and then neither transform's output means anything).
    @Test("the IDCT in SIMD lanes gives the scalar IDCT's samples bit for bit, sparse to dense blocks")
    func laneTransform() {
        var random = SeededGenerator(seed: 0x51AD)
        for round in 0..<2000 {
            var block = [Int16](repeating: 0, count: 64)
            var quant = [Int32](repeating: 1, count: 64)
            let density = [1, 4, 16, 64][round % 4]
            for i in 0..<64 where i == 0 || random.next(below: 64) < density {
                let q = 1 + random.next(below: [4, 60, 255][round % 3])
                let range = min([60, 600, 4096][round % 3], 4096 / q)
                block[i] = Int16(random.next(below: 2 * range + 1) - range)
                quant[i] = Int32(q)
            }
            var scalar = [UInt8](repeating: 0, count: 64), lanes = scalar
            block.withUnsafeBufferPointer { b in
                quant.withUnsafeBufferPointer { q in
                    scalar.withUnsafeMutableBufferPointer {
                        JPEGIDCT.transform(b.baseAddress!, quant: q.baseAddress!, output: $0.baseAddress!, stride: 8)
                    }
                    lanes.withUnsafeMutableBufferPointer {
                        JPEGIDCT.transformLanes(b.baseAddress!, quant: q.baseAddress!, output: $0.baseAddress!, stride: 8)
                    }
                }
            }
            #expect(scalar == lanes, "round \(round)")
            if scalar != lanes { return }
        }
    }

    @Test("a 30000 × 30000 baseline header makes a thumbnail without the source canvas")
    func hugeHeader() throws {
        let data = Self.flatGrayscale(width: 30000, height: 30000)
        var options = DecodeOptions()
        options.decodeWorkBudget = 1_000_000_000        // the 900 M source pixels are work…
        options.thumbnailPixelSize = PixelSize(width: 256, height: 256)
        // …but the default 64 M-pixel canvas limit is far below the source: had the decoder
        // allocated a source-sized canvas (or planes), the limit would have refused it.
        #expect(options.maxPixelCount < 30000 * 30000 / 8)
        let image = try JPEGDecoder().decode(data, options: options)
        #expect(image.pixelSize == PixelSize(width: 256, height: 256))
        #expect(image.firstFrame.bytes.allSatisfy { $0 == 128 || $0 == 255 })
        // The full size is a source canvas: refused before any work.
        options.thumbnailPixelSize = nil
        #expect(Self.errorCode(data, options) == .imageTooLarge)
        // So is a thumbnail whose output alone exceeds the limit.
        options.thumbnailPixelSize = PixelSize(width: 20000, height: 20000)
        #expect(Self.errorCode(data, options) == .imageTooLarge)
    }

    static func errorCode(_ data: Data, _ options: DecodeOptions) -> ImageError.Code? {
        do {
            _ = try JPEGDecoder().decode(data, options: options)
            return nil
        } catch {
            return error.code
        }
    }

    /// A grayscale baseline JPEG of mid-grey: one-symbol Huffman tables (DC category 0 and AC
    /// end-of-block, each the code "0"), so every block is two zero bits and the scan is
    /// all zero bytes.
    static func flatGrayscale(width: Int, height: Int) -> Data {
        var file: [UInt8] = [0xFF, 0xD8]
        func segment(_ marker: UInt8, _ payload: [UInt8]) {
            let length = payload.count + 2
            file += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        }
        segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        segment(0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0])
        segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
        segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
        segment(0xDA, [1, 1, 0x00, 0, 63, 0])
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        file += [UInt8](repeating: 0, count: (blocks * 2 + 7) / 8)
        file += [0xFF, 0xD9]
        return Data(file)
    }
}
