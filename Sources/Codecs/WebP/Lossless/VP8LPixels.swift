import OspreyCore

extension VP8LStream {
    /// Decodes `width` × `height` entropy-coded pixels (RFC 9649 §5.2): literal ARGB, LZ77
    /// backward references (length and distance prefixes with extra bits, the 2-D distance
    /// map) and colour-cache hits; every decoded pixel enters the cache.
    ///
    /// A reference that reaches before the first pixel or past the last, a cache index out of
    /// range, or running out of input throws ``ImageError/Code/badImageData``.
    mutating func decodePixels(width: Int, height: Int, tables: VP8LCodeTables, map: VP8LGroupMap,
                               cacheBits: Int, mainImage: Bool) throws(ImageError) -> [UInt32] {
        let total = width * height
        var pixels = [UInt32](repeating: 0, count: total)
        var cache = [UInt32](repeating: 0, count: cacheBits == 0 ? 0 : 1 << cacheBits)
        var cursor = VP8LPixelCursor()
        try pixels.withUnsafeMutableBufferPointer { (out) throws(ImageError) in
            try cache.withUnsafeMutableBufferPointer { (cache) throws(ImageError) in
                try decodePixels(into: out.baseAddress!, width: width, total: total, until: total, cursor: &cursor,
                                 cache: cache, tables: tables, map: map, mainImage: mainImage)
            }
        }
        return pixels
    }

    /// Decodes pixels from `cursor` on until at least `limit` of the `total` pixels of `out`
    /// are decoded (a backward reference may go past it), and moves `cursor` there. `cache`
    /// holds `2^cacheBits` entries (or none), up to date for the pixels before
    /// `cursor.cached`. On a throw, `cursor` is unchanged and `out` and `cache` hold garbage
    /// past the cursor's pixels (a resuming caller restores both).
    mutating func decodePixels(into out: UnsafeMutablePointer<UInt32>, width: Int, total: Int, until limit: Int,
                               cursor: inout VP8LPixelCursor, cache: UnsafeMutableBufferPointer<UInt32>,
                               tables: VP8LCodeTables, map: VP8LGroupMap, mainImage: Bool) throws(ImageError) {
        try tables.table.withUnsafeBufferPointer { (table) throws(ImageError) in
            try tables.entries.withUnsafeBufferPointer { (entries) throws(ImageError) in
                try decodePixels(into: out, width: width, total: total, limit: limit, cursor: &cursor, cache: cache,
                                 table: table.baseAddress!, entries: entries.baseAddress!, map: map,
                                 mainImage: mainImage)
            }
        }
    }

    /// The pixel loop, on raw buffers: the group's five codes are `entries[5 g ..< 5 g + 5]`.
    @inline(__always)
    private mutating func decodePixels(into out: UnsafeMutablePointer<UInt32>, width: Int, total: Int, limit: Int,
                                       cursor: inout VP8LPixelCursor, cache: UnsafeMutableBufferPointer<UInt32>,
                                       table: UnsafePointer<UInt32>, entries: UnsafePointer<Int32>,
                                       map: VP8LGroupMap, mainImage: Bool) throws(ImageError) {
        let cacheSize = cache.count
        let cacheShift = UInt32(truncatingIfNeeded: 32 - (cacheSize == 0 ? 0 : cacheSize.trailingZeroBitCount))
        let tileMask = map.indices.isEmpty ? Int.max : (1 << map.bits) - 1
        var position = cursor.position, x = cursor.x, y = cursor.y
        var cached = cursor.cached   // pixels before this one are in the cache already
        var group = entries + 5 * map.group(x: x, y: y)
        var refreshGroup = false
        let end = min(limit, total)
        while position < end {
            if refreshGroup || x & tileMask == 0 {
                group = entries + 5 * map.group(x: x, y: y)
                refreshGroup = false
            }
            let green = try VP8LCodeTables.decode(group[0], table, &reader)
            if green < 256 {
                let red = try VP8LCodeTables.decode(group[1], table, &reader)
                let blue = try VP8LCodeTables.decode(group[2], table, &reader)
                let alpha = try VP8LCodeTables.decode(group[3], table, &reader)
                out[position] = UInt32(truncatingIfNeeded: alpha << 24 | red << 16 | green << 8 | blue)
                position &+= 1
                x &+= 1
            } else if green < 256 + 24 {
                let length = try VP8LDistance.value(green &- 256, &reader)
                let distanceCode = try VP8LDistance.value(try VP8LCodeTables.decode(group[4], table, &reader), &reader)
                let distance = VP8LDistance.linear(code: distanceCode, width: width)
                guard distance <= position, length <= total &- position else { throw ImageError(.badImageData) }
                // Overlapping copies repeat the pattern, so copy pixel by pixel, forwards.
                let source = out + (position &- distance)
                let destination = out + position
                for index in 0..<length { destination[index] = source[index] }
                position &+= length
                x &+= length
                refreshGroup = true
            } else {
                let key = green &- 280
                guard key < cacheSize else { throw ImageError(.badImageData) }
                // Bring the cache up to date before reading it.
                while cached < position {
                    let pixel = out[cached]
                    cache[Int((pixel &* 0x1E35_A7BD) &>> cacheShift)] = pixel
                    cached &+= 1
                }
                out[position] = cache[key]
                position &+= 1
                x &+= 1
            }
            if x >= width {
                y &+= x / width
                x %= width
                if mainImage { try cancellation?.check() }
            }
        }
        cursor = VP8LPixelCursor(position: position, x: x, y: y, cached: cached)
    }
}

/// Where the pixel loop stands: the next pixel (index and coordinates) and how many pixels
/// the colour cache has seen.
struct VP8LPixelCursor {
    var position = 0, x = 0, y = 0
    var cached = 0
}

/// Channel-wise arithmetic on ARGB pixels, as the lossless transforms use it.
enum VP8LPixel {
    /// Adds two pixels channel by channel, modulo 256.
    @inline(__always)
    static func add(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let alphaGreen = (a & 0xFF00_FF00) &+ (b & 0xFF00_FF00)
        let redBlue = (a & 0x00FF_00FF) &+ (b & 0x00FF_00FF)
        return alphaGreen & 0xFF00_FF00 | redBlue & 0x00FF_00FF
    }

    /// The channel-wise average of two pixels, rounded down.
    @inline(__always)
    static func average(_ a: UInt32, _ b: UInt32) -> UInt32 {
        (((a ^ b) & 0xFEFE_FEFE) >> 1) &+ (a & b)
    }
}
