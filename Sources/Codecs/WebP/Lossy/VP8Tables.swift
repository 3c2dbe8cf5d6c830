/// The constant tables of the VP8 key-frame bitstream (RFC 6386): quantiser steps,
/// coefficient bands, the zigzag order, and the extra-bits probabilities of the large
/// coefficient categories. The probability tables are in `VP8Tables+Probabilities.swift`.
package enum VP8Tables {
    /// DC quantiser step per index 0…127 (RFC 6386 §14.1, `dc_qlookup`).
    static let dcQuant: [Int] = [
        4, 5, 6, 7, 8, 9, 10, 10, 11, 12, 13, 14, 15, 16, 17,
        17, 18, 19, 20, 20, 21, 21, 22, 22, 23, 23, 24, 25, 25, 26,
        27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 37, 38, 39, 40,
        41, 42, 43, 44, 45, 46, 46, 47, 48, 49, 50, 51, 52, 53, 54,
        55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69,
        70, 71, 72, 73, 74, 75, 76, 76, 77, 78, 79, 80, 81, 82, 83,
        84, 85, 86, 87, 88, 89, 91, 93, 95, 96, 98, 100, 101, 102, 104,
        106, 108, 110, 112, 114, 116, 118, 122, 124, 126, 128, 130, 132, 134, 136,
        138, 140, 143, 145, 148, 151, 154, 157,
    ]

    /// AC quantiser step per index 0…127 (RFC 6386 §14.1, `ac_qlookup`).
    static let acQuant: [Int] = [
        4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
        19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33,
        34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48,
        49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 60, 62, 64, 66, 68,
        70, 72, 74, 76, 78, 80, 82, 84, 86, 88, 90, 92, 94, 96, 98,
        100, 102, 104, 106, 108, 110, 112, 114, 116, 119, 122, 125, 128, 131, 134,
        137, 140, 143, 146, 149, 152, 155, 158, 161, 164, 167, 170, 173, 177, 181,
        185, 189, 193, 197, 201, 205, 209, 213, 217, 221, 225, 229, 234, 239, 245,
        249, 254, 259, 264, 269, 274, 279, 284,
    ]

    /// The band of each coefficient position (RFC 6386 §13.3), plus a sentinel for position 16.
    static let bands: [Int] = [0, 1, 2, 3, 6, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 7, 0]

    /// Raster position of the n-th coefficient in decoding order (RFC 6386 §13.3).
    static let zigzag: [Int] = [0, 1, 4, 8, 5, 2, 3, 6, 9, 12, 13, 10, 7, 11, 14, 15]

    /// Probabilities of the extra bits of DCT_CAT3…CAT6 (RFC 6386 §13.2), most significant first.
    static let categoryProbabilities: [[Int]] = [
        [173, 148, 140],
        [176, 155, 140, 135],
        [180, 157, 141, 134, 130],
        [254, 254, 243, 230, 196, 177, 153, 140, 133, 130, 129],
    ]

    /// Coefficient probabilities are indexed `[type][band][context][node]`, flattened.
    static let typeCount = 4, bandCount = 8, contextCount = 3, nodeCount = 11
    static let coefficientProbabilityCount = typeCount * bandCount * contextCount * nodeCount
}
