/// The integer area weights along one axis of a ``StreamingResampler``: which source pixels
/// each target pixel covers, and by how much.
///
/// With `F` source and `T` target pixels reduced by their gcd, source pixel `i` spans
/// `[i·T, (i+1)·T)` and target pixel `j` spans `[j·F, (j+1)·F)` on a common integer line, so
/// each overlap (the weight) is a whole number and a target's weights sum to exactly `F`.
package struct ResampleTaps: Sendable {
    /// Reduced source length `F`: the sum of every target pixel's weights.
    package let unitsPerTarget: Int
    /// Reduced target length `T`: the span of one source pixel.
    private let unitsPerSource: Int
    private let sourceCount: Int
    private let targetCount: Int
    /// The first source pixel of each target pixel (plus a sentinel).
    private let firstSource: [Int]
    /// Most target pixels one source pixel touches (1–2 when shrinking, more when enlarging).
    package let maxTargetsPerSource: Int

    /// The taps from `from` source pixels to `to` target pixels (both ≥ 1).
    package init(from: Int, to: Int) {
        precondition(from >= 1 && to >= 1, "ResampleTaps needs non-empty axes")
        var a = from, b = to
        while b != 0 { (a, b) = (b, a % b) }
        unitsPerTarget = from / a
        unitsPerSource = to / a
        sourceCount = from
        targetCount = to
        firstSource = (0...to).map { j in min(from, j * (from / a) / (to / a)) }
        // A source pixel spans T units; targets are F units wide: it touches ⌈T/F⌉ + 1 at most.
        maxTargetsPerSource = min(to, (to / a + from / a - 1) / (from / a) + 1)
    }

    /// Bytes held by the table.
    package var tableBytes: Int { firstSource.count * MemoryLayout<Int>.stride }

    /// The weight of source pixel `source` in target pixel `target` (0 when disjoint).
    @inline(__always)
    package func weight(source: Int, target: Int) -> Int {
        let start = max(source &* unitsPerSource, target &* unitsPerTarget)
        let end = min((source &+ 1) &* unitsPerSource, (target &+ 1) &* unitsPerTarget)
        return max(0, end &- start)
    }

    /// Whether no source pixel is wider than a target pixel (shrinking, or the same size):
    /// then each target pixel's source pixels weigh ``unitsPerSource`` each, but its first
    /// and last.
    package var shrinks: Bool { unitsPerSource <= unitsPerTarget }

    /// The weight of a source pixel wholly inside a target pixel.
    package var fullWeight: Int { unitsPerSource }

    /// The first source pixel that target pixel `target` covers.
    @inline(__always)
    package func firstSource(ofTarget target: Int) -> Int { firstSource[target] }

    /// The last source pixel that target pixel `target` covers.
    @inline(__always)
    package func lastSource(ofTarget target: Int) -> Int {
        // Target j ends at (j+1)·F units; the source pixel holding the unit before that end.
        min(sourceCount - 1, ((target &+ 1) &* unitsPerTarget &- 1) / unitsPerSource)
    }

    /// The first and last target pixels that source pixel `source` touches.
    @inline(__always)
    package func targets(ofSource source: Int) -> (first: Int, last: Int) {
        let first = (source &* unitsPerSource) / unitsPerTarget
        let last = min(targetCount - 1, ((source &+ 1) &* unitsPerSource &- 1) / unitsPerTarget)
        return (first, last)
    }

    /// Where a target pixel starts and ends when shrinking: its first and last source pixel and
    /// their weights (the pixels between weigh ``fullWeight``). Weights fit in 32 bits: a
    /// weight is at most the reduced target length.
    package struct Edge: Sendable {
        package var first: Int32
        package var last: Int32
        package var firstWeight: UInt32
        package var lastWeight: UInt32
    }

    /// Every target pixel's ``Edge``, computed once so a row needs no division per target pixel.
    package var edges: [Edge] {
        (0..<targetCount).map { target in
            let first = firstSource(ofTarget: target), last = lastSource(ofTarget: target)
            return Edge(first: Int32(truncatingIfNeeded: first), last: Int32(truncatingIfNeeded: last),
                        firstWeight: UInt32(truncatingIfNeeded: weight(source: first, target: target)),
                        lastWeight: UInt32(truncatingIfNeeded: weight(source: last, target: target)))
        }
    }

    /// Calls `body(sourceIndex, weight)` for each source pixel target pixel `target` covers.
    @inline(__always)
    package func forEachTap(ofTarget target: Int, _ body: (Int, Int) -> Void) {
        let end = lastSource(ofTarget: target)
        var index = firstSource[target]
        while index <= end {
            body(index, weight(source: index, target: target))
            index &+= 1
        }
    }
}
