/// The four Huffman tables of a baseline scan in the form the inner loop wants: per table and
/// symbol one word holding the code (high bits) and its length (low 5 bits).
///
/// Table slots: 0 luminance DC, 1 luminance AC, 2 chrominance DC, 3 chrominance AC.
final class JPEGEntropyTables {
    /// 4 × 256 packed codes.
    let packed: UnsafeMutablePointer<UInt32>
    /// The specs the words were made from, for the DHT segments.
    let specs: [JPEGHuffmanSpec]

    /// Tables for `specs` (four, in slot order).
    init(specs: [JPEGHuffmanSpec]) {
        self.specs = specs
        packed = .allocate(capacity: 4 * 256)
        for (slot, spec) in specs.enumerated() {
            for symbol in 0..<256 {
                packed[slot * 256 + symbol] = spec.codes[symbol] << 5 | UInt32(spec.lengths[symbol])
            }
        }
    }

    deinit { packed.deallocate() }

    /// The Annex K tables.
    static func standard() -> JPEGEntropyTables {
        JPEGEntropyTables(specs: [.standardLuminanceDC, .standardLuminanceAC,
                                  .standardChrominanceDC, .standardChrominanceAC])
    }
}

/// The run-length/size symbols of one block (T.81 F.1.2), shared by the writer and the
/// statistics pass so both see exactly the same symbols.
enum JPEGBlockSymbols {
    /// Bits needed for `value`'s magnitude (T.81's SSSS).
    @inline(__always)
    static func size(_ value: Int32) -> Int32 {
        let magnitude = value < 0 ? 0 &- value : value
        return 32 &- Int32(truncatingIfNeeded: magnitude.leadingZeroBitCount)
    }

    /// The `size` extra bits T.81 sends after a symbol: the value, or for a negative value its
    /// one's complement, in the low `size` bits.
    @inline(__always)
    static func extra(_ value: Int32, size: Int32) -> UInt32 {
        UInt32(bitPattern: (value &+ (value &>> 31))) & ((1 &<< UInt32(size)) &- 1)
    }

    /// For a value v in −2047…2047 (every DC difference and AC coefficient of 8-bit samples),
    /// entry 2047 + v is `size(v) << 16 | extra(v, size(v))`: one load in place of the
    /// magnitude's bit scan and the extra bits' arithmetic (16 KiB, made once, never freed).
    // Safety: written only inside this initialiser, before the pointer is published; read-only
    // afterwards, so sharing it between threads is safe.
    nonisolated(unsafe) static let magnitudes: UnsafePointer<UInt32> = {
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 4095)
        for v in Int32(-2047)...2047 {
            let bits = size(v)
            table[Int(v) + 2047] = UInt32(bits) << 16 | extra(v, size: bits)
        }
        return UnsafePointer(table)
    }()

    /// Calls `emit(slotOffset, symbol, extraBits)` for each symbol of `block` (the quantiser's
    /// transposed order, `nonZero` its zigzag mask of non-zero AC coefficients): the DC
    /// difference from `predictor` (updated), then the AC runs. Slot offset 0 is the DC table
    /// of the component, 1 its AC table. `order` is ``JPEGZigzag/transposed``, `magnitudes`
    /// ``magnitudes`` + 2047.
    @inline(__always)
    static func forEach(_ block: UnsafePointer<Int16>, nonZero: UInt64, predictor: inout Int32,
                        order: UnsafePointer<Int>, magnitudes: UnsafePointer<UInt32>,
                        _ emit: (Int, Int32, UInt32) -> Void) {
        let dc = Int32(block[0])
        let diff = dc &- predictor
        predictor = dc
        let dcEntry = magnitudes[Int(truncatingIfNeeded: diff)]
        emit(0, Int32(truncatingIfNeeded: dcEntry &>> 16), dcEntry & 0xFFFF)
        var mask = nonZero
        var last = 0
        while mask != 0 {
            let k = mask.trailingZeroBitCount
            mask &= mask &- 1
            var run = k &- last &- 1
            while run > 15 {
                emit(1, 0xF0, 0)
                run &-= 16
            }
            let entry = magnitudes[Int(truncatingIfNeeded: block[order[k]])]
            emit(1, Int32(run) << 4 | Int32(truncatingIfNeeded: entry &>> 16), entry & 0xFFFF)
            last = k
        }
        if last != 63 { emit(1, 0x00, 0) }
    }

    /// Writes `block`'s symbols with `codes` (the component's DC table, then its AC table at
    /// `codes + 256`: code << 5 | length); `order` is ``JPEGZigzag/transposed`` and
    /// `magnitudes` ``magnitudes`` + 2047 (indexed by the value itself); `predictor` is the
    /// component's previous DC value. The same
    /// symbols as ``forEach(_:nonZero:predictor:_:)``, each code and its extra bits sent as one
    /// write, and nothing but the mask walked.
    ///
    /// Not inlined, and the bit state passed in and returned by value: inlined into the MCU
    /// loop, LLVM kept that state in the sink's memory and stored it after every symbol.
    @inline(never)
    static func write(_ block: UnsafePointer<Int16>, nonZero: UInt64, predictor: Int32,
                      codes: UnsafePointer<UInt32>, order: UnsafePointer<Int>, magnitudes: UnsafePointer<UInt32>,
                      bits: JPEGScanBits) -> JPEGScanBits {
        var raw = bits
        let diff = Int32(block[0]) &- predictor
        let dcEntry = magnitudes[Int(truncatingIfNeeded: diff)]
        let dcSize = dcEntry &>> 16
        let dcWord = codes[Int(truncatingIfNeeded: dcSize)]
        raw.write((dcWord &>> 5) &<< dcSize | dcEntry & 0xFFFF, count: Int(truncatingIfNeeded: (dcWord & 31) &+ dcSize))
        let ac = codes + 256
        var mask = nonZero
        var last = 0
        while mask != 0 {
            let k = mask.trailingZeroBitCount
            mask &= mask &- 1
            var run = k &- last &- 1
            last = k
            while run > 15 {
                let zrl = ac[0xF0]
                raw.write(zrl &>> 5, count: Int(truncatingIfNeeded: zrl & 31))
                run &-= 16
            }
            let entry = magnitudes[Int(truncatingIfNeeded: block[order[k]])]
            let acSize = entry &>> 16
            let word = ac[run &<< 4 | Int(truncatingIfNeeded: acSize)]
            raw.write((word &>> 5) &<< acSize | entry & 0xFFFF, count: Int(truncatingIfNeeded: (word & 31) &+ acSize))
        }
        if last != 63 {
            let eob = ac[0]
            raw.write(eob &>> 5, count: Int(truncatingIfNeeded: eob & 31))
        }
        return raw
    }
}
