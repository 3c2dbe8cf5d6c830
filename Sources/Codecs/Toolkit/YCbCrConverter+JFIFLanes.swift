import OspreyCore
/// JFIF YCbCr → RGBA eight pixels at a time in 16-bit lanes (eight to an SSE2 register): the
/// ``YCbCrConverter/Matrix/jfif`` row path, JPEG's hot loop. The pixels are bit for bit those of
/// ``YCbCrConverter/jfif(y:cb:cr:)``
/// (libjpeg-turbo's `jdcolor.c`): each 2¹⁶-scaled product is split so that its parts are exact
/// in 16 bits, with Cx′ = Cx − 128:
///
/// - R = Y + ⌊(91 881·Cr′ + 2¹⁵) / 2¹⁶⌋ = Y + Cr′ + ⌊(⌊26 345·2Cr′ / 2¹⁶⌋ + 1) / 2⌋, since
///   91 881 = 2¹⁶ + 26 345 and ⌊(x + 2¹⁶)/2¹⁷⌋ = ⌊(⌊x/2¹⁶⌋ + 1)/2⌋ for any integer x — and
///   ⌊26 345·2Cr′ / 2¹⁶⌋ is one signed multiply-high (`pmulhw`);
/// - B likewise with 116 130 = 2¹⁷ − 14 942;
/// - G = Y − Cr′ + ⌊(−22 554·Cb′ + 18 734·Cr′ + 2¹⁵) / 2¹⁶⌋ (46 802 = 2¹⁶ − 18 734): a sum of
///   two products has no such split, so it is summed in 32-bit lanes, where both multipliers
///   fitting in 16 bits makes each product one `pmaddwd` on x86-64's baseline.
extension YCbCrConverter {
    fileprivate typealias Lanes16 = SIMD8<Int16>
    fileprivate typealias Lanes32 = SIMD8<Int32>

    // Conversions written lane by lane: LLVM makes them unpacks and packs, where the stdlib's
    // generic conversions (loops) may stay calls inside a large function.

    @inline(__always)
    fileprivate static func load16(_ p: UnsafePointer<UInt8>) -> Lanes16 {
        let x = UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt8>.self)
        return Lanes16(Int16(x[0]), Int16(x[1]), Int16(x[2]), Int16(x[3]), Int16(x[4]), Int16(x[5]), Int16(x[6]), Int16(x[7]))
    }

    @inline(__always)
    fileprivate static func widen(_ x: Lanes16) -> Lanes32 {
        Lanes32(Int32(x[0]), Int32(x[1]), Int32(x[2]), Int32(x[3]), Int32(x[4]), Int32(x[5]), Int32(x[6]), Int32(x[7]))
    }

    @inline(__always)
    fileprivate static func narrow(_ x: Lanes32) -> Lanes16 {
        Lanes16(Int16(truncatingIfNeeded: x[0]), Int16(truncatingIfNeeded: x[1]), Int16(truncatingIfNeeded: x[2]),
                Int16(truncatingIfNeeded: x[3]), Int16(truncatingIfNeeded: x[4]), Int16(truncatingIfNeeded: x[5]),
                Int16(truncatingIfNeeded: x[6]), Int16(truncatingIfNeeded: x[7]))
    }

    /// ⌊x · m / 2¹⁶⌋ per lane (a signed multiply-high; the product fits in 32 bits).
    @inline(__always)
    fileprivate static func multiplyHigh(_ x: Lanes16, _ m: Int32) -> Lanes16 {
        narrow((widen(x) &* m) &>> 16)
    }

    /// Clamps to 0…255 without comparisons (the sign bit makes the masks).
    @inline(__always)
    fileprivate static func clampByte(_ v: Lanes16) -> Lanes16 {
        let positive = v & ~(v &>> 15)
        return (positive | ((255 &- positive) &>> 15)) & 255
    }

    /// Writes `count` RGBA pixels (alpha 255) from full-resolution `y`, `cb`, `cr` rows.
    static func convertJFIFRow(y: UnsafePointer<UInt8>, cb: UnsafePointer<UInt8>, cr: UnsafePointer<UInt8>,
                               into rgba: UnsafeMutablePointer<UInt8>, count: Int) {
        let pixels = UnsafeMutableRawPointer(rgba)
        // The lane store writes each pixel as little-endian halves.
        #if _endian(little)
        let vectorEnd = count & ~7
        #else
        let vectorEnd = 0
        #endif
        let half = Lanes32(repeating: 32_768)
        let alpha = Lanes16(repeating: -256)   // 0xFF00: alpha 255 above blue
        var i = 0
        while i < vectorEnd {
            let luma = load16(y + i), blue = load16(cb + i) &- 128, red = load16(cr + i) &- 128
            let r = luma &+ red &+ ((multiplyHigh(red &<< 1, 26_345) &+ 1) &>> 1)
            let b = luma &+ (blue &<< 1) &+ ((multiplyHigh(blue &<< 1, -14_942) &+ 1) &>> 1)
            let gTerm = narrow((widen(blue) &* -22_554 &+ widen(red) &* 18_734 &+ half) &>> 16)
            let g = luma &- red &+ gTerm
            let rg = clampByte(r) | clampByte(g) &<< 8, ba = clampByte(b) | alpha
            let words = SIMD16<Int16>(rg[0], ba[0], rg[1], ba[1], rg[2], ba[2], rg[3], ba[3],
                                      rg[4], ba[4], rg[5], ba[5], rg[6], ba[6], rg[7], ba[7])
            pixels.storeBytes(of: words, toByteOffset: i &* 4, as: SIMD16<Int16>.self)
            i &+= 8
        }
        while i < count {
            let (r, g, b) = jfif(y: Int(y[i]), cb: Int(cb[i]), cr: Int(cr[i]))
            let word = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | 0xFF00_0000
            pixels.storeBytes(of: word.littleEndian, toByteOffset: i &* 4, as: UInt32.self)
            i &+= 1
        }
    }
}
