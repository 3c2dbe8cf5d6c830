import OspreyCore
/// One component of a sequential scan as the block loop sees it: plain values and pointers
/// copied out of the session and the ``JPEGComponent`` once per call of the MCU loop, so the
/// work per block reads no class property (no retain, release or exclusivity check), copies no
/// Huffman table and makes no indirect call.
///
/// The DC predictor lives here while the loop runs; ``JPEGDecodeSession`` writes it back to
/// the component wherever the loop may stop or keep a checkpoint.
struct JPEGSequentialUnit {
    /// Root bits of every JPEG Huffman table (``HuffmanDecoder/jpeg(counts:symbols:)``).
    static let rootBits = 9

    let dc: UnsafePointer<UInt32>, ac: UnsafePointer<UInt32>
    let fast: UnsafePointer<Int32>
    /// The ``JPEGSkipTable`` when blocks are decoded at their DC alone; nil otherwise.
    let skip: UnsafePointer<UInt16>?
    let quant: UnsafePointer<Int32>
    /// Where the coefficients go when the frame has several scans; nil when streamed.
    let coefficients: UnsafeMutablePointer<Int16>?
    let plane: UnsafeMutablePointer<UInt8>
    let stride: Int, ringRows: Int, blockSize: Int, h: Int, v: Int, paddedBlocksWide: Int
    var predictor: Int
    /// The block row whose ring row ``cachedBase`` is: one modulo per block row, not per block.
    private var cachedRow = -1
    private var cachedBase: UnsafeMutablePointer<UInt8>

    /// The unit for `c` in a scan of `session`, whose tables were checked to exist; nil when
    /// they do not (a scan that would decode nothing).
    init?(_ c: JPEGComponent, session: JPEGDecodeSession) {
        guard let dc = session.huffmanEntries[c.dcTable], let ac = session.huffmanEntries[4 + c.acTable],
              let plane = c.plane else { return nil }
        self.dc = UnsafePointer(dc)
        self.ac = UnsafePointer(ac)
        fast = UnsafePointer(session.fastAC + c.acTable * JPEGFastAC.size)
        skip = c.blockSize == 1 && c.coefficients == nil ? session.skipTable(c.acTable) : nil
        quant = UnsafePointer(session.quant + c.quantIndex * 64)
        coefficients = c.coefficients
        self.plane = plane
        stride = c.stride
        ringRows = c.ringRows
        blockSize = c.blockSize
        h = c.h
        v = c.v
        paddedBlocksWide = c.paddedBlocksWide
        predictor = c.dcPredictor
        cachedBase = plane
    }

    /// The next Huffman symbol from `table` (a copied JPEG table) in `bits`, which holds at
    /// least 16 bits; an unused code gives 0 after dropping 16 bits, as
    /// ``HuffmanDecoder/symbol(_:)`` does.
    @inline(__always)
    static func symbol(_ table: UnsafePointer<UInt32>, _ bits: inout MSBBits) -> Int {
        let symbol = HuffmanDecoder.symbolOrInvalid(table: table, rootBits: rootBits, &bits)
        if symbol >= 0 { return symbol }
        bits.consume(16)
        return 0
    }

    /// The first ring row of block row `blockRow` (a block never straddles the ring's wrap).
    @inline(__always)
    mutating func rowBase(_ blockRow: Int) -> UnsafeMutablePointer<UInt8> {
        if blockRow != cachedRow {
            cachedRow = blockRow
            cachedBase = plane + ((blockRow &* blockSize) % ringRows) &* stride
        }
        return cachedBase
    }
}
