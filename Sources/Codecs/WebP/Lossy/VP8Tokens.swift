/// DCT token decoding (RFC 6386 §13): one 4×4 block's coefficients, dequantised.
extension VP8BoolDecoder {
    /// Block types, the first index of the coefficient probabilities.
    static let typeY16AC = 0, typeY2 = 1, typeChroma = 2, typeY4 = 3

    /// Reads the tokens of one block into `output` (raster order, already zeroed), each
    /// multiplied by `dcFactor` (position 0) or `acFactor`, stored as 16 bits as libwebp does.
    ///
    /// - `bands`: where the frame's coefficient probabilities of this block type start for each
    ///   of the 17 positions (16 and one past; see ``VP8TokenContext/offsets``).
    /// - `context`: 0, 1 or 2 — how many of the blocks above and to the left had coefficients.
    /// - `first`: 1 for the luma blocks of a 16×16 macroblock (their DC is in Y2), else 0.
    /// - Returns the position after the last token read (0 = no coefficient): libwebp's `nz`,
    ///   which decides the neighbours' contexts and the inner loop filter.
    @inline(__always)
    mutating func coefficients(bands: UnsafePointer<UnsafePointer<UInt8>>, context: Int, first: Int,
                               dcFactor: Int, acFactor: Int, into output: UnsafeMutablePointer<Int16>) -> Int {
        // A local copy the compiler keeps in registers: `self` lives behind a pointer that the
        // stores to `output` might alias, so working on it would store the state after every bit.
        var reader = self
        defer { self = reader }
        var n = first
        var p = bands[n] + context &* 11
        while n < 16 {
            if !reader.bit(Int(p[0])) { return n }   // end of block
            while !reader.bit(Int(p[1])) {            // a zero coefficient
                n &+= 1
                if n == 16 { return 16 }
                p = bands[n]
            }
            let next = bands[n &+ 1]
            let magnitude: Int
            if !reader.bit(Int(p[2])) {
                magnitude = 1
                p = next + 11
            } else {
                magnitude = reader.largeMagnitude(p)
                p = next + 22
            }
            let value = reader.signed(magnitude) &* (n > 0 ? acFactor : dcFactor)
            output[VP8TokenContext.zigzag(n)] = Int16(truncatingIfNeeded: value)
            n &+= 1
        }
        return 16
    }

    /// A token of magnitude 2 or more: the rest of the token tree and the category's extra bits.
    ///
    /// Inlined into the token loop, so that the reader stays in registers (a call would take its
    /// address and store the state to memory after every bit); the extra bits, close to random,
    /// are read branch-free (``bitMask(_:)``).
    @inline(__always)
    private mutating func largeMagnitude(_ p: UnsafePointer<UInt8>) -> Int {
        if !bit(Int(p[3])) {
            if !bit(Int(p[4])) { return 2 }
            return 3 &- bitMask(Int(p[5]))
        }
        if !bit(Int(p[6])) {
            if !bit(Int(p[7])) { return 5 &- bitMask(159) }   // DCT_CAT1
            let two = bitMask(165) & 2                          // DCT_CAT2
            return 7 &+ two &- bitMask(145)
        }
        let high = 0 &- bitMask(Int(p[8]))
        let low = 0 &- bitMask(Int(p[9 &+ high]))
        let category = high &* 2 &+ low   // DCT_CAT3 … DCT_CAT6
        var extra = 0
        for index in VP8TokenContext.categoryStart(category)..<VP8TokenContext.categoryStart(category &+ 1) {
            extra = extra &+ extra &- bitMask(VP8TokenContext.categoryProbability(index))
        }
        return extra &+ 3 &+ (8 &<< category)
    }
}

/// Where each block type's probabilities start for each coefficient position (through its band).
enum VP8TokenContext {
    /// `offsets[type · 17 + n]`: offset of `[type][band(n)][0][0]` in the flattened table.
    static let offsets: [Int] = (0..<4).flatMap { type in
        VP8Tables.bands.map { band in (type * VP8Tables.bandCount + band) * VP8Tables.contextCount * VP8Tables.nodeCount }
    }

    /// Where large category `category`'s extra-bit probabilities start in
    /// ``categoryProbability(_:)`` (0…3; 4 gives the end of the last): 0, 3, 7, 12, 23.
    @inline(__always)
    static func categoryStart(_ category: Int) -> Int {
        let packed: UInt64 = 0x17_0C_07_03_00
        return Int(truncatingIfNeeded: (packed &>> UInt64(truncatingIfNeeded: category &* 8)) & 0xFF)
    }

    /// The CAT3…CAT6 extra-bit probabilities back to back (``VP8Tables/categoryProbabilities``),
    /// without an array lookup in the token loop.
    @inline(__always)
    static func categoryProbability(_ index: Int) -> Int {
        withUnsafeBytes(of: categoryTable) { Int($0[index]) }
    }
    private static let categoryTable: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                                       UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
        (173, 148, 140, 176, 155, 140, 135, 180, 157, 141, 134, 130,
         254, 254, 243, 230, 196, 177, 153, 140, 133, 130, 129)

    /// Raster position of the n-th coefficient (the zigzag table, unchecked).
    @inline(__always)
    static func zigzag(_ n: Int) -> Int {
        // 4 bits per entry: 0, 1, 4, 8, 5, 2, 3, 6, 9, 12, 13, 10, 7, 11, 14, 15.
        let packed: UInt64 = 0xFE_B7AD_C963_2584_10
        return Int(truncatingIfNeeded: (packed &>> UInt64(truncatingIfNeeded: n &* 4)) & 0xF)
    }
}
