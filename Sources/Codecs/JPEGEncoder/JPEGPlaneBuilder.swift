import OspreyCore

/// Turns one MCU row of RGBA pixels into the sample planes the DCT reads: RGB → YCbCr (or Y
/// alone), alpha flattened onto the background, edges replicated out to whole MCUs, chroma
/// downsampled. Only these few rows are ever held, never a copy of the image.
///
/// The colour matrix is libjpeg's `jccolor.c` (BT.601 full range, 16-bit fixed point, Cb/Cr
/// rounded with ½ − 2⁻¹⁶ as libjpeg does), computed eight pixels at a time in 32-bit lanes.
/// Downsampling averages pairs or quads with libjpeg's alternating rounding bias, so that no
/// chroma drift builds up on flat areas.
final class JPEGPlaneBuilder {
    typealias Lanes = SIMD8<Int32>

    /// Planes in component order: Y, then Cb and Cr at their sampled size.
    private(set) var planes: [UnsafeMutablePointer<UInt8>] = []
    /// Bytes per row of each plane.
    private(set) var strides: [Int] = []
    /// Full-resolution Cb and Cr rows before downsampling (empty at 4:4:4 and for grey).
    private var fullChroma: [UnsafeMutablePointer<UInt8>] = []

    private let pixels: PixelBuffer
    private let grayscale: Bool
    private let horizontal: Int
    private let vertical: Int
    private let paddedWidth: Int
    private let mcuHeight: Int
    private let background: Lanes3

    /// Background channels as lanes.
    private struct Lanes3 {
        var red: Lanes, green: Lanes, blue: Lanes
    }

    /// A builder for `pixels`, MCUs `horizontal` × `vertical` luma blocks wide/high, padded to
    /// `paddedWidth` samples per row.
    init(pixels: PixelBuffer, grayscale: Bool, horizontal: Int, vertical: Int, paddedWidth: Int,
         background: ImageEncodeOptions.RGB) {
        self.pixels = pixels
        self.grayscale = grayscale
        self.horizontal = horizontal
        self.vertical = vertical
        self.paddedWidth = paddedWidth
        mcuHeight = 8 * vertical
        self.background = Lanes3(red: Lanes(repeating: Int32(background.red)),
                                 green: Lanes(repeating: Int32(background.green)),
                                 blue: Lanes(repeating: Int32(background.blue)))
        let fullSize = paddedWidth * mcuHeight
        // Eight spare bytes let the vector tail run past the last pixel.
        planes.append(.allocate(capacity: fullSize + 8))
        strides.append(paddedWidth)
        guard !grayscale else { return }
        let subsampled = horizontal > 1 || vertical > 1
        for _ in 0..<2 {
            if subsampled {
                fullChroma.append(.allocate(capacity: fullSize + 8))
                planes.append(.allocate(capacity: fullSize / (horizontal * vertical)))
                strides.append(paddedWidth / horizontal)
            } else {
                planes.append(.allocate(capacity: fullSize + 8))
                strides.append(paddedWidth)
            }
        }
    }

    deinit {
        planes.forEach { $0.deallocate() }
        fullChroma.forEach { $0.deallocate() }
    }

    /// Fills the planes with MCU row `row` (image rows `row · mcuHeight` on; rows past the
    /// bottom repeat the last one).
    func load(mcuRow row: Int) {
        let cb = fullChroma.isEmpty ? (planes.count > 1 ? planes[1] : nil) : fullChroma[0]
        let cr = fullChroma.isEmpty ? (planes.count > 2 ? planes[2] : nil) : fullChroma[1]
        pixels.bytes.withUnsafeBufferPointer { source in
            for line in 0..<mcuHeight {
                let y = min(pixels.height - 1, row * mcuHeight + line)
                let offset = line * paddedWidth
                convert(source.baseAddress! + y * pixels.width * 4, y: planes[0] + offset,
                        cb: cb.map { $0 + offset }, cr: cr.map { $0 + offset })
            }
        }
        guard !fullChroma.isEmpty else { return }
        for index in 0..<2 {
            downsample(fullChroma[index], into: planes[index + 1], stride: strides[index + 1])
        }
    }

    // MARK: Colour conversion

    @inline(__always)
    private func flatten(_ channel: Lanes, alpha: Lanes, background: Lanes) -> Lanes {
        // round((c·a + bg·(255 − a)) / 255) by the (t + t/256) / 256 trick.
        let t = channel &* alpha &+ background &* (255 &- alpha) &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    @inline(__always)
    private static func store(_ v: Lanes, _ p: UnsafeMutablePointer<UInt8>) {
        let bytes = SIMD8<UInt8>(UInt8(truncatingIfNeeded: v[0]), UInt8(truncatingIfNeeded: v[1]),
                                 UInt8(truncatingIfNeeded: v[2]), UInt8(truncatingIfNeeded: v[3]),
                                 UInt8(truncatingIfNeeded: v[4]), UInt8(truncatingIfNeeded: v[5]),
                                 UInt8(truncatingIfNeeded: v[6]), UInt8(truncatingIfNeeded: v[7]))
        UnsafeMutableRawPointer(p).storeBytes(of: bytes, as: SIMD8<UInt8>.self)
    }

    /// One image row into Y (and Cb, Cr) samples, padded by repeating the last sample.
    private func convert(_ rgba: UnsafePointer<UInt8>, y: UnsafeMutablePointer<UInt8>,
                         cb: UnsafeMutablePointer<UInt8>?, cr: UnsafeMutablePointer<UInt8>?) {
        let width = pixels.width
        var x = 0
        let mask = Lanes(repeating: 0xFF)
        // One AND over the row tells whether any pixel needs flattening (a per-group vector
        // test compiles to a lane-by-lane loop through memory here).
        var alphaOfAll: UInt32 = 0xFFFF_FFFF
        for i in 0..<width { alphaOfAll &= UnsafeRawPointer(rgba + i &* 4).loadUnaligned(as: UInt32.self) }
        let opaque = UInt32(littleEndian: alphaOfAll) >> 24 == 0xFF
        while x < width {
            // The last group may start before `width - 8` is reached: copy the tail out so the
            // load never reads past the pixels.
            var tail = SIMD8<UInt32>(repeating: 0xFF00_0000)
            let pixelWords: SIMD8<UInt32>
            if x &+ 8 <= width {
                pixelWords = UnsafeRawPointer(rgba + x &* 4).loadUnaligned(as: SIMD8<UInt32>.self)
            } else {
                for i in 0..<(width &- x) {
                    tail[i] = UnsafeRawPointer(rgba + (x &+ i) &* 4).loadUnaligned(as: UInt32.self)
                }
                pixelWords = tail
            }
            // Same bits, reinterpreted: the generic lane conversion may stay a loop.
            let words = unsafeBitCast(SIMD8<UInt32>(littleEndianLanes: pixelWords), to: Lanes.self)
            var r = words & mask, g = (words &>> 8) & mask, b = (words &>> 16) & mask
            let a = (words &>> 24) & mask
            if !opaque {
                r = flatten(r, alpha: a, background: background.red)
                g = flatten(g, alpha: a, background: background.green)
                b = flatten(b, alpha: a, background: background.blue)
            }
            // Every product is of a byte and a constant below 2¹⁵, which SSE2 does as 16-bit
            // multiply-adds (`pmaddwd`); 38470 is not, so g · 38470 is g · 5702 + g · 2¹⁵.
            let luma = (r &* 19595 &+ g &* 5702 &+ (g &<< 15) &+ b &* 7471 &+ 32768) &>> 16
            Self.store(luma, y + x)
            if let cb, let cr {
                let blueDiff = ((b &<< 15) &- r &* 11059 &- g &* 21709 &+ 8_421_375) &>> 16
                let redDiff = ((r &<< 15) &- g &* 27439 &- b &* 5329 &+ 8_421_375) &>> 16
                Self.store(blueDiff, cb + x)
                Self.store(redDiff, cr + x)
            }
            x &+= 8
        }
        pad(y, width: width)
        if let cb, let cr {
            pad(cb, width: width)
            pad(cr, width: width)
        }
    }

    /// Repeats a row's last sample out to the padded width (libjpeg's `expand_right_edge`).
    @inline(__always)
    private func pad(_ plane: UnsafeMutablePointer<UInt8>, width: Int) {
        guard paddedWidth > width else { return }
        (plane + width).update(repeating: plane[width - 1], count: paddedWidth - width)
    }

    // MARK: Downsampling

    /// Averages `horizontal` × `vertical` groups of the full-resolution rows, eight outputs at
    /// a time: each 16-bit lane of a 16-byte load holds one horizontal pair, whose two bytes
    /// are summed in the lane.
    private func downsample(_ full: UnsafeMutablePointer<UInt8>, into small: UnsafeMutablePointer<UInt8>, stride: Int) {
        typealias Pairs = SIMD8<UInt16>
        let rows = mcuHeight / vertical
        let low = Pairs(repeating: 0xFF)
        // Rounding biases 1, 2, 1, 2 … (h2v2) and 0, 1, 0, 1 … (h2v1), as libjpeg's downsamplers
        // use, so that no chroma drift builds up on flat areas.
        let bias = vertical == 2 ? Pairs(1, 2, 1, 2, 1, 2, 1, 2) : Pairs(0, 1, 0, 1, 0, 1, 0, 1)
        let shift = Pairs(repeating: vertical == 2 ? 2 : 1)
        for row in 0..<rows {
            let top = UnsafeRawPointer(full + row &* vertical &* paddedWidth)
            let bottom = top + (vertical == 2 ? paddedWidth : 0)
            let out = UnsafeMutableRawPointer(small + row &* stride)
            // `stride` is a whole number of blocks, so the groups of eight end exactly there.
            var x = 0
            while x < stride {
                let t = top.loadUnaligned(fromByteOffset: 2 &* x, as: Pairs.self)
                var sum = (t & low) &+ (t &>> 8) &+ bias
                if vertical == 2 {
                    let b = bottom.loadUnaligned(fromByteOffset: 2 &* x, as: Pairs.self)
                    sum &+= (b & low) &+ (b &>> 8)
                }
                let v = sum &>> shift
                let bytes = SIMD8<UInt8>(UInt8(truncatingIfNeeded: v[0]), UInt8(truncatingIfNeeded: v[1]),
                                         UInt8(truncatingIfNeeded: v[2]), UInt8(truncatingIfNeeded: v[3]),
                                         UInt8(truncatingIfNeeded: v[4]), UInt8(truncatingIfNeeded: v[5]),
                                         UInt8(truncatingIfNeeded: v[6]), UInt8(truncatingIfNeeded: v[7]))
                out.storeBytes(of: bytes, toByteOffset: x, as: SIMD8<UInt8>.self)
                x &+= 8
            }
        }
    }
}

extension SIMD8<UInt32> {
    /// Lanes read from little-endian memory, in host order.
    fileprivate init(littleEndianLanes v: SIMD8<UInt32>) {
        #if _endian(little)
        self = v
        #else
        self = SIMD8<UInt32>(v[0].byteSwapped, v[1].byteSwapped, v[2].byteSwapped, v[3].byteSwapped,
                             v[4].byteSwapped, v[5].byteSwapped, v[6].byteSwapped, v[7].byteSwapped)
        #endif
    }
}
