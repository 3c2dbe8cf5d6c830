import OspreyCore
/// Builds length-limited canonical Huffman codes for the encoder (RFC 1951 §3.2.2).
enum HuffmanCodeBuilder {
    /// Code lengths (0 = unused) for symbols with `frequencies`, none longer than `limit`.
    ///
    /// The optimal lengths come from a Huffman tree; when the tree is too deep, leaves are
    /// moved up with the Kraft-sum repair miniz uses, then lengths are handed out again,
    /// shortest to the most frequent. A lone symbol gets a partner so that the code is
    /// complete (some inflaters reject incomplete codes).
    static func lengths(frequencies: [Int], limit: Int) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        let used = frequencies.indices.filter { frequencies[$0] > 0 }
            .sorted { (frequencies[$0], $0) < (frequencies[$1], $1) }
        guard used.count > 1 else {
            if let only = used.first {
                lengths[only] = 1
                lengths[only == 0 ? 1 : 0] = 1
            }
            return lengths
        }
        var counts = lengthCounts(of: used.map { frequencies[$0] })
        limitDepth(&counts, to: limit)
        // Hand out the lengths: the most frequent symbols (at the end of `used`) get the shortest.
        var next = used.count - 1
        for length in 1..<counts.count {
            for _ in 0..<counts[length] {
                lengths[used[next]] = UInt8(length)
                next -= 1
            }
        }
        return lengths
    }

    /// How many leaves a Huffman tree over `weights` (ascending) has at each depth.
    private static func lengthCounts(of weights: [Int]) -> [Int] {
        // Two-queue construction: leaves are sorted, internal nodes are made in ascending order.
        let leafCount = weights.count
        var weight = weights + [Int](repeating: 0, count: leafCount - 1)
        var parent = [Int](repeating: 0, count: 2 * leafCount - 1)
        var nextLeaf = 0
        var nextNode = leafCount
        for node in leafCount..<(2 * leafCount - 1) {
            var children: [Int] = []
            for _ in 0..<2 {
                if nextLeaf < leafCount && (nextNode >= node || weight[nextLeaf] <= weight[nextNode]) {
                    children.append(nextLeaf)
                    nextLeaf += 1
                } else {
                    children.append(nextNode)
                    nextNode += 1
                }
            }
            weight[node] = weight[children[0]] + weight[children[1]]
            parent[children[0]] = node
            parent[children[1]] = node
        }
        var depth = [Int](repeating: 0, count: 2 * leafCount - 1)
        var counts = [Int](repeating: 0, count: 2)
        for node in stride(from: 2 * leafCount - 3, through: 0, by: -1) {
            depth[node] = depth[parent[node]] + 1
            if node < leafCount {
                while counts.count <= depth[node] { counts.append(0) }
                counts[depth[node]] += 1
            }
        }
        return counts
    }

    /// Moves leaves deeper than `limit` up, keeping the Kraft sum at exactly 1.
    private static func limitDepth(_ counts: inout [Int], to limit: Int) {
        guard counts.count > limit + 1 else { return }
        for length in (limit + 1)..<counts.count {
            counts[limit] += counts[length]
            counts[length] = 0
        }
        counts.removeLast(counts.count - limit - 1)
        var total = 0
        for length in 1...limit { total += counts[length] << (limit - length) }
        while total > 1 << limit {
            counts[limit] -= 1
            for length in stride(from: limit - 1, through: 1, by: -1) where counts[length] > 0 {
                counts[length] -= 1
                counts[length + 1] += 2
                break
            }
            total -= 1
        }
    }

    /// The canonical codes for `lengths` (``CanonicalHuffman/codes(lengths:)``, the routine the
    /// decoder tables use), bit-reversed so they can be written LSB first.
    static func codes(lengths: [UInt8]) -> [UInt16] {
        zip(CanonicalHuffman.codes(lengths: lengths), lengths).map { code, length in
            UInt16(CanonicalHuffman.reversed(code, bits: Int(length)))
        }
    }
}
