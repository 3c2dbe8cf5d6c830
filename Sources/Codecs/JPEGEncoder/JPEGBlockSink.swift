/// Where the encoder's quantised blocks go, in MCU order: straight to Huffman output, to the
/// symbol statistics of an optimised-table pass, or into a coefficient store for
/// progressive scans.
protocol JPEGBlockSink {
    /// One block of `component` at block `column`, `row` of that component's (MCU-padded)
    /// block grid: 64 coefficients in the quantiser's transposed order (index u · 8 + v for
    /// row v, column u), and the zigzag mask of its non-zero AC coefficients.
    mutating func block(_ coefficients: UnsafePointer<Int16>, nonZero: UInt64, component: Int, column: Int, row: Int)
    /// The MCU that the blocks since the last call belong to is complete.
    mutating func endMCU()
}

/// Restart-interval bookkeeping shared by the sinks that write or record a sequential scan.
struct JPEGRestartCounter {
    /// MCUs between restart markers; 0 for none.
    let interval: Int
    /// MCUs in the scan (no marker follows the last).
    let total: Int
    private var done = 0
    /// How many markers have been placed (their number mod 8 names them).
    private(set) var placed = 0

    init(interval: Int, total: Int) {
        self.interval = interval
        self.total = total
    }

    /// Counts an MCU; true when a restart marker belongs after it.
    @inline(__always)
    mutating func mcuEnded() -> Bool {
        done &+= 1
        guard interval > 0, done % interval == 0, done < total else { return false }
        placed &+= 1
        return true
    }
}

/// Writes a baseline scan's blocks with fixed tables as they come.
struct JPEGScanWriter: JPEGBlockSink {
    /// The file so far; the scan's bytes reach it in chunks, and all of them after
    /// ``finish()``.
    private(set) var writer: JPEGBitWriter
    private let scratch = JPEGScanBits.Scratch()
    private var bits: JPEGScanBits
    private let tables: JPEGEntropyTables
    private let order = JPEGZigzag.transposed
    private let magnitudes = JPEGBlockSymbols.magnitudes + 2047
    private var predictors = SIMD4<Int32>.zero
    private var restarts: JPEGRestartCounter

    init(writer: JPEGBitWriter, tables: JPEGEntropyTables, restarts: JPEGRestartCounter) {
        self.writer = writer
        self.tables = tables
        self.restarts = restarts
        bits = JPEGScanBits(scratch: scratch)
    }

    @inline(__always)
    mutating func block(_ coefficients: UnsafePointer<Int16>, nonZero: UInt64, component: Int, column: Int, row: Int) {
        let codes = tables.packed + (component == 0 ? 0 : 512)
        bits = JPEGBlockSymbols.write(coefficients, nonZero: nonZero, predictor: predictors[component], codes: codes,
                                      order: order, magnitudes: magnitudes, bits: bits)
        predictors[component] = Int32(coefficients[0])
    }

    mutating func endMCU() {
        guard restarts.mcuEnded() else {
            bits.drainIfFull(into: &writer)
            return
        }
        bits.finish(into: &writer)
        writer.appendMarker(0xD0 &+ UInt8((restarts.placed &- 1) & 7))
        predictors = .zero
    }

    /// Ends the scan: the last bits padded to a byte and moved into ``writer``.
    mutating func finish() {
        bits.finish(into: &writer)
    }
}

/// Records a baseline scan's symbols and counts them, so that tables fitted to the image can
/// be built and the scan written from the record without a second DCT.
///
/// A record word is `slot << 24 | symbol << 16 | extra bits`, or `1 << 31` for a restart
/// marker; slots are those of ``JPEGEntropyTables``. The record and the counts live in raw
/// buffers of one ``Storage`` object, so the per-symbol work is two stores and an increment
/// (an array there would check uniqueness and capacity on every symbol).
struct JPEGSymbolRecorder: JPEGBlockSink {
    /// The record and the symbol counts (257 per slot: the last entry is the reserved
    /// pseudo-symbol's place). Owned by one recorder, used by one encode.
    final class Storage {
        private(set) var words: UnsafeMutablePointer<UInt32>
        var count = 0
        private(set) var capacity: Int
        let frequencies: UnsafeMutablePointer<Int>

        init(capacity: Int) {
            self.capacity = max(256, capacity)
            words = .allocate(capacity: self.capacity)
            frequencies = .allocate(capacity: 4 * 257)
            frequencies.initialize(repeating: 0, count: 4 * 257)
        }

        deinit {
            words.deallocate()
            frequencies.deallocate()
        }

        /// Makes room for `more` words.
        @inline(__always)
        func reserve(_ more: Int) {
            guard count &+ more > capacity else { return }
            let bigger = UnsafeMutablePointer<UInt32>.allocate(capacity: max(count + more, capacity * 2))
            bigger.update(from: words, count: count)
            words.deallocate()
            words = bigger
            capacity = max(count + more, capacity * 2)
        }
    }

    private let storage: Storage
    private let order = JPEGZigzag.transposed
    private let magnitudes = JPEGBlockSymbols.magnitudes + 2047
    private var predictors = SIMD4<Int32>.zero
    private var restarts: JPEGRestartCounter

    init(restarts: JPEGRestartCounter, expectedSymbols: Int) {
        self.restarts = restarts
        storage = Storage(capacity: expectedSymbols)
    }

    /// A block has at most 1 DC, 63 AC, 3 run-of-16 and 1 end-of-block symbols.
    private static let maxSymbolsPerBlock = 68

    @inline(__always)
    mutating func block(_ coefficients: UnsafePointer<Int16>, nonZero: UInt64, component: Int, column: Int, row: Int) {
        let storage = self.storage
        storage.reserve(Self.maxSymbolsPerBlock)
        let slot = component == 0 ? 0 : 2
        let counts = storage.frequencies + slot &* 257
        let start = storage.words + storage.count
        var out = start
        var predictor = predictors[component]
        JPEGBlockSymbols.forEach(coefficients, nonZero: nonZero, predictor: &predictor, order: order,
                                 magnitudes: magnitudes) { offset, symbol, extra in
            counts[offset &* 257 &+ Int(symbol)] &+= 1
            out.pointee = UInt32(slot &+ offset) << 24 | UInt32(symbol) << 16 | extra
            out += 1
        }
        storage.count &+= out - start
        predictors[component] = predictor
    }

    mutating func endMCU() {
        guard restarts.mcuEnded() else { return }
        storage.reserve(1)
        storage.words[storage.count] = 1 << 31 | UInt32((restarts.placed &- 1) & 7)
        storage.count &+= 1
        predictors = .zero
    }

    /// Tables fitted to the counts; slots 2 and 3 only when `chroma`.
    func fittedTables(chroma: Bool) -> JPEGEntropyTables {
        let specs = (0..<4).map { slot -> JPEGHuffmanSpec in
            guard chroma || slot < 2 else { return slot == 2 ? .standardChrominanceDC : .standardChrominanceAC }
            return JPEGHuffmanSpec(frequencies: Array(UnsafeBufferPointer(start: storage.frequencies + slot * 257, count: 257)))
        }
        return JPEGEntropyTables(specs: specs)
    }

    /// Writes the recorded scan with `tables` (`writer` byte-aligned before and after).
    func replay(into writer: inout JPEGBitWriter, tables: JPEGEntropyTables) {
        let packed = tables.packed
        let scratch = JPEGScanBits.Scratch()
        var bits = JPEGScanBits(scratch: scratch)
        var since = 0
        for word in UnsafeBufferPointer(start: storage.words, count: storage.count) {
            if word & (1 << 31) != 0 {
                bits.finish(into: &writer)
                writer.appendMarker(0xD0 &+ UInt8(word & 7))
                continue
            }
            let slot = Int(word &>> 24)
            let symbol = (word &>> 16) & 0xFF
            let code = packed[slot &* 256 &+ Int(symbol)]
            let size = slot & 1 == 0 ? symbol : symbol & 15
            bits.write((code &>> 5) &<< size | word & 0xFFFF, count: Int(code & 31) &+ Int(size))
            // A symbol is at most 27 bits: 64 of them fit in the scratch's spare room.
            since &+= 1
            if since == 64 {
                since = 0
                bits.drainIfFull(into: &writer)
            }
        }
        bits.finish(into: &writer)
        // `bits` writes into the scratch's bytes: it must live until here.
        withExtendedLifetime(scratch) {}
    }
}
