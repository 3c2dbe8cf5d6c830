/// The few 8-lane integer operations the thumbnail's colour conversion needs, written with
/// element-wise initialisers and concrete lane operators only.
///
/// The standard library's generic SIMD conversions (`init(truncatingIfNeeded:)` between lane
/// types) and `clamped(lowerBound:upperBound:)` end up as out-of-line calls in a release build,
/// which hides from LLVM that `(v · c) >> 16` on widened 16-bit lanes is one `pmulhuw`; these
/// spell the same operations so that they inline and fold into single vector instructions.
enum VP8Lanes {
    /// Zero-extends 8 bytes to 16-bit lanes.
    @inline(__always)
    static func widen(_ v: SIMD8<UInt8>) -> SIMD8<UInt16> {
        SIMD8(UInt16(v[0]), UInt16(v[1]), UInt16(v[2]), UInt16(v[3]),
              UInt16(v[4]), UInt16(v[5]), UInt16(v[6]), UInt16(v[7]))
    }

    /// The high half of each 32-bit product `v · c` (`c` < 2^16): `pmulhuw`.
    @inline(__always)
    static func multiplyHigh(_ v: SIMD8<UInt16>, _ c: UInt32) -> SIMD8<UInt16> {
        @inline(__always) func lane(_ x: UInt16) -> UInt16 { UInt16(truncatingIfNeeded: (UInt32(x) &* c) &>> 16) }
        return SIMD8(lane(v[0]), lane(v[1]), lane(v[2]), lane(v[3]), lane(v[4]), lane(v[5]), lane(v[6]), lane(v[7]))
    }

    /// The same bits read as signed lanes.
    @inline(__always)
    static func signed(_ v: SIMD8<UInt16>) -> SIMD8<Int16> {
        unsafeBitCast(v, to: SIMD8<Int16>.self)
    }

    /// Each lane clamped to 0…255.
    @inline(__always)
    static func clampToByte(_ v: SIMD8<Int16>) -> SIMD8<Int16> {
        let low = SIMD8<Int16>(repeating: 0), high = SIMD8<Int16>(repeating: 255)
        let raised = v.replacing(with: low, where: v .< low)
        return raised.replacing(with: high, where: raised .> high)
    }
}
