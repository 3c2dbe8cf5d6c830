/// The VP8 loop filters (RFC 6386 §15), in libwebp's exact arithmetic: the simple filter
/// (luma only, two pixels per edge) and the normal filter (six pixels across macroblock
/// edges, four across inner edges, with the high-edge-variance switch).
///
/// Every function filters `count` positions along one edge; `step` crosses the edge (1 for
/// a vertical edge, the row stride for a horizontal one) and `along` moves along it.
enum VP8LoopFilter {
    @inline(__always) private static func signedClip(_ v: Int) -> Int { v < -128 ? -128 : v > 127 ? 127 : v }
    @inline(__always) private static func clip16(_ v: Int) -> Int { v < -16 ? -16 : v > 15 ? 15 : v }
    @inline(__always) private static func pixel(_ v: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: v < 0 ? 0 : v > 255 ? 255 : v)
    }

    /// Adjusts p0 and q0 (libwebp `do_filter2`).
    @inline(__always)
    private static func filter2(_ p: UnsafeMutablePointer<UInt8>, _ step: Int) {
        let p1 = Int(p[-2 &* step]), p0 = Int(p[-step]), q0 = Int(p[0]), q1 = Int(p[step])
        let a = 3 &* (q0 &- p0) &+ signedClip(p1 &- q1)
        let a1 = clip16((a &+ 4) >> 3)
        let a2 = clip16((a &+ 3) >> 3)
        p[-step] = pixel(p0 &+ a2)
        p[0] = pixel(q0 &- a1)
    }

    /// Adjusts p1…q1 (libwebp `do_filter4`, inner edges without high variance).
    @inline(__always)
    private static func filter4(_ p: UnsafeMutablePointer<UInt8>, _ step: Int) {
        let p1 = Int(p[-2 &* step]), p0 = Int(p[-step]), q0 = Int(p[0]), q1 = Int(p[step])
        let a = 3 &* (q0 &- p0)
        let a1 = clip16((a &+ 4) >> 3)
        let a2 = clip16((a &+ 3) >> 3)
        let a3 = (a1 &+ 1) >> 1
        p[-2 &* step] = pixel(p1 &+ a3)
        p[-step] = pixel(p0 &+ a2)
        p[0] = pixel(q0 &- a1)
        p[step] = pixel(q1 &- a3)
    }

    /// Adjusts p2…q2 (libwebp `do_filter6`, macroblock edges without high variance).
    @inline(__always)
    private static func filter6(_ p: UnsafeMutablePointer<UInt8>, _ step: Int) {
        let p2 = Int(p[-3 &* step]), p1 = Int(p[-2 &* step]), p0 = Int(p[-step])
        let q0 = Int(p[0]), q1 = Int(p[step]), q2 = Int(p[2 &* step])
        let a = signedClip(3 &* (q0 &- p0) &+ signedClip(p1 &- q1))
        let a1 = (27 &* a &+ 63) >> 7
        let a2 = (18 &* a &+ 63) >> 7
        let a3 = (9 &* a &+ 63) >> 7
        p[-3 &* step] = pixel(p2 &+ a3)
        p[-2 &* step] = pixel(p1 &+ a2)
        p[-step] = pixel(p0 &+ a1)
        p[0] = pixel(q0 &- a1)
        p[step] = pixel(q1 &- a2)
        p[2 &* step] = pixel(q2 &- a3)
    }

    @inline(__always)
    private static func highVariance(_ p: UnsafeMutablePointer<UInt8>, _ step: Int, _ threshold: Int) -> Bool {
        let p1 = Int(p[-2 &* step]), p0 = Int(p[-step]), q0 = Int(p[0]), q1 = Int(p[step])
        return abs(p1 &- p0) > threshold || abs(q1 &- q0) > threshold
    }

    @inline(__always)
    private static func needsFilter(_ p: UnsafeMutablePointer<UInt8>, _ step: Int, _ t: Int) -> Bool {
        let p1 = Int(p[-2 &* step]), p0 = Int(p[-step]), q0 = Int(p[0]), q1 = Int(p[step])
        return 4 &* abs(p0 &- q0) &+ abs(p1 &- q1) <= t
    }

    @inline(__always)
    private static func needsFilter2(_ p: UnsafeMutablePointer<UInt8>, _ step: Int, _ t: Int, _ it: Int) -> Bool {
        let p3 = Int(p[-4 &* step]), p2 = Int(p[-3 &* step]), p1 = Int(p[-2 &* step]), p0 = Int(p[-step])
        let q0 = Int(p[0]), q1 = Int(p[step]), q2 = Int(p[2 &* step]), q3 = Int(p[3 &* step])
        if 4 &* abs(p0 &- q0) &+ abs(p1 &- q1) > t { return false }
        return abs(p3 &- p2) <= it && abs(p2 &- p1) <= it && abs(p1 &- p0) <= it
            && abs(q3 &- q2) <= it && abs(q2 &- q1) <= it && abs(q1 &- q0) <= it
    }

    /// The simple filter along one edge of `count` pixels.
    static func simple(_ p: UnsafeMutablePointer<UInt8>, step: Int, along: Int, count: Int, limit: Int) {
        let t = 2 &* limit &+ 1
        for i in 0..<count {
            let q = p + i &* along
            if needsFilter(q, step, t) { filter2(q, step) }
        }
    }

    /// The normal filter across a macroblock edge.
    static func macroblockEdge(_ p: UnsafeMutablePointer<UInt8>, step: Int, along: Int, count: Int,
                               limit: Int, interior: Int, hevThreshold: Int) {
        let t = 2 &* limit &+ 1
        for i in 0..<count {
            let q = p + i &* along
            guard needsFilter2(q, step, t, interior) else { continue }
            if highVariance(q, step, hevThreshold) { filter2(q, step) } else { filter6(q, step) }
        }
    }

    /// The normal filter across an inner (sub-block) edge.
    static func innerEdge(_ p: UnsafeMutablePointer<UInt8>, step: Int, along: Int, count: Int,
                          limit: Int, interior: Int, hevThreshold: Int) {
        let t = 2 &* limit &+ 1
        for i in 0..<count {
            let q = p + i &* along
            guard needsFilter2(q, step, t, interior) else { continue }
            if highVariance(q, step, hevThreshold) { filter2(q, step) } else { filter4(q, step) }
        }
    }
}
