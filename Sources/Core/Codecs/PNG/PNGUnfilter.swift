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
