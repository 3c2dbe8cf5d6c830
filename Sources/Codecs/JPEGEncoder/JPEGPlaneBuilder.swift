import OspreyCore

/// Turns one MCU row of RGBA pixels into the sample planes the DCT reads: RGB → YCbCr (or Y
/// alone), alpha flattened onto the background, edges replicated out to whole MCUs, chroma
/// downsampled. Only these few rows are ever held, never a copy of the image.
///
/// The colour matrix is libjpeg's `jccolor.c` (BT.601 full range, 16-bit fixed point, Cb/Cr
/// rounded with ½ − 2⁻¹⁶ as libjpeg does), computed eight pixels at a time. Each row of the
/// matrix sums to 2¹⁶ (Y) or 0 (Cb, Cr), so it is rewritten on the differences R − G, B − G,
/// B − R and R − B, which fit 16-bit lanes: Y = G + (19595·(R−G) + 7471·(B−G) + 2¹⁵) >> 16,
/// Cb = (21709·(B−G) + 11059·(B−R) + c) >> 16, Cr = (27439·(R−G) + 5329·(R−B) + c) >> 16 —
/// the same integers as libjpeg's nine products, from six 16 × 16 → 32-bit ones.
/// Downsampling averages pairs or quads with libjpeg's alternating rounding bias, so that no
/// chroma drift builds up on flat areas. 4:2:0 colour, the default, takes a fused path instead
/// (``loadHalved(mcuRow:)``): chroma straight from 2 × 2 sums of RGB, with no full-resolution
/// chroma rows.
final class JPEGPlaneBuilder {
    typealias Lanes = SIMD8<Int32>
    typealias Shorts = SIMD8<Int16>
    typealias Words = SIMD8<UInt16>

    /// Planes in component order: Y, then Cb and Cr at their sampled size.
    private(set) var planes: [UnsafeMutablePointer<UInt8>] = []
    /// Bytes per row of each plane.
    private(set) var strides: [Int] = []
    /// Full-resolution Cb and Cr rows before downsampling (empty at 4:4:4 and for grey).
    private var fullChroma: [UnsafeMutablePointer<UInt8>] = []
    /// Where a grey encode's unused Cb and Cr go: the conversion loop always stores them, as a
    /// branch there would cost its vector products (see ``convert(_:y:cb:cr:)``).
    private var discard: UnsafeMutablePointer<UInt8>?

    let pixels: PixelBuffer
    private let grayscale: Bool
    private let horizontal: Int
    private let vertical: Int
    let paddedWidth: Int
    let mcuHeight: Int
    let background: Lanes3
    /// Whether alpha is kept elsewhere (``JPEGAlphaSegment``): the colour is then coded as is.
    let ignoresAlpha: Bool
    /// 4:2:0 colour: rows are converted in pairs, chroma straight from 2 × 2 sums of RGB
    /// (``loadHalved(mcuRow:)``), with no full-resolution chroma rows.
    private let fusedHalving: Bool
    /// Room for one 16-pixel group of two rows, right edge replicated (the fused path's last
    /// group of a row).
    let edge = UnsafeMutablePointer<UInt8>.allocate(capacity: 128)

    /// Background channels as lanes.
    struct Lanes3 {
        var red: Words, green: Words, blue: Words
        /// 16-bit pairs (red, blue) and (green, 0), for pixels in 32-bit lanes.
        var redBlue: SIMD4<UInt32>, greenZero: SIMD4<UInt32>
    }

    /// A builder for `pixels`, MCUs `horizontal` × `vertical` luma blocks wide/high, padded to
    /// `paddedWidth` samples per row; alpha flattened onto `background`, or ignored when nil.
    init(pixels: PixelBuffer, grayscale: Bool, horizontal: Int, vertical: Int, paddedWidth: Int,
         background: ImageEncodeOptions.RGB?) {
        ignoresAlpha = background == nil
        fusedHalving = !grayscale && horizontal == 2 && vertical == 2
        let background = background ?? .white
        self.pixels = pixels
        self.grayscale = grayscale
        self.horizontal = horizontal
        self.vertical = vertical
        self.paddedWidth = paddedWidth
        mcuHeight = 8 * vertical
        self.background = Lanes3(red: Words(repeating: UInt16(background.red)),
                                 green: Words(repeating: UInt16(background.green)),
                                 blue: Words(repeating: UInt16(background.blue)),
                                 redBlue: SIMD4(repeating: UInt32(background.red) | UInt32(background.blue) << 16),
                                 greenZero: SIMD4(repeating: UInt32(background.green)))
        let fullSize = paddedWidth * mcuHeight
        // Eight spare bytes let the vector tail run past the last pixel.
        planes.append(.allocate(capacity: fullSize + 8))
        strides.append(paddedWidth)
        guard !grayscale else {
            discard = .allocate(capacity: paddedWidth + 8)
            return
        }
        let subsampled = horizontal > 1 || vertical > 1
        if fusedHalving {
            for _ in 0..<2 {
                planes.append(.allocate(capacity: fullSize / 4))
                strides.append(paddedWidth / 2)
            }
            return
        }
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
        discard?.deallocate()
        edge.deallocate()
    }

    /// Fills the planes with MCU row `row` (image rows `row · mcuHeight` on; rows past the
    /// bottom repeat the last one).
    func load(mcuRow row: Int) {
        if fusedHalving {
            loadHalved(mcuRow: row)
            return
        }
        let cb = fullChroma.isEmpty ? (planes.count > 1 ? planes[1] : nil) : fullChroma[0]
        let cr = fullChroma.isEmpty ? (planes.count > 2 ? planes[2] : nil) : fullChroma[1]
        pixels.bytes.withUnsafeBufferPointer { source in
            for line in 0..<mcuHeight {
                let y = min(pixels.height - 1, row * mcuHeight + line)
                let offset = line * paddedWidth
                if let cb, let cr {
                    convert(source.baseAddress! + y * pixels.width * 4, y: planes[0] + offset, cb: cb + offset, cr: cr + offset)
                    pad(cb + offset, width: pixels.width)
                    pad(cr + offset, width: pixels.width)
                } else if let discard {
                    convert(source.baseAddress! + y * pixels.width * 4, y: planes[0] + offset, cb: discard, cr: discard)
                }
            }
        }
        guard !fullChroma.isEmpty else { return }
        for index in 0..<2 {
            downsample(fullChroma[index], into: planes[index + 1], stride: strides[index + 1])
        }
    }

    // MARK: Colour conversion

    @inline(__always)
    func flatten(_ channel: Words, alpha: Words, background: Words) -> Words {
        // round((c·a + bg·(255 − a)) / 255) by the (t + t/256) / 256 trick; t < 2¹⁶, so
        // 16-bit lanes hold it.
        let t = channel &* alpha &+ background &* (255 &- alpha) &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    /// Sign-extends eight lanes (written lane by lane: LLVM then sees 16 × 16-bit products in
    /// the multiplies that follow and uses `pmaddwd`).
    @inline(__always)
    static func widen(_ x: Shorts) -> Lanes {
        Lanes(Int32(x[0]), Int32(x[1]), Int32(x[2]), Int32(x[3]), Int32(x[4]), Int32(x[5]), Int32(x[6]), Int32(x[7]))
    }

    /// Clamps nothing: the values are 0…255 by construction.
    @inline(__always)
    static func store(_ v: Lanes, _ p: UnsafeMutablePointer<UInt8>) {
        let bytes = SIMD8<UInt8>(UInt8(truncatingIfNeeded: v[0]), UInt8(truncatingIfNeeded: v[1]),
                                 UInt8(truncatingIfNeeded: v[2]), UInt8(truncatingIfNeeded: v[3]),
                                 UInt8(truncatingIfNeeded: v[4]), UInt8(truncatingIfNeeded: v[5]),
                                 UInt8(truncatingIfNeeded: v[6]), UInt8(truncatingIfNeeded: v[7]))
        UnsafeMutableRawPointer(p).storeBytes(of: bytes, as: SIMD8<UInt8>.self)
    }

    /// One image row into Y (and Cb, Cr) samples, padded by repeating the last sample.
    private func convert(_ rgba: UnsafePointer<UInt8>, y: UnsafeMutablePointer<UInt8>,
                         cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>) {
        let width = pixels.width
        var x = 0
        let low = Words(repeating: 0xFF)
        // One AND over the row tells whether any pixel needs flattening (a per-group vector
        // test compiles to a lane-by-lane loop through memory here).
        var alphaOfAll: UInt32 = 0xFFFF_FFFF
        for i in 0..<width { alphaOfAll &= UnsafeRawPointer(rgba + i &* 4).loadUnaligned(as: UInt32.self) }
        let opaque = ignoresAlpha || UInt32(littleEndian: alphaOfAll) >> 24 == 0xFF
        while x < width {
            // The last group may start before `width - 8` is reached: copy the tail out so the
            // load never reads past the pixels.
            var tail = SIMD16<UInt16>(repeating: 0xFFFF)
            let raw: SIMD16<UInt16>
            if x &+ 8 <= width {
                raw = UnsafeRawPointer(rgba + x &* 4).loadUnaligned(as: SIMD16<UInt16>.self)
            } else {
                withUnsafeMutableBytes(of: &tail) { target in
                    target.copyMemory(from: UnsafeRawBufferPointer(start: rgba + x &* 4, count: (width &- x) &* 4))
                }
                raw = tail
            }
            // 16-bit lanes alternate R|G and B|A byte pairs.
            #if _endian(little)
            let pairs = raw
            #else
            let pairs = raw.byteSwappedLanes
            #endif
            let redGreen = pairs.evenHalf, blueAlpha = pairs.oddHalf
            var r = redGreen & low, g = redGreen &>> 8, b = blueAlpha & low
            if !opaque {
                let a = blueAlpha &>> 8
                r = flatten(r, alpha: a, background: background.red)
                g = flatten(g, alpha: a, background: background.green)
                b = flatten(b, alpha: a, background: background.blue)
            }
            let dr = Self.widen(unsafeBitCast(r &- g, to: Shorts.self))
            let db = Self.widen(unsafeBitCast(b &- g, to: Shorts.self))
            let dbr = Self.widen(unsafeBitCast(b &- r, to: Shorts.self))
            let drb = Self.widen(unsafeBitCast(r &- b, to: Shorts.self))
            let green = Self.widen(unsafeBitCast(g, to: Shorts.self))
            // Each sum is two products of 16-bit lanes by 16-bit constants (none a power of
            // two, which would become a shift), the shape LLVM turns into one `pmaddwd` per
            // four lanes.
            let luma = green &+ ((dr &* 19595 &+ db &* 7471 &+ 32768) &>> 16)
            let blueDiff = (db &* 21709 &+ dbr &* 11059 &+ 8_421_375) &>> 16
            let redDiff = (dr &* 27439 &+ drb &* 5329 &+ 8_421_375) &>> 16
            // No branch around the chroma stores: LLVM would sink the chroma products into
            // it, where the lanes' 16-bit origin (visible only within one basic block) is lost.
            Self.store(luma, y + x)
            Self.store(blueDiff, cb + x)
            Self.store(redDiff, cr + x)
            x &+= 8
        }
        pad(y, width: width)
    }

    /// Repeats a row's last sample out to the padded width (libjpeg's `expand_right_edge`).
    @inline(__always)
    func pad(_ plane: UnsafeMutablePointer<UInt8>, width: Int) {
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

extension SIMD16<UInt16> {
    /// Each lane's two bytes swapped.
    fileprivate var byteSwappedLanes: SIMD16<UInt16> { (self &<< 8) | (self &>> 8) }
}
