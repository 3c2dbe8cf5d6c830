import OspreyCore
/// Finds LZ77 matches with hash chains (the zlib scheme): every position's 3-byte hash
/// heads a chain of earlier positions with the same hash, searched newest first up to a
/// level-dependent depth. Produces tokens: literals and (length, distance) matches.
///
/// A token is a `UInt32`: a literal is its byte value; a match sets bit 31, with
/// `length − 3` in bits 15–22 and `distance − 1` in bits 0–14.
struct DeflateMatcher {
    /// How hard to look, per level (zlib's configuration table, simplified).
    struct Effort {
        /// Chain links followed per search.
        let maxChain: Int
        /// A match this long ends the search.
        let niceLength: Int
        /// When the match found one byte earlier is this long, search a quarter as deep.
        let goodLength: Int
        /// Lazy matching: look one byte ahead for a longer match unless the current one is this long.
        let lazyLength: Int
        let lazy: Bool

        init(level: Int) {
            switch level {
            case ...1: (maxChain, niceLength, goodLength, lazyLength, lazy) = (4, 8, 4, 0, false)
            case 2: (maxChain, niceLength, goodLength, lazyLength, lazy) = (8, 16, 4, 0, false)
            case 3: (maxChain, niceLength, goodLength, lazyLength, lazy) = (32, 32, 4, 0, false)
            case 4: (maxChain, niceLength, goodLength, lazyLength, lazy) = (16, 16, 4, 4, true)
            case 5: (maxChain, niceLength, goodLength, lazyLength, lazy) = (32, 32, 8, 16, true)
            case 6: (maxChain, niceLength, goodLength, lazyLength, lazy) = (128, 128, 8, 16, true)
            case 7: (maxChain, niceLength, goodLength, lazyLength, lazy) = (256, 128, 8, 32, true)
            case 8: (maxChain, niceLength, goodLength, lazyLength, lazy) = (1024, 258, 32, 128, true)
            default: (maxChain, niceLength, goodLength, lazyLength, lazy) = (4096, 258, 32, 258, true)
            }
        }
    }

    static let windowSize = 32768
    static let minMatch = 3
    static let maxMatch = 258
    private static let hashBits = 15

    private let effort: Effort
    private var head: [Int32]
    private var previous: [Int32]

    init(level: Int) {
        effort = Effort(level: level)
        head = [Int32](repeating: -1, count: 1 << Self.hashBits)
        previous = [Int32](repeating: -1, count: Self.windowSize)
    }

    static func match(length: Int, distance: Int) -> UInt32 {
        0x8000_0000 | UInt32(length - minMatch) << 15 | UInt32(distance - 1)
    }

    /// Appends the tokens for `data[start..<end]` to `tokens`, where `data[0..<start]` was
    /// tokenised by earlier calls on this matcher (matches may reach back into it). Returns
    /// where the tokens stop: `end`, or beyond it when a match runs past `end`.
    mutating func tokenize(_ data: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                           into tokens: inout [UInt32]) -> Int {
        let base = data.baseAddress!
        let count = data.count
        return head.withUnsafeMutableBufferPointer { head in
            previous.withUnsafeMutableBufferPointer { previous in
                let chains = Chains(base: base, count: count, head: head.baseAddress!,
                                    previous: previous.baseAddress!, effort: effort)
                return effort.lazy ? chains.tokenizeLazily(from: start, to: end, into: &tokens)
                    : chains.tokenizeGreedily(from: start, to: end, into: &tokens)
            }
        }
    }
}

/// The matcher's hot loops over raw pointers (the tables live in the matcher's arrays).
private struct Chains {
    let base: UnsafePointer<UInt8>
    let count: Int
    let head: UnsafeMutablePointer<Int32>
    let previous: UnsafeMutablePointer<Int32>
    let effort: DeflateMatcher.Effort

    @inline(__always)
    func hash(_ position: Int) -> Int {
        let p = base + position
        let key = UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16
        return Int((key &* 2_654_435_761) >> 17)
    }

    /// Adds `position` to its chain and returns the previous chain head.
    @inline(__always)
    func insert(_ position: Int) -> Int {
        let slot = hash(position)
        let older = Int(head[slot])
        previous[position & (DeflateMatcher.windowSize - 1)] = Int32(older)
        head[slot] = Int32(position)
        return older
    }

    /// The longest match for `position` among the chain starting at `candidate`, if it is
    /// longer than `atLeast`.
    func longestMatch(at position: Int, candidate: Int, atLeast: Int) -> (length: Int, distance: Int) {
        let maxLength = min(DeflateMatcher.maxMatch, count - position)
        var best = atLeast
        var bestDistance = 0
        guard maxLength > best else { return (0, 0) }
        var candidate = candidate
        var chain = atLeast >= effort.goodLength ? effort.maxChain >> 2 : effort.maxChain
        let here = base + position
        while candidate >= 0 && position - candidate <= DeflateMatcher.windowSize && chain > 0 {
            let there = base + candidate
            // The two bytes that would make the match longer than `best` decide most candidates.
            if UnsafeRawPointer(there + best - 1).loadUnaligned(as: UInt16.self)
                == UnsafeRawPointer(here + best - 1).loadUnaligned(as: UInt16.self) && there[0] == here[0] {
                let length = Self.commonLength(here, there, limit: maxLength)
                if length > best {
                    best = length
                    bestDistance = position - candidate
                    if length >= effort.niceLength || length == maxLength { break }
                }
            }
            let next = Int(previous[candidate & (DeflateMatcher.windowSize - 1)])
            guard next < candidate else { break }   // a slot reused by a newer position
            candidate = next
            chain -= 1
        }
        // A 3-byte match far away costs more than three literals.
        if best == 3 && bestDistance > 4096 { return (0, 0) }
        return bestDistance > 0 ? (best, bestDistance) : (0, 0)
    }

    /// How many bytes `a` and `b` have in common, at most `limit`, compared 8 at a time.
    @inline(__always)
    static func commonLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, limit: Int) -> Int {
        var length = 0
        while length + 8 <= limit {
            let x = UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
            let y = UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
            if x != y { return length + (x ^ y).trailingZeroBitCount / 8 }
            length += 8
        }
        while length < limit && a[length] == b[length] { length += 1 }
        return length
    }

    func tokenizeGreedily(from start: Int, to end: Int, into tokens: inout [UInt32]) -> Int {
        var position = start
        while position < end {
            guard position + DeflateMatcher.minMatch <= count else {
                tokens.append(UInt32(base[position]))
                position += 1
                continue
            }
            let candidate = insert(position)
            let (length, distance) = longestMatch(at: position, candidate: candidate, atLeast: 2)
            if length >= DeflateMatcher.minMatch {
                tokens.append(DeflateMatcher.match(length: length, distance: distance))
                let stop = min(position + length, count - DeflateMatcher.minMatch + 1)
                if length <= effort.niceLength {
                    for inside in (position + 1)..<max(position + 1, stop) { _ = insert(inside) }
                }
                position += length
            } else {
                tokens.append(UInt32(base[position]))
                position += 1
            }
        }
        return position
    }

    func tokenizeLazily(from start: Int, to end: Int, into tokens: inout [UInt32]) -> Int {
        var position = start
        // A match found at `position − 1`, waiting to see whether `position` has a longer one.
        var pendingLength = 0
        var pendingDistance = 0
        var hasPending = false
        while position < end {
            var length = 0
            var distance = 0
            if position + DeflateMatcher.minMatch <= count {
                let candidate = insert(position)
                if pendingLength < effort.lazyLength || !hasPending {
                    (length, distance) = longestMatch(at: position, candidate: candidate,
                                                      atLeast: max(2, hasPending ? pendingLength : 2))
                }
            }
            if hasPending && pendingLength >= DeflateMatcher.minMatch && length <= pendingLength {
                tokens.append(DeflateMatcher.match(length: pendingLength, distance: pendingDistance))
                // Positions up to `position` are in the chains; add the rest of the match.
                let matchEnd = position - 1 + pendingLength
                let stop = min(matchEnd, count - DeflateMatcher.minMatch + 1)
                if position + 1 < stop {
                    for inside in (position + 1)..<stop { _ = insert(inside) }
                }
                position = matchEnd
                hasPending = false
                pendingLength = 0
            } else {
                if hasPending { tokens.append(UInt32(base[position - 1])) }
                hasPending = true
                pendingLength = length
                pendingDistance = distance
                position += 1
            }
        }
        if hasPending { tokens.append(UInt32(base[position - 1])) }
        return position
    }
}
