/// Intra prediction (RFC 6386 §12) into the macroblock work area, whose rows are
/// ``VP8Prediction/stride`` bytes apart and whose row -1 and column -1 hold the edge pixels
/// (libwebp's conventions: 127 above the frame, 129 left of it).
enum VP8Prediction {
    /// Distance between rows of the work area (libwebp's `BPS`).
    static let stride = 32

    @inline(__always) private static func avg3(_ a: Int, _ b: Int, _ c: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (a &+ 2 &* b &+ c &+ 2) >> 2)
    }
    @inline(__always) private static func avg2(_ a: Int, _ b: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: (a &+ b &+ 1) >> 1)
    }
    @inline(__always) private static func clip(_ v: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: v < 0 ? 0 : v > 255 ? 255 : v)
    }

    /// Fills a `size` × `size` block with `value`.
    @inline(__always) private static func fill(_ dst: UnsafeMutablePointer<UInt8>, _ size: Int, _ value: Int) {
        let byte = UInt8(truncatingIfNeeded: value)
        for y in 0..<size { (dst + y &* stride).update(repeating: byte, count: size) }
    }

    /// 16×16 luma or 8×8 chroma prediction with a whole-block `mode` (DC variants included).
    static func predictBlock(_ dst: UnsafeMutablePointer<UInt8>, size: Int, mode: Int) {
        let top = dst - stride
        let shift = size == 16 ? 4 : 3
        switch mode {
        case VP8Mode.dc:
            var sum = size
            for i in 0..<size { sum &+= Int(top[i]) &+ Int(dst[i &* stride &- 1]) }
            fill(dst, size, sum >> (shift + 1))
        case VP8Mode.dcNoTop:
            var sum = size >> 1
            for i in 0..<size { sum &+= Int(dst[i &* stride &- 1]) }
            fill(dst, size, sum >> shift)
        case VP8Mode.dcNoLeft:
            var sum = size >> 1
            for i in 0..<size { sum &+= Int(top[i]) }
            fill(dst, size, sum >> shift)
        case VP8Mode.dcNoTopLeft:
            fill(dst, size, 0x80)
        case VP8Mode.vertical:
            for y in 0..<size { (dst + y &* stride).update(from: top, count: size) }
        case VP8Mode.horizontal:
            for y in 0..<size {
                let row = dst + y &* stride
                row.update(repeating: row[-1], count: size)
            }
        default:   // true motion
            trueMotion(dst, size)
        }
    }

    @inline(__always)
    private static func trueMotion(_ dst: UnsafeMutablePointer<UInt8>, _ size: Int) {
        let top = dst - stride
        let corner = Int(top[-1])
        for y in 0..<size {
            let row = dst + y &* stride
            let left = Int(row[-1]) &- corner
            for x in 0..<size { row[x] = clip(Int(top[x]) &+ left) }
        }
    }

    /// One 4×4 sub-block; `dst[-stride + 4…7]` must hold the above-right pixels.
    static func predictSubblock(_ dst: UnsafeMutablePointer<UInt8>, mode: Int) {
        let s = stride
        @inline(__always) func top(_ i: Int) -> Int { Int(dst[i &- s]) }
        @inline(__always) func left(_ j: Int) -> Int { Int(dst[j &* s &- 1]) }
        @inline(__always) func put(_ x: Int, _ y: Int, _ v: UInt8) { dst[x &+ y &* s] = v }
        switch mode {
        case VP8Mode.dc:
            var sum = 4
            for i in 0..<4 { sum &+= top(i) &+ left(i) }
            fill(dst, 4, sum >> 3)
        case VP8Mode.trueMotion:
            trueMotion(dst, 4)
        case VP8Mode.vertical:
            // Smoothed with the corner and the first above-right pixel.
            let values = (avg3(top(-1), top(0), top(1)), avg3(top(0), top(1), top(2)),
                          avg3(top(1), top(2), top(3)), avg3(top(2), top(3), top(4)))
            for y in 0..<4 { put(0, y, values.0); put(1, y, values.1); put(2, y, values.2); put(3, y, values.3) }
        case VP8Mode.horizontal:
            let a = top(-1), b = left(0), c = left(1), d = left(2), e = left(3)
            dst.update(repeating: avg3(a, b, c), count: 4)
            (dst + s).update(repeating: avg3(b, c, d), count: 4)
            (dst + 2 &* s).update(repeating: avg3(c, d, e), count: 4)
            (dst + 3 &* s).update(repeating: avg3(d, e, e), count: 4)
        case VP8Mode.downRight:
            let i = left(0), j = left(1), k = left(2), l = left(3), x = top(-1)
            let a = top(0), b = top(1), c = top(2), d = top(3)
            put(0, 3, avg3(j, k, l))
            let ijk = avg3(i, j, k); put(1, 3, ijk); put(0, 2, ijk)
            let xij = avg3(x, i, j); put(2, 3, xij); put(1, 2, xij); put(0, 1, xij)
            let axi = avg3(a, x, i); put(3, 3, axi); put(2, 2, axi); put(1, 1, axi); put(0, 0, axi)
            let bax = avg3(b, a, x); put(3, 2, bax); put(2, 1, bax); put(1, 0, bax)
            let cba = avg3(c, b, a); put(3, 1, cba); put(2, 0, cba)
            put(3, 0, avg3(d, c, b))
        case VP8Mode.downLeft:
            let a = top(0), b = top(1), c = top(2), d = top(3), e = top(4), f = top(5), g = top(6), h = top(7)
            put(0, 0, avg3(a, b, c))
            let bcd = avg3(b, c, d); put(1, 0, bcd); put(0, 1, bcd)
            let cde = avg3(c, d, e); put(2, 0, cde); put(1, 1, cde); put(0, 2, cde)
            let def = avg3(d, e, f); put(3, 0, def); put(2, 1, def); put(1, 2, def); put(0, 3, def)
            let efg = avg3(e, f, g); put(3, 1, efg); put(2, 2, efg); put(1, 3, efg)
            let fgh = avg3(f, g, h); put(3, 2, fgh); put(2, 3, fgh)
            put(3, 3, avg3(g, h, h))
        case VP8Mode.verticalRight:
            let i = left(0), j = left(1), k = left(2), x = top(-1)
            let a = top(0), b = top(1), c = top(2), d = top(3)
            let xa = avg2(x, a); put(0, 0, xa); put(1, 2, xa)
            let ab = avg2(a, b); put(1, 0, ab); put(2, 2, ab)
            let bc = avg2(b, c); put(2, 0, bc); put(3, 2, bc)
            put(3, 0, avg2(c, d))
            put(0, 3, avg3(k, j, i))
            put(0, 2, avg3(j, i, x))
            let ixa = avg3(i, x, a); put(0, 1, ixa); put(1, 3, ixa)
            let xab = avg3(x, a, b); put(1, 1, xab); put(2, 3, xab)
            let abc = avg3(a, b, c); put(2, 1, abc); put(3, 3, abc)
            put(3, 1, avg3(b, c, d))
        case VP8Mode.verticalLeft:
            let a = top(0), b = top(1), c = top(2), d = top(3), e = top(4), f = top(5), g = top(6), h = top(7)
            put(0, 0, avg2(a, b))
            let bc = avg2(b, c); put(1, 0, bc); put(0, 2, bc)
            let cd = avg2(c, d); put(2, 0, cd); put(1, 2, cd)
            let de = avg2(d, e); put(3, 0, de); put(2, 2, de)
            put(0, 1, avg3(a, b, c))
            let bcd = avg3(b, c, d); put(1, 1, bcd); put(0, 3, bcd)
            let cde = avg3(c, d, e); put(2, 1, cde); put(1, 3, cde)
            let def = avg3(d, e, f); put(3, 1, def); put(2, 3, def)
            put(3, 2, avg3(e, f, g))
            put(3, 3, avg3(f, g, h))
        case VP8Mode.horizontalUp:
            let i = left(0), j = left(1), k = left(2), l = left(3)
            put(0, 0, avg2(i, j))
            let jk = avg2(j, k); put(2, 0, jk); put(0, 1, jk)
            let kl = avg2(k, l); put(2, 1, kl); put(0, 2, kl)
            put(1, 0, avg3(i, j, k))
            let jkl = avg3(j, k, l); put(3, 0, jkl); put(1, 1, jkl)
            let kll = avg3(k, l, l); put(3, 1, kll); put(1, 2, kll)
            let last = UInt8(truncatingIfNeeded: l)
            put(3, 2, last); put(2, 2, last); put(0, 3, last); put(1, 3, last); put(2, 3, last); put(3, 3, last)
        default:   // horizontal down
            let i = left(0), j = left(1), k = left(2), l = left(3), x = top(-1)
            let a = top(0), b = top(1), c = top(2)
            let ix = avg2(i, x); put(0, 0, ix); put(2, 1, ix)
            let ji = avg2(j, i); put(0, 1, ji); put(2, 2, ji)
            let kj = avg2(k, j); put(0, 2, kj); put(2, 3, kj)
            put(0, 3, avg2(l, k))
            put(3, 0, avg3(a, b, c))
            put(2, 0, avg3(x, a, b))
            let ixa = avg3(i, x, a); put(1, 0, ixa); put(3, 1, ixa)
            let jix = avg3(j, i, x); put(1, 1, jix); put(3, 2, jix)
            let kji = avg3(k, j, i); put(1, 2, kji); put(3, 3, kji)
            put(1, 3, avg3(l, k, j))
        }
    }
}
