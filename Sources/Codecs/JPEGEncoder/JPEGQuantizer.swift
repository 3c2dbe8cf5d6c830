/// Quantisation of the forward DCT's output by one table, in the transposed lane layout
/// ``JPEGForwardDCT`` produces (vector u = horizontal frequency, lane v = vertical), with 16-bit
/// lanes and no division.
///
/// Each coefficient becomes about (|x| + d/2) / d with x's sign, d being 8× the table entry.
/// The division is two high-half multiplies, as libjpeg-turbo's SIMD quantiser does:
/// ⌊⌊(|x| + c) · r / 2¹⁶⌋ · s / 2¹⁶⌋ with r = ⌊2^(16+b) / d⌋ (b = ⌊log₂ d⌋, so r fits 16 bits),
/// s = 2^(16−b), and the rounding term c = d/2, plus one when the reciprocal was rounded down
/// (or r one larger when its fraction was above ½). This is libjpeg-turbo's own reciprocal
/// scheme, so the quantised values — and file sizes — follow its encoder's.
///
/// The quantised block is stored in that transposed order (index u · 8 + v) and described by a
/// bit mask of its non-zero coefficients in zigzag order, which the entropy coder walks: no
/// per-coefficient zigzag shuffle is ever done.
///
/// A class over raw buffers so that the per-block path touches no array (no retain/release,
/// no bounds checks); it is created and used by one encode only.
final class JPEGQuantizer {
    typealias Lanes = SIMD8<Int16>
    typealias Unsigned = SIMD8<UInt16>

    /// Per vector u: reciprocals r, rounding terms c and scales s, lane v.
    private let reciprocals: UnsafeMutablePointer<Unsigned>
    private let corrections: UnsafeMutablePointer<Unsigned>
    private let scales: UnsafeMutablePointer<Unsigned>
    /// The table in natural order, as DQT writes it (after zigzag reordering).
    let table: [Int]
    /// ``JPEGZigzag/spread``, read once here rather than through its lazy global per block.
    private let spread = JPEGZigzag.spread

    /// A quantiser for `table` (64 entries 1…255, natural order).
    init(table: [Int]) {
        self.table = table
        reciprocals = .allocate(capacity: 8)
        corrections = .allocate(capacity: 8)
        scales = .allocate(capacity: 8)
        for u in 0..<8 {
            var r = Unsigned.zero, c = Unsigned.zero, s = Unsigned.zero
            for v in 0..<8 {
                let divisor = UInt32(table[v * 8 + u] * 8)
                var bits = UInt32(31 - divisor.leadingZeroBitCount)   // ⌊log₂ d⌋
                var shift = 16 + bits
                var reciprocal = (UInt32(1) << shift) / divisor
                let remainder = (UInt32(1) << shift) % divisor
                var rounding = divisor / 2
                if remainder == 0 {
                    // A power of two: 2^(16+b)/d = 2¹⁶ does not fit, use 2¹⁵ one bit lower.
                    reciprocal >>= 1
                    shift -= 1
                    bits -= 1
                } else if remainder <= divisor / 2 {
                    rounding += 1
                } else {
                    reciprocal += 1
                }
                r[v] = UInt16(reciprocal)
                c[v] = UInt16(rounding)
                s[v] = UInt16(UInt32(1) << (32 - shift))
            }
            (reciprocals + u).initialize(to: r)
            (corrections + u).initialize(to: c)
            (scales + u).initialize(to: s)
        }
    }

    deinit {
        reciprocals.deallocate()
        corrections.deallocate()
        scales.deallocate()
    }

    /// The high 16 bits of the lane products (`pmulhuw`).
    @inline(__always)
    private static func multiplyHigh(_ a: Unsigned, _ b: Unsigned) -> Unsigned {
        let low = SIMD8<UInt32>(UInt32(a[0]), UInt32(a[1]), UInt32(a[2]), UInt32(a[3]),
                                UInt32(a[4]), UInt32(a[5]), UInt32(a[6]), UInt32(a[7]))
        let high = SIMD8<UInt32>(UInt32(b[0]), UInt32(b[1]), UInt32(b[2]), UInt32(b[3]),
                                 UInt32(b[4]), UInt32(b[5]), UInt32(b[6]), UInt32(b[7]))
        let p = (low &* high) &>> 16
        return Unsigned(UInt16(truncatingIfNeeded: p[0]), UInt16(truncatingIfNeeded: p[1]),
                        UInt16(truncatingIfNeeded: p[2]), UInt16(truncatingIfNeeded: p[3]),
                        UInt16(truncatingIfNeeded: p[4]), UInt16(truncatingIfNeeded: p[5]),
                        UInt16(truncatingIfNeeded: p[6]), UInt16(truncatingIfNeeded: p[7]))
    }

    /// Eight bits, bit v set when lane v is non-zero.
    @inline(__always)
    static func nonZeroBits(_ x: Lanes) -> UInt64 {
        // The sign bit of x | −x is set exactly when x ≠ 0. Plain lane arithmetic: the SIMD
        // comparison operators build their mask lane by lane through memory here.
        let ones = unsafeBitCast(x | (0 &- x), to: Unsigned.self) &>> 15
        let bytes = SIMD8<UInt8>(UInt8(truncatingIfNeeded: ones[0]), UInt8(truncatingIfNeeded: ones[1]),
                                 UInt8(truncatingIfNeeded: ones[2]), UInt8(truncatingIfNeeded: ones[3]),
                                 UInt8(truncatingIfNeeded: ones[4]), UInt8(truncatingIfNeeded: ones[5]),
                                 UInt8(truncatingIfNeeded: ones[6]), UInt8(truncatingIfNeeded: ones[7]))
        // Byte i (0 or 1) lands on bit 56 + i, with no carries into those bits.
        return (unsafeBitCast(bytes, to: UInt64.self) &* 0x0102_0408_1020_4080) &>> 56
    }

    /// Quantises vector `u` and stores it at `out + 8u`; returns its non-zero lanes as bits.
    @inline(__always)
    private func quantize(_ x: Lanes, _ u: Int, into out: UnsafeMutablePointer<Int16>) -> UInt64 {
        let sign = x &>> 15
        let magnitude = unsafeBitCast((x ^ sign) &- sign, to: Unsigned.self)
        let scaled = Self.multiplyHigh(Self.multiplyHigh(magnitude &+ corrections[u], reciprocals[u]), scales[u])
        let signed = (unsafeBitCast(scaled, to: Lanes.self) ^ sign) &- sign
        UnsafeMutableRawPointer(out).storeBytes(of: signed, toByteOffset: u &* 16, as: Lanes.self)
        return Self.nonZeroBits(signed)
    }

    /// Quantises the eight vectors into `out` (transposed order) and returns the zigzag mask
    /// of the non-zero AC coefficients (bit k for zigzag position k, bit 0 clear).
    @inline(__always)
    func quantize(_ e: JPEGForwardDCT.Block, into out: UnsafeMutablePointer<Int16>) -> UInt64 {
        var mask = spread[Int(truncatingIfNeeded: quantize(e.0, 0, into: out))]
        mask |= spread[256 &+ Int(truncatingIfNeeded: quantize(e.1, 1, into: out))]
        mask |= spread[512 &+ Int(truncatingIfNeeded: quantize(e.2, 2, into: out))]
        mask |= spread[768 &+ Int(truncatingIfNeeded: quantize(e.3, 3, into: out))]
        mask |= spread[1024 &+ Int(truncatingIfNeeded: quantize(e.4, 4, into: out))]
        mask |= spread[1280 &+ Int(truncatingIfNeeded: quantize(e.5, 5, into: out))]
        mask |= spread[1536 &+ Int(truncatingIfNeeded: quantize(e.6, 6, into: out))]
        mask |= spread[1792 &+ Int(truncatingIfNeeded: quantize(e.7, 7, into: out))]
        return mask & ~1
    }
}

/// The zigzag order in the transposed layout the quantiser stores.
enum JPEGZigzag {
    /// Zigzag position k → index u · 8 + v of that coefficient (row v, column u). Made once,
    /// never freed.
    // Safety: written only inside this initialiser, before the pointer is published; read-only
    // afterwards, so sharing it between threads is safe.
    nonisolated(unsafe) static let transposed: UnsafePointer<Int> = {
        let table = UnsafeMutablePointer<Int>.allocate(capacity: 64)
        for (zigzag, natural) in JPEGQuantTables.zigzagToNatural.enumerated() {
            table[zigzag] = (natural % 8) * 8 + natural / 8
        }
        return UnsafePointer(table)
    }()

    /// For vector u and its 8-bit non-zero pattern p (bit v = lane v): entry u · 256 + p is
    /// that pattern's bits at their zigzag positions. Eight look-ups OR'ed make a block's mask
    /// (16 KiB, made once, never freed).
    // Safety: as for ``transposed``: written before publication, read-only afterwards.
    nonisolated(unsafe) static let spread: UnsafePointer<UInt64> = {
        var zigzagOf = [Int](repeating: 0, count: 64)
        for (zigzag, natural) in JPEGQuantTables.zigzagToNatural.enumerated() { zigzagOf[natural] = zigzag }
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: 8 * 256)
        for u in 0..<8 {
            for pattern in 0..<256 {
                var bits: UInt64 = 0
                for v in 0..<8 where pattern & (1 << v) != 0 { bits |= 1 << UInt64(zigzagOf[v * 8 + u]) }
                table[u * 256 + pattern] = bits
            }
        }
        return UnsafePointer(table)
    }()
}
