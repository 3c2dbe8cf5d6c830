import OspreyCore
/// The data of a Huffman-coded block: the hot loop of every PNG decode.
///
/// The fast path runs while at least eight input bytes and 266 output bytes remain: one
/// 64-bit refill then covers a whole match (literal/length code ≤ 15 bits + 5 extra bits +
/// distance code ≤ 15 bits + 13 extra bits = 48 ≤ 56) or two literals, and a match (≤ 258
/// bytes) may be copied eight bytes at a time, spilling up to 7 bytes past its end, without
/// a bounds check. Near either end the careful path decodes one symbol at a time and checks
/// everything.
extension Inflater {
    /// Why ``decodeHuffman(_:from:to:)`` returned.
    enum HuffmanOutcome {
        case blockEnded
        case outputFull
        /// Streaming: the next symbol is not all there yet (the reader is back before it).
        case needsInput
    }

    /// What a careful step did.
    private enum Step {
        case wrote(Int)
        case blockEnded
        case outputFull
    }

    /// Decodes symbols into `window[start..<limit]` until the block ends, the output is full,
    /// or (streaming) the input so far ends inside a symbol.
    func decodeHuffman(_ window: UnsafeMutablePointer<UInt8>, from start: Int,
                       to limit: Int) throws(ImageError) -> (end: Int, outcome: HuffmanOutcome) {
        var bits = reader
        defer { reader = bits }
        let literals = UnsafePointer(literalTable)
        let distances = UnsafePointer(distanceTable)
        let literalRoot = Self.literalRootBits
        let distanceRoot = Self.distanceRootBits
        let fastEnd = limit - 266
        var out = start
        while true {
            guard bits.canRefillFast && out <= fastEnd else {
                // A careful step writes nothing before its last read, so a step cut off by
                // the end of the input so far leaves no trace once the reader is put back.
                let saved = bits
                let step: Step
                do throws(ImageError) {
                    step = try decodeCarefully(window, at: out, limit: limit, bits: &bits)
                } catch {
                    guard !isInputComplete, bits.position >= bits.count else { throw error }
                    bits = saved
                    return (out, .needsInput)
                }
                switch step {
                case .wrote(let count):
                    out += count
                    if pendingLength > 0 { return (out, .outputFull) }
                case .blockEnded: return (out, .blockEnded)
                case .outputFull: return (out, .outputFull)
                }
                continue
            }
            bits.refillFast()
            var entry = literals[bits.peek(literalRoot)]
            if entry & HuffmanEntry.kindMask == HuffmanEntry.literal {
                // Literals dominate in image data: take up to two per refill (2 × 15 ≤ 56 bits).
                bits.consume(HuffmanEntry.length(entry))
                window[out] = UInt8(truncatingIfNeeded: entry >> 16)
                out &+= 1
                entry = literals[bits.peek(literalRoot)]
                guard entry & HuffmanEntry.kindMask == HuffmanEntry.literal else { continue }
                bits.consume(HuffmanEntry.length(entry))
                window[out] = UInt8(truncatingIfNeeded: entry >> 16)
                out &+= 1
                continue
            }
            if entry & HuffmanEntry.kindMask == HuffmanEntry.link {
                bits.consume(literalRoot)
                entry = literals[HuffmanEntry.value(entry) &+ bits.peek(HuffmanEntry.extraBits(entry))]
            }
            bits.consume(HuffmanEntry.length(entry))
            let kind = entry & HuffmanEntry.kindMask
            if kind == HuffmanEntry.literal {
                window[out] = UInt8(truncatingIfNeeded: entry >> 16)
                out &+= 1
                continue
            }
            if kind == HuffmanEntry.endOfBlock { return (out, .blockEnded) }
            guard kind == HuffmanEntry.base else { throw ImageError(.badImageData) }
            let lengthExtra = HuffmanEntry.extraBits(entry)
            let length = HuffmanEntry.value(entry) &+ bits.peek(lengthExtra)
            bits.consume(lengthExtra)

            var distanceEntry = distances[bits.peek(distanceRoot)]
            if distanceEntry & HuffmanEntry.kindMask == HuffmanEntry.link {
                bits.consume(distanceRoot)
                distanceEntry = distances[HuffmanEntry.value(distanceEntry)
                                          &+ bits.peek(HuffmanEntry.extraBits(distanceEntry))]
            }
            bits.consume(HuffmanEntry.length(distanceEntry))
            guard distanceEntry & HuffmanEntry.kindMask == HuffmanEntry.base else { throw ImageError(.badImageData) }
            let distanceExtra = HuffmanEntry.extraBits(distanceEntry)
            let distance = HuffmanEntry.value(distanceEntry) &+ bits.peek(distanceExtra)
            bits.consume(distanceExtra)
            guard distance <= out else { throw ImageError(.badImageData) }
            Self.copyMatchFast(window + out, length: length, distance: distance)
            out &+= length
        }
    }

    /// Copies a match whose destination has at least `length` + 7 writable bytes.
    @inline(__always)
    private static func copyMatchFast(_ destination: UnsafeMutablePointer<UInt8>, length: Int, distance: Int) {
        let source = destination - distance
        if distance >= 8 {
            // Each 8-byte load ends at least 8 bytes behind the store, so it reads finished bytes.
            let from = UnsafeRawPointer(source)
            let to = UnsafeMutableRawPointer(destination)
            var offset = 0
            repeat {
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
                              toByteOffset: offset, as: UInt64.self)
                offset &+= 8
            } while offset < length
        } else if distance == 1 {
            destination.update(repeating: source.pointee, count: length)
        } else {
            for index in 0..<length { destination[index] = source[index] }
        }
    }

    /// Decodes one symbol with every bound checked. At `limit`, only an end-of-block code
    /// is taken; anything else is left unread and reported as `outputFull`.
    private func decodeCarefully(_ window: UnsafeMutablePointer<UInt8>, at out: Int, limit: Int,
                                 bits: inout LSBBitReader) throws(ImageError) -> Step {
        bits.refill()
        let (entry, codeLength) = try Self.lookUp(literalTable, rootBits: Self.literalRootBits, bits: bits)
        let kind = entry & HuffmanEntry.kindMask
        if kind == HuffmanEntry.endOfBlock {
            bits.consume(codeLength)
            return .blockEnded
        }
        if out >= limit { return .outputFull }
        bits.consume(codeLength)
        if kind == HuffmanEntry.literal {
            window[out] = UInt8(truncatingIfNeeded: entry >> 16)
            return .wrote(1)
        }
        let length = HuffmanEntry.value(entry) + (try bits.read(HuffmanEntry.extraBits(entry)))
        bits.refill()
        let (distanceEntry, distanceLength) = try Self.lookUp(distanceTable, rootBits: Self.distanceRootBits, bits: bits)
        guard distanceEntry & HuffmanEntry.kindMask == HuffmanEntry.base else { throw ImageError(.badImageData) }
        bits.consume(distanceLength)
        let distance = HuffmanEntry.value(distanceEntry) + (try bits.read(HuffmanEntry.extraBits(distanceEntry)))
        guard distance <= out else { throw ImageError(.badImageData) }
        let count = min(length, limit - out)
        copyMatchCarefully(window, at: out, length: count, distance: distance)
        if count < length {
            pendingLength = length - count
            pendingDistance = distance
        }
        return .wrote(count)
    }

    /// The entry for the next code and its total length in bits, checking that the stream
    /// holds that many bits and that the code is valid (a literal, base or end of block).
    private static func lookUp(_ table: UnsafeMutablePointer<UInt32>, rootBits: Int,
                               bits: LSBBitReader) throws(ImageError) -> (UInt32, Int) {
        var entry = table[bits.peek(rootBits)]
        var length = HuffmanEntry.length(entry)
        if entry & HuffmanEntry.kindMask == HuffmanEntry.link {
            let subBits = HuffmanEntry.extraBits(entry)
            entry = table[HuffmanEntry.value(entry) + bits.peek(rootBits + subBits) >> rootBits]
            length = rootBits + HuffmanEntry.length(entry)
        }
        guard entry & HuffmanEntry.kindMask != HuffmanEntry.invalid, length <= bits.bitCount else {
            throw ImageError(.badImageData)
        }
        return (entry, length)
    }
}
