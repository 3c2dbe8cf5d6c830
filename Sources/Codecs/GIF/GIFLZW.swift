import OspreyCore
/// GIF's variable-length LZW (GIF89a, Appendix F): codes of 3 to 12 bits, least significant
/// bit first, with the clear and end-of-information codes.
///
/// The dictionary is flat (4096 entries of prefix, suffix, first symbol and length, allocated
/// once per decoder): a code's string is written straight into the output, back to front,
/// by following its prefix chain, so nothing is allocated per code. The decoder never fails:
/// a code out of range, a missing end code or the end of the data simply end the output
/// there, and the caller learns how many indices arrived.
struct GIFLZW {
    private static let maxCodes = 4096
    private var prefix = [UInt16](repeating: 0, count: maxCodes)
    private var suffix = [UInt8](repeating: 0, count: maxCodes)
    private var first = [UInt8](repeating: 0, count: maxCodes)
    private var length = [UInt16](repeating: 0, count: maxCodes)

    /// A decoder; reuse it across frames.
    init() {}

    /// Decodes `data` with `minimumCodeSize` (1…8, else nothing is decoded) into at most
    /// `count` palette indices at `output`, and returns how many it wrote.
    mutating func decode(_ data: [UInt8], minimumCodeSize: Int,
                         into output: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        guard (1...8).contains(minimumCodeSize), !data.isEmpty, count > 0 else { return 0 }
        return data.withUnsafeBufferPointer { input in
            prefix.withUnsafeMutableBufferPointer { prefix in
                suffix.withUnsafeMutableBufferPointer { suffix in
                    first.withUnsafeMutableBufferPointer { first in
                        length.withUnsafeMutableBufferPointer { length in
                            Self.run(input, minimumCodeSize: minimumCodeSize, output: output, count: count,
                                     prefix: prefix.baseAddress!, suffix: suffix.baseAddress!,
                                     first: first.baseAddress!, length: length.baseAddress!)
                        }
                    }
                }
            }
        }
    }

    private static func run(_ input: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int,
                            output: UnsafeMutablePointer<UInt8>, count: Int,
                            prefix: UnsafeMutablePointer<UInt16>, suffix: UnsafeMutablePointer<UInt8>,
                            first: UnsafeMutablePointer<UInt8>, length: UnsafeMutablePointer<UInt16>) -> Int {
        let clear = 1 << minimumCodeSize
        let end = clear + 1
        for code in 0..<clear {
            suffix[code] = UInt8(truncatingIfNeeded: code)
            first[code] = UInt8(truncatingIfNeeded: code)
            length[code] = 1
        }
        var reader = LSBBitReader(base: input.baseAddress!, count: input.count)
        var codeSize = minimumCodeSize + 1
        var next = clear + 2
        var previous = -1
        var written = 0
        while written < count {
            if reader.bitCount < codeSize {
                reader.refill()
                if reader.bitCount < codeSize { break }
            }
            let code = reader.peek(codeSize)
            reader.consume(codeSize)
            if code == clear {
                codeSize = minimumCodeSize + 1
                next = clear + 2
                previous = -1
                continue
            }
            if code == end { break }
            if previous < 0 {
                // After a clear (or at the start) only a literal makes sense.
                guard code < clear else { break }
                output[written] = UInt8(truncatingIfNeeded: code)
                written &+= 1
                previous = code
                // Only with a minimum code size of 1: the next code may already be 4 (KwKwK),
                // which needs 3 bits although nothing was added yet.
                if next >= 1 << codeSize { codeSize &+= 1 }
                continue
            }
            let firstSymbol: UInt8
            if code < next {
                firstSymbol = first[code]
                written = emit(code, at: written, output: output, count: count, prefix: prefix,
                               suffix: suffix, length: length)
            } else if code == next && next < maxCodes {
                // The KwKwK case: the previous string followed by its own first symbol.
                firstSymbol = first[previous]
                let at = written
                written = emit(previous, at: written, output: output, count: count, prefix: prefix,
                               suffix: suffix, length: length)
                let last = at &+ Int(length[previous])
                if last < count { output[last] = firstSymbol; written = last &+ 1 }
            } else {
                break   // a code out of range: the data is damaged from here on
            }
            if next < maxCodes {
                prefix[next] = UInt16(truncatingIfNeeded: previous)
                suffix[next] = firstSymbol
                first[next] = first[previous]
                length[next] = length[previous] &+ 1
                next &+= 1
                if next == 1 << codeSize && codeSize < 12 { codeSize &+= 1 }
            }
            previous = code
        }
        return written
    }

    /// Writes `code`'s string at `at` (as much of it as fits below `count`) and returns the
    /// position after it, clipped to `count`.
    @inline(__always)
    private static func emit(_ code: Int, at: Int, output: UnsafeMutablePointer<UInt8>, count: Int,
                             prefix: UnsafeMutablePointer<UInt16>, suffix: UnsafeMutablePointer<UInt8>,
                             length: UnsafeMutablePointer<UInt16>) -> Int {
        let stringLength = Int(length[code])
        var code = code
        if stringLength == 1 {
            output[at] = suffix[code]
            return at &+ 1
        }
        var position = at &+ stringLength &- 1
        // Past the end only the part below `count` is written; the chain is walked to it.
        while position >= count {
            code = Int(prefix[code])
            position &-= 1
        }
        while position > at {
            output[position] = suffix[code]
            code = Int(prefix[code])
            position &-= 1
        }
        output[at] = suffix[code]
        return min(at &+ stringLength, count)
    }
}
