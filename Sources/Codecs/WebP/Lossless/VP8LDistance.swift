import OspreyCore
/// LZ77 prefix coding of WebP lossless (RFC 9649 §3.5.2): how a length or distance symbol
/// and its extra bits become a value, and how the first 120 distance codes map to nearby
/// pixels in two dimensions.
enum VP8LDistance {
    /// The (dx, dy) neighbourhood of distance codes 1…120, nearest first: code `c` points at
    /// the pixel `dy` rows up and `dx` columns left (negative: right) of the current one.
    static let neighbourhood: [(dx: Int, dy: Int)] = [
        (0, 1), (1, 0), (1, 1), (-1, 1), (0, 2), (2, 0), (1, 2), (-1, 2), (2, 1), (-2, 1),
        (2, 2), (-2, 2), (0, 3), (3, 0), (1, 3), (-1, 3), (3, 1), (-3, 1), (2, 3), (-2, 3),
        (3, 2), (-3, 2), (0, 4), (4, 0), (1, 4), (-1, 4), (4, 1), (-4, 1), (3, 3), (-3, 3),
        (2, 4), (-2, 4), (4, 2), (-4, 2), (0, 5), (3, 4), (-3, 4), (4, 3), (-4, 3), (5, 0),
        (1, 5), (-1, 5), (5, 1), (-5, 1), (2, 5), (-2, 5), (5, 2), (-5, 2), (4, 4), (-4, 4),
        (3, 5), (-3, 5), (5, 3), (-5, 3), (0, 6), (6, 0), (1, 6), (-1, 6), (6, 1), (-6, 1),
        (2, 6), (-2, 6), (6, 2), (-6, 2), (4, 5), (-4, 5), (5, 4), (-5, 4), (3, 6), (-3, 6),
        (6, 3), (-6, 3), (0, 7), (7, 0), (1, 7), (-1, 7), (5, 5), (-5, 5), (7, 1), (-7, 1),
        (4, 6), (-4, 6), (6, 4), (-6, 4), (2, 7), (-2, 7), (7, 2), (-7, 2), (3, 7), (-3, 7),
        (7, 3), (-7, 3), (5, 6), (-5, 6), (6, 5), (-6, 5), (8, 0), (4, 7), (-4, 7), (7, 4),
        (-7, 4), (8, 1), (8, 2), (6, 6), (-6, 6), (8, 3), (5, 7), (-5, 7), (7, 5), (-7, 5),
        (8, 4), (6, 7), (-6, 7), (7, 6), (-7, 6), (8, 5), (7, 7), (-7, 7), (8, 6), (8, 7),
    ]

    /// The value of length or distance prefix `symbol` (0…39), reading its extra bits.
    @inline(__always)
    static func value(_ symbol: Int, _ reader: inout LSBBitReader) throws(ImageError) -> Int {
        if symbol < 4 { return symbol + 1 }
        let extraBits = (symbol - 2) >> 1
        let offset = (2 + (symbol & 1)) << extraBits
        return offset + (try reader.read(extraBits)) + 1
    }

    /// The linear distance (in pixels back) of distance code `code` in an image `width` wide:
    /// codes above 120 are plain distances; the first 120 index ``neighbourhood``. A result
    /// below 1 becomes 1, as the format says.
    @inline(__always)
    static func linear(code: Int, width: Int) -> Int {
        if code > 120 { return code - 120 }
        let (dx, dy) = neighbourhood[code - 1]
        return max(1, dy * width + dx)
    }
}
