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

    /// Where a decode stands between two calls of ``run``: the reader and the dictionary's
    /// growth. `ended`: the data ended, or was damaged, or sent its end code.
    private struct Progress {
        var reader: LSBBitReader
        var codeSize: Int
        var next: Int
        var previous = -1
        var ended = false
    }

    /// The longest string a code stands for (the output may run this far past a chunk).
    private static let longestString = maxCodes

    /// Decodes `data` with `minimumCodeSize` (1…8, else nothing is decoded) into at most
    /// `count` palette indices at `output`, and returns how many it wrote.
    mutating func decode(_ data: [UInt8], minimumCodeSize: Int,
                         into output: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        guard (1...8).contains(minimumCodeSize), !data.isEmpty, count > 0 else { return 0 }
        return withTables(data, minimumCodeSize: minimumCodeSize) { progress, tables in
            Self.run(&progress, minimumCodeSize: minimumCodeSize, output: output, from: 0, count: count, limit: count,
                     tables: tables)
        }
    }

    /// Decodes like ``decode(_:minimumCodeSize:into:count:)`` but without room for all `count`
    /// indices: `body` gets them in order, about `chunk` (at least 4096) at a time, each run with
    /// the index of its first one (the buffer is valid during the call only). Returns how many
    /// indices there were. Memory: `chunk` + 4096 bytes, whatever `count` is.
    mutating func decode(_ data: [UInt8], minimumCodeSize: Int, count: Int, chunk: Int,
                         body: (_ start: Int, _ indices: UnsafePointer<UInt8>, _ length: Int) -> Void) -> Int {
        guard (1...8).contains(minimumCodeSize), !data.isEmpty, count > 0 else { return 0 }
        let chunk = max(chunk, Self.longestString)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: chunk + Self.longestString)
        defer { buffer.deallocate() }
        return withTables(data, minimumCodeSize: minimumCodeSize) { progress, tables in
            // A string that crosses the chunk's end is written whole (up to `limit`), and the part
            // past the chunk (`carried`) moves to the front for the next one.
            var delivered = 0, carried = 0
            while !progress.ended && delivered + carried < count {
                let wanted = min(chunk, count - delivered)
                let limit = min(chunk + Self.longestString, count - delivered)
                let written = Self.run(&progress, minimumCodeSize: minimumCodeSize, output: buffer, from: carried,
                                       count: wanted, limit: limit, tables: tables)
                let length = min(written, wanted)
                body(delivered, buffer, length)
                delivered += length
                carried = written - length
                if carried > 0 { buffer.update(from: buffer + length, count: carried) }
            }
            if carried > 0 {
                body(delivered, buffer, carried)
                delivered += carried
            }
            return delivered
        }
    }

    /// The dictionary as raw pointers, and a fresh decode's progress, for `body`.
    private mutating func withTables(_ data: [UInt8], minimumCodeSize: Int,
                                     body: (inout Progress, Tables) -> Int) -> Int {
        data.withUnsafeBufferPointer { input in
            prefix.withUnsafeMutableBufferPointer { prefix in
                suffix.withUnsafeMutableBufferPointer { suffix in
                    first.withUnsafeMutableBufferPointer { first in
                        length.withUnsafeMutableBufferPointer { length in
                            let tables = Tables(prefix: prefix.baseAddress!, suffix: suffix.baseAddress!,
                                                first: first.baseAddress!, length: length.baseAddress!)
                            let clear = 1 << minimumCodeSize
                            for code in 0..<clear {
                                tables.suffix[code] = UInt8(truncatingIfNeeded: code)
                                tables.first[code] = UInt8(truncatingIfNeeded: code)
                                tables.length[code] = 1
                            }
                            var progress = Progress(reader: LSBBitReader(base: input.baseAddress!, count: input.count),
                                                    codeSize: minimumCodeSize + 1, next: clear + 2)
                            return body(&progress, tables)
                        }
                    }
                }
            }
        }
    }

    /// The dictionary: each code's prefix code, last symbol, first symbol and string length.
    private struct Tables {
        let prefix: UnsafeMutablePointer<UInt16>, suffix: UnsafeMutablePointer<UInt8>
        let first: UnsafeMutablePointer<UInt8>, length: UnsafeMutablePointer<UInt16>
    }

    /// Decodes codes into `output` from index `from` on until at least `count` indices are
    /// there (or the data ends), writing no index at or past `limit` (≥ `count`): a string
    /// crossing `count` is written up to `limit`. Returns the index after the last one written.
    private static func run(_ progress: inout Progress, minimumCodeSize: Int,
                            output: UnsafeMutablePointer<UInt8>, from start: Int, count: Int, limit: Int,
                            tables: Tables) -> Int {
        let prefix = tables.prefix, suffix = tables.suffix, first = tables.first, length = tables.length
        let clear = 1 << minimumCodeSize
        let end = clear + 1
        var reader = progress.reader
        var codeSize = progress.codeSize
        var next = progress.next
        var previous = progress.previous
        var ended = true
        var written = start
        defer {
            progress = Progress(reader: reader, codeSize: codeSize, next: next, previous: previous, ended: ended)
        }
        while true {
            guard written < count else {
                ended = false
                break
            }
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
                written = emit(code, at: written, output: output, limit: limit, prefix: prefix,
                               suffix: suffix, length: length)
            } else if code == next && next < maxCodes {
                // The KwKwK case: the previous string followed by its own first symbol.
                firstSymbol = first[previous]
                let at = written
                written = emit(previous, at: written, output: output, limit: limit, prefix: prefix,
                               suffix: suffix, length: length)
                let last = at &+ Int(length[previous])
                if last < limit { output[last] = firstSymbol; written = last &+ 1 }
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

    /// Writes `code`'s string at `at` (as much of it as fits below `limit`) and returns the
    /// position after it, clipped to `limit`.
    @inline(__always)
    private static func emit(_ code: Int, at: Int, output: UnsafeMutablePointer<UInt8>, limit count: Int,
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
