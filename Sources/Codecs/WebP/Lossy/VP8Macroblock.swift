/// What a macroblock header says (RFC 6386 §19.3): its segment, whether it has coefficients,
/// and its prediction modes.
struct VP8Macroblock {
    /// Segment 0…3 (quantiser and filter set).
    var segment = 0
    /// The header's skip flag: no coefficients are coded for this macroblock.
    var skipsCoefficients = false
    /// 4×4 (B_PRED) prediction per sub-block rather than one 16×16 mode.
    var usesSubblocks = false
    /// The 16×16 luma mode (``VP8Mode``), when not ``usesSubblocks``.
    var lumaMode = 0
    /// The chroma mode.
    var chromaMode = 0
    /// The 16 sub-block modes in raster order, when ``usesSubblocks``.
    var subblockModes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    /// Sub-block `index`'s mode.
    func subblockMode(_ index: Int) -> Int {
        withUnsafeBytes(of: subblockModes) { Int($0[index]) }
    }
}

extension VP8BoolDecoder {
    /// Reads one key-frame macroblock header. `above` holds the 4 sub-block modes of the
    /// bottom row of the macroblock above, `left` the 4 of the right column of the one to the
    /// left (both updated; a 16×16 mode counts as that mode for all four, as in libwebp).
    mutating func macroblockHeader(segmentProbabilities: [Int]?, skipProbability: Int?,
                                   above: UnsafeMutablePointer<UInt8>,
                                   left: UnsafeMutablePointer<UInt8>) -> VP8Macroblock {
        // A local copy the compiler can keep in registers, as in the token reader.
        var reader = self
        defer { self = reader }
        var mb = VP8Macroblock()
        if let p = segmentProbabilities {
            mb.segment = !reader.bit(p[0]) ? (reader.bit(p[1]) ? 1 : 0) : (reader.bit(p[2]) ? 3 : 2)
        }
        if let p = skipProbability { mb.skipsCoefficients = reader.bit(p) }
        mb.usesSubblocks = !reader.bit(145)
        if !mb.usesSubblocks {
            let mode = reader.bit(156) ? (reader.bit(128) ? VP8Mode.trueMotion : VP8Mode.horizontal)
                : (reader.bit(163) ? VP8Mode.vertical : VP8Mode.dc)
            mb.lumaMode = mode
            above.update(repeating: UInt8(mode), count: 4)
            left.update(repeating: UInt8(mode), count: 4)
        } else {
            VP8Tables.subblockModeProbabilities.withUnsafeBufferPointer { table in
                withUnsafeMutableBytes(of: &mb.subblockModes) { modes in
                    for y in 0..<4 {
                        var mode = Int(left[y])
                        for x in 0..<4 {
                            let p = table.baseAddress! + (Int(above[x]) * 10 + mode) * 9
                            mode = reader.subblockMode(p)
                            above[x] = UInt8(mode)
                            modes[y * 4 + x] = UInt8(mode)
                        }
                        left[y] = UInt8(mode)
                    }
                }
            }
        }
        mb.chromaMode = !reader.bit(142) ? VP8Mode.dc : !reader.bit(114) ? VP8Mode.vertical
            : reader.bit(183) ? VP8Mode.trueMotion : VP8Mode.horizontal
        return mb
    }

    /// The sub-block mode tree (RFC 6386 §11.2) with node probabilities `p`.
    @inline(__always)
    private mutating func subblockMode(_ p: UnsafePointer<UInt8>) -> Int {
        if !bit(Int(p[0])) { return VP8Mode.dc }
        if !bit(Int(p[1])) { return VP8Mode.trueMotion }
        if !bit(Int(p[2])) { return VP8Mode.vertical }
        if !bit(Int(p[3])) {
            if !bit(Int(p[4])) { return VP8Mode.horizontal }
            return !bit(Int(p[5])) ? VP8Mode.downRight : VP8Mode.verticalRight
        }
        if !bit(Int(p[6])) { return VP8Mode.downLeft }
        if !bit(Int(p[7])) { return VP8Mode.verticalLeft }
        return !bit(Int(p[8])) ? VP8Mode.horizontalDown : VP8Mode.horizontalUp
    }
}
