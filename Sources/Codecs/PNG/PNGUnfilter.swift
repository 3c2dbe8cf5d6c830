import OspreyCore
/// Reverses the five PNG row filters (specification §9): each byte was stored as the
/// difference to a prediction from its left neighbour `a` (one pixel back), the byte above
/// `b` and the byte above-left `c`.
enum PNGUnfilter {
    /// Reconstructs `count` bytes from the filtered `source` into `destination`, given the
    /// reconstructed row above (`previous`, all zeros for a pass's first row). `stride` is
    /// the filter's pixel distance in bytes. A filter type above 4 is
    /// ``ImageError/Code/badImageData``. `source` and `destination` must not overlap.
    static func unfilter(type: UInt8, source: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>,
                         destination: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) throws(ImageError) {
        switch type {
        case 0:
            destination.update(from: source, count: count)
        case 1:
            let head = min(stride, count)
            destination.update(from: source, count: head)
            var i = head
            while i < count {
                destination[i] = source[i] &+ destination[i &- stride]
                i &+= 1
            }
        case 2:
            for i in 0..<count { destination[i] = source[i] &+ previous[i] }
        case 3:
            let head = min(stride, count)
            for i in 0..<head { destination[i] = source[i] &+ previous[i] >> 1 }
            var i = head
            while i < count {
                let average = (UInt16(destination[i &- stride]) &+ UInt16(previous[i])) >> 1
                destination[i] = source[i] &+ UInt8(truncatingIfNeeded: average)
                i &+= 1
            }
        case 4 where stride == 3 || stride == 4:
            paethPixels(source: source, previous: previous, destination: destination, count: count, stride: stride)
        case 4:
            paeth(source: source, previous: previous, destination: destination, count: count, stride: stride)
        default:
            throw ImageError(.badImageData)
        }
    }

    /// Paeth: predict with whichever of a, b, c is closest to a + b − c (ties: a, then b).
    private static func paeth(source: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>,
                              destination: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) {
        let head = min(stride, count)
        // In the first pixel a and c are zero, so the prediction is b.
        for i in 0..<head { destination[i] = source[i] &+ previous[i] }
        var i = head
        while i < count {
            let a = Int(destination[i &- stride])
            let b = Int(previous[i])
            let c = Int(previous[i &- stride])
            destination[i] = source[i] &+ UInt8(truncatingIfNeeded: predict(a, b, c))
            i &+= 1
        }
    }

    /// Paeth for 8-bit RGB and RGBA, a whole pixel per step in SIMD lanes: the bytes of one
    /// pixel are independent, only consecutive pixels depend on each other. This is the
    /// filter photos are stored with, so it decides their decoding speed.
    private static func paethPixels(source: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>,
                                    destination: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) {
        var a = SIMD4<Int16>()
        var c = SIMD4<Int16>()
        var i = 0
        while i + stride <= count {
            let b = load(previous + i, stride: stride)
            let x = load(source + i, stride: stride)
            let pa = magnitude(b &- c)
            let pb = magnitude(a &- c)
            let pc = magnitude(a &+ b &- c &- c)
            let nearer = a.replacing(with: b, where: pb .< pa)
            let prediction = nearer.replacing(with: c, where: pc .< pointwiseMin(pa, pb))
            let result = (x &+ prediction) & 0xFF
            destination[i] = UInt8(truncatingIfNeeded: result[0])
            destination[i + 1] = UInt8(truncatingIfNeeded: result[1])
            destination[i + 2] = UInt8(truncatingIfNeeded: result[2])
            if stride == 4 { destination[i + 3] = UInt8(truncatingIfNeeded: result[3]) }
            a = result
            c = b
            i += stride
        }
    }

    @inline(__always)
    private static func magnitude(_ lanes: SIMD4<Int16>) -> SIMD4<Int16> {
        pointwiseMax(lanes, 0 &- lanes)
    }

    /// The `stride` (3 or 4) bytes at `pointer` as lanes, the fourth lane 0 for three.
    @inline(__always)
    private static func load(_ pointer: UnsafePointer<UInt8>, stride: Int) -> SIMD4<Int16> {
        if stride == 4 {
            return SIMD4<Int16>(truncatingIfNeeded: UnsafeRawPointer(pointer).loadUnaligned(as: SIMD4<UInt8>.self))
        }
        return SIMD4<Int16>(Int16(pointer[0]), Int16(pointer[1]), Int16(pointer[2]), 0)
    }

    /// Written as two selections rather than nested branches so that it compiles to
    /// conditional moves: on noisy images the branches would mispredict constantly.
    @inline(__always)
    private static func predict(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let pa = abs(b &- c)
        let pb = abs(a &- c)
        let pc = abs(a &+ b &- c &- c)
        let (nearer, distance) = pb < pa ? (b, pb) : (a, pa)
        return pc < distance ? c : nearer
    }
}
