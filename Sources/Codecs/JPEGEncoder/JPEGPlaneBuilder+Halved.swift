/// 4:2:0 colour conversion fused with the 2 × 2 downsampling.
///
/// Cb and Cr are linear in R, G and B, so the mean of four pixels' chroma is the chroma of
/// their summed RGB, divided by four: each chroma sample here is two 16 × 16-bit products of
/// 2 × 2 sums, rounded once, where converting every pixel and averaging afterwards (libjpeg's
/// order) costs eight times the products and rounds twice. Luma is per pixel, the same
/// integers as ``JPEGPlaneBuilder``'s row conversion. Two image rows are read once, 16 pixels
/// at a time, and no full-resolution chroma row is written.
///
/// The lanes are laid out for SSE2's `pmaddwd` (two 16 × 16-bit products summed into 32
/// bits): a pixel's 32-bit lane masked to R and B is already the 16-bit pair (R, B), and each
/// sum below is written as products of the even and the odd 16-bit lanes, the shape LLVM
/// turns into one `pmaddwd` per four results. None of the constants is 2ᵏ or 2ᵏ ± 1, which
/// LLVM would rewrite into shifts before it could see that shape.
extension JPEGPlaneBuilder {
    typealias Pixels = SIMD4<UInt32>
    typealias Quad = SIMD4<Int32>

    /// Fills the planes with MCU row `row` (16 image rows; rows past the bottom repeat the last).
    func loadHalved(mcuRow row: Int) {
        let width = pixels.width, height = pixels.height
        let y = planes[0], cb = planes[1], cr = planes[2]
        let chromaStride = strides[1]
        pixels.bytes.withUnsafeBufferPointer { source in
            let base = source.baseAddress!
            for pair in 0..<8 {
                let first = min(height - 1, row * 16 + 2 * pair)
                let second = min(height - 1, first + 1)
                let top = base + first * width * 4, bottom = base + second * width * 4
                let out = (y + 2 * pair * paddedWidth, cb + pair * chromaStride, cr + pair * chromaStride)
                // Opaque first (the usual case, and what a caller keeping alpha elsewhere
                // wants); a pair with any other alpha is done again, flattened.
                let alpha = convertPair(top, bottom, y: out.0, cb: out.1, cr: out.2, flattening: false)
                if !ignoresAlpha, alpha != 0xFF {
                    _ = convertPair(top, bottom, y: out.0, cb: out.1, cr: out.2, flattening: true)
                }
            }
        }
    }

    /// Σ even-lane products + Σ odd-lane products (`pmaddwd`).
    @inline(__always)
    private static func multiplyAdd(_ d: SIMD8<Int16>, _ even: Int32, _ odd: Int32) -> Quad {
        Quad(truncatingIfNeeded: d.evenHalf) &* even &+ Quad(truncatingIfNeeded: d.oddHalf) &* odd
    }

    /// Luma of four pixels: G + (19595·(R − G) + 7471·(B − G) + 2¹⁵) >> 16.
    @inline(__always)
    private static func luma(_ a: Pixels) -> Quad {
        let redBlue = unsafeBitCast(a & 0x00FF_00FF, to: SIMD8<Int16>.self)
        let green = (a &>> 8) & 0xFF
        let d = redBlue &- unsafeBitCast(green | (green &<< 16), to: SIMD8<Int16>.self)
        return Quad(truncatingIfNeeded: green) &+ ((multiplyAdd(d, 19595, 7471) &+ 32768) &>> 16)
    }

    /// Sums of horizontal neighbours: lanes 0, 1 from `a`'s pixel pairs, 2, 3 from `b`'s.
    @inline(__always)
    private static func pairSums(_ a: Pixels, _ b: Pixels) -> Pixels {
        Pixels(a[0], a[2], b[0], b[2]) &+ Pixels(a[1], a[3], b[1], b[3])
    }

    /// Cb and Cr of the four 2 × 2 groups of 8 × 2 pixels (`t0`, `t1` above `b0`, `b1`).
    @inline(__always)
    private static func chroma(_ t0: Pixels, _ t1: Pixels, _ b0: Pixels, _ b1: Pixels) -> (Quad, Quad) {
        let mask = Pixels(repeating: 0x00FF_00FF)
        // (ΣR, ΣB) 16-bit pairs and ΣG, each at most 1020.
        let redBlue = pairSums((t0 & mask) &+ (b0 & mask), (t1 & mask) &+ (b1 & mask))
        let green = pairSums(((t0 &>> 8) & 0xFF) &+ ((b0 &>> 8) & 0xFF), ((t1 &>> 8) & 0xFF) &+ ((b1 &>> 8) & 0xFF))
        let red = redBlue & 0xFFFF, blue = redBlue &>> 16
        // Pairs (B − G, B − R) and (R − G, R − B).
        let forBlue = unsafeBitCast(blue | (blue &<< 16), to: SIMD8<Int16>.self)
            &- unsafeBitCast(green | (red &<< 16), to: SIMD8<Int16>.self)
        let forRed = unsafeBitCast(red | (red &<< 16), to: SIMD8<Int16>.self)
            &- unsafeBitCast(green | (redBlue & 0xFFFF_0000), to: SIMD8<Int16>.self)
        // The row conversion's per-pixel offset, four times, and one rounding:
        // 4 · 128 · 2¹⁶ + 2¹⁷ − 1, then ÷ 2¹⁸. The results are 0…255 by construction.
        let offset = Quad(repeating: 33_685_503)
        return ((multiplyAdd(forBlue, 21709, 11059) &+ offset) &>> 18,
                (multiplyAdd(forRed, 27439, 5329) &+ offset) &>> 18)
    }

    /// The low bytes of 16 lanes, stored at `p`.
    @inline(__always)
    private static func store(_ a: Quad, _ b: Quad, _ c: Quad, _ d: Quad, _ p: UnsafeMutablePointer<UInt8>) {
        let v = SIMD16<UInt8>(UInt8(truncatingIfNeeded: a[0]), UInt8(truncatingIfNeeded: a[1]),
                              UInt8(truncatingIfNeeded: a[2]), UInt8(truncatingIfNeeded: a[3]),
                              UInt8(truncatingIfNeeded: b[0]), UInt8(truncatingIfNeeded: b[1]),
                              UInt8(truncatingIfNeeded: b[2]), UInt8(truncatingIfNeeded: b[3]),
                              UInt8(truncatingIfNeeded: c[0]), UInt8(truncatingIfNeeded: c[1]),
                              UInt8(truncatingIfNeeded: c[2]), UInt8(truncatingIfNeeded: c[3]),
                              UInt8(truncatingIfNeeded: d[0]), UInt8(truncatingIfNeeded: d[1]),
                              UInt8(truncatingIfNeeded: d[2]), UInt8(truncatingIfNeeded: d[3]))
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD16<UInt8>.self)
    }

    /// The low bytes of 8 lanes, stored at `p`.
    @inline(__always)
    private static func store(_ a: Quad, _ b: Quad, _ p: UnsafeMutablePointer<UInt8>) {
        let v = SIMD8<UInt8>(UInt8(truncatingIfNeeded: a[0]), UInt8(truncatingIfNeeded: a[1]),
                             UInt8(truncatingIfNeeded: a[2]), UInt8(truncatingIfNeeded: a[3]),
                             UInt8(truncatingIfNeeded: b[0]), UInt8(truncatingIfNeeded: b[1]),
                             UInt8(truncatingIfNeeded: b[2]), UInt8(truncatingIfNeeded: b[3]))
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD8<UInt8>.self)
    }

    /// Four pixels flattened onto the background by their alpha (made opaque).
    @inline(__always)
    private func flattened(_ a: Pixels) -> Pixels {
        let alpha = a &>> 24
        let pairAlpha = unsafeBitCast(alpha | (alpha &<< 16), to: Words.self)
        let redBlue = flatten(unsafeBitCast(a & 0x00FF_00FF, to: Words.self), alpha: pairAlpha,
                              background: unsafeBitCast(background.redBlue, to: Words.self))
        let green = flatten(unsafeBitCast((a &>> 8) & 0xFF, to: Words.self), alpha: pairAlpha,
                            background: unsafeBitCast(background.greenZero, to: Words.self))
        return unsafeBitCast(redBlue, to: Pixels.self) | (unsafeBitCast(green, to: Pixels.self) & 0xFF) &<< 8 | 0xFF00_0000
    }

    /// Converts image rows `top` and `bottom` into Y rows at `y` and `y + paddedWidth` and
    /// one Cb and Cr row, padded by repeating the last pixel; returns the AND of the alpha
    /// values read (before any flattening), to tell whether flattening was needed.
    @inline(__always)
    private func convertPair(_ top: UnsafePointer<UInt8>, _ bottom: UnsafePointer<UInt8>, y: UnsafeMutablePointer<UInt8>,
                             cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>, flattening: Bool) -> UInt32 {
        let width = pixels.width
        let whole = width & ~15
        var all = Pixels(repeating: 0xFFFF_FFFF)
        var x = 0
        // `paddedWidth` is a multiple of 16: the groups end exactly there.
        while x < paddedWidth {
            var upper = UnsafeRawPointer(top + x &* 4), lower = UnsafeRawPointer(bottom + x &* 4)
            if x >= whole {
                // The last group: copied out with the last pixel repeated, so the loads never
                // read past the row and the padding is libjpeg's edge replication.
                let count = width &- x
                for half in 0..<2 {
                    let row = half == 0 ? top : bottom, target = edge + half &* 64
                    target.update(from: row + x &* 4, count: count &* 4)
                    let last = UnsafeRawPointer(row + (width &- 1) &* 4).loadUnaligned(as: UInt32.self)
                    for i in count..<16 {
                        UnsafeMutableRawPointer(target).storeBytes(of: last, toByteOffset: i &* 4, as: UInt32.self)
                    }
                }
                upper = UnsafeRawPointer(edge)
                lower = UnsafeRawPointer(edge + 64)
            }
            var t0 = upper.loadUnaligned(as: Pixels.self), t1 = upper.loadUnaligned(fromByteOffset: 16, as: Pixels.self)
            var t2 = upper.loadUnaligned(fromByteOffset: 32, as: Pixels.self)
            var t3 = upper.loadUnaligned(fromByteOffset: 48, as: Pixels.self)
            var b0 = lower.loadUnaligned(as: Pixels.self), b1 = lower.loadUnaligned(fromByteOffset: 16, as: Pixels.self)
            var b2 = lower.loadUnaligned(fromByteOffset: 32, as: Pixels.self)
            var b3 = lower.loadUnaligned(fromByteOffset: 48, as: Pixels.self)
            #if _endian(big)
            (t0, t1, t2, t3) = (t0.byteSwapped, t1.byteSwapped, t2.byteSwapped, t3.byteSwapped)
            (b0, b1, b2, b3) = (b0.byteSwapped, b1.byteSwapped, b2.byteSwapped, b3.byteSwapped)
            #endif
            if flattening {
                (t0, t1, t2, t3) = (flattened(t0), flattened(t1), flattened(t2), flattened(t3))
                (b0, b1, b2, b3) = (flattened(b0), flattened(b1), flattened(b2), flattened(b3))
            } else {
                all &= t0 & t1 & t2 & t3 & b0 & b1 & b2 & b3
            }
            Self.store(Self.luma(t0), Self.luma(t1), Self.luma(t2), Self.luma(t3), y + x)
            Self.store(Self.luma(b0), Self.luma(b1), Self.luma(b2), Self.luma(b3), y + (paddedWidth &+ x))
            let (cb0, cr0) = Self.chroma(t0, t1, b0, b1)
            let (cb1, cr1) = Self.chroma(t2, t3, b2, b3)
            Self.store(cb0, cb1, cb + (x &>> 1))
            Self.store(cr0, cr1, cr + (x &>> 1))
            x &+= 16
        }
        return (all &>> 24).min()
    }
}

extension SIMD4<UInt32> {
    /// Each lane's bytes reversed.
    fileprivate var byteSwapped: SIMD4<UInt32> {
        SIMD4(self[0].byteSwapped, self[1].byteSwapped, self[2].byteSwapped, self[3].byteSwapped)
    }
}
