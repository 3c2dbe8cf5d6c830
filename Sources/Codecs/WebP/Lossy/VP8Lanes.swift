/// The few 8-lane integer operations the thumbnail's colour conversion needs, written with
/// element-wise initialisers and concrete lane operators only.
///
/// The standard library's generic SIMD conversions (`init(truncatingIfNeeded:)` between lane
/// types) and `clamped(lowerBound:upperBound:)` end up as out-of-line calls in a release build,
/// which hides from LLVM that `(v · c) >> 16` on widened 16-bit lanes is one `pmulhuw`; these
/// spell the same operations so that they inline and fold into single vector instructions.
enum VP8Lanes {
    /// The 8 bytes at `bytes`, each in the high byte of a 16-bit lane (`b << 8`), by an
    /// interleave with zeros: spelt as a widening and a shift, LLVM folds the shift into the
    /// multiplications that follow and loses ``multiplyHigh(_:_:)``'s `pmulhuw`.
    @inline(__always)
    static func inHighBytes(_ bytes: UnsafePointer<UInt8>) -> SIMD8<UInt16> {
        let b = UnsafeRawPointer(bytes).loadUnaligned(as: SIMD8<UInt8>.self)
        let spread = SIMD16<UInt8>(0, b[0], 0, b[1], 0, b[2], 0, b[3], 0, b[4], 0, b[5], 0, b[6], 0, b[7])
        return unsafeBitCast(spread, to: SIMD8<UInt16>.self)
    }

    /// Sums of `span` (1, 2, 4 or 8) neighbouring lanes: lane `k` of the result holds lanes
    /// `k · span ..< (k + 1) · span` of `v` for `k < 8 / span` (the other lanes are not meaningful).
    @inline(__always)
    static func sumAdjacent(_ v: SIMD8<UInt16>, span: Int) -> SIMD8<UInt16> {
        var v = v, width = 1
        while width < span {
            v = SIMD8(v[0] &+ v[1], v[2] &+ v[3], v[4] &+ v[5], v[6] &+ v[7], 0, 0, 0, 0)
            width &<<= 1
        }
        return v
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
