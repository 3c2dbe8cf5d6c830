import OspreyCore
/// Progressive scans (T.81 G.1.2): coefficients accumulate per component across scans and
/// are transformed once at the end (see ``finishProgressive()``).
extension JPEGDecodeSession {
    /// DC first scan: the DC difference, scaled by the point transform.
    func decodeDCFirst(_ block: UnsafeMutablePointer<Int16>, _ c: JPEGComponent, _ al: Int,
                       _ reader: inout MSBBitReader) {
        guard let dc = dcTables[c.dcTable] else { return }
        let t = dc.symbol(&reader)
        c.dcPredictor = c.dcPredictor &+ reader.receiveExtend(t)
        block[0] = Int16(truncatingIfNeeded: c.dcPredictor &<< al)
    }

    /// DC refinement: one more bit of the DC coefficient.
    func decodeDCRefine(_ block: UnsafeMutablePointer<Int16>, _ al: Int, _ reader: inout MSBBitReader) {
        if reader.read(1) != 0 { block[0] |= Int16(truncatingIfNeeded: 1 &<< al) }
    }

    /// AC first scan over `ss...se`, with end-of-band runs spanning blocks.
    func decodeACFirst(_ block: UnsafeMutablePointer<Int16>, _ c: JPEGComponent, _ ss: Int, _ se: Int,
                       _ al: Int, _ reader: inout MSBBitReader) {
        if eobRun > 0 {
            eobRun -= 1
            return
        }
        guard let ac = acTables[c.acTable] else { return }
        var k = ss
        let fast = fastAC + c.acTable * JPEGFastAC.size
        while k <= se {
            let entry = fast[reader.peek(JPEGFastAC.bits)]
            if entry != 0 {
                // Code and magnitude bits in one read, as in sequential blocks.
                reader.consume(Int(entry & 0xFF))
                k &+= Int((entry >> 8) & 0xFF)
                if k > 63 { break }
                block[naturalOrder[k]] = Int16(truncatingIfNeeded: Int(entry >> 16) &<< al)
                k &+= 1
                continue
            }
            let rs = ac.symbol(&reader)
            let r = rs >> 4, s = rs & 15
            if s == 0 {
                if r < 15 {
                    eobRun = (1 << r) - 1
                    if r > 0 { eobRun += reader.read(r) }
                    break
                }
                k += 16
                continue
            }
            k += r
            if k > 63 { break }
            block[naturalOrder[k]] = Int16(truncatingIfNeeded: reader.receiveExtend(s) &<< al)
            k += 1
        }
    }

    /// AC refinement: correction bits for coefficients already non-zero, and new ±1 values
    /// placed after skipping `r` zero-history coefficients (libjpeg's `decode_mcu_AC_refine`).
    func decodeACRefine(_ block: UnsafeMutablePointer<Int16>, _ c: JPEGComponent, _ ss: Int, _ se: Int,
                        _ al: Int, _ reader: inout MSBBitReader) {
        let plus = Int16(truncatingIfNeeded: 1 &<< al)
        let minus = Int16(truncatingIfNeeded: -1 &<< al)
        var k = ss
        @inline(__always) func refine(_ position: Int, _ reader: inout MSBBitReader) {
            let value = block[position]
            if reader.read(1) != 0, value & plus == 0 {
                block[position] = value >= 0 ? value &+ plus : value &+ minus
            }
        }
        if eobRun == 0, let ac = acTables[c.acTable] {
            while k <= se {
                let rs = ac.symbol(&reader)
                var r = rs >> 4
                let s = rs & 15
                var newValue: Int16 = 0
                if s != 0 {
                    newValue = reader.read(1) != 0 ? plus : minus
                } else if r != 15 {
                    eobRun = 1 << r
                    if r > 0 { eobRun += reader.read(r) }
                    break
                }
                while k <= se {
                    let position = naturalOrder[k]
                    if block[position] != 0 {
                        refine(position, &reader)
                    } else {
                        if r == 0 { break }
                        r -= 1
                    }
                    k += 1
                }
                if newValue != 0, k <= 63 { block[naturalOrder[k]] = newValue }
                k += 1
            }
        }
        if eobRun > 0 {
            while k <= se {
                let position = naturalOrder[k]
                if block[position] != 0 { refine(position, &reader) }
                k += 1
            }
            eobRun -= 1
        }
    }

    /// Whether coefficients 1…63 of `block` are all zero (read eight at a time).
    @inline(__always)
    static func acIsZero(_ block: UnsafeMutablePointer<Int16>) -> Bool {
        let words = UnsafeRawPointer(block)
        var bits = words.loadUnaligned(as: UInt64.self) & ~UInt64(0xFFFF).littleEndian
        for i in 1..<16 { bits |= words.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self) }
        return bits == 0
    }
}
