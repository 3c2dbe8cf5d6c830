/// The entropy-coded bits of a sequential scan, written with no branch per symbol.
///
/// Each write ORs the code into a left-aligned 64-bit buffer, stores the whole buffer at the
/// output (an unaligned 8-byte store, always), advances the output by the complete bytes and
/// shifts them out, so at most seven bits stay pending. Which of those writes would have
/// filled a word is then never a branch to predict: on photos that branch goes one way about
/// once in nine symbols, at random, and its mispredictions cost more than the stores. Byte
/// stuffing (a 0x00 after each 0xFF) is left to ``drain(into:)``, which moves the bytes into
/// the ``JPEGBitWriter`` eight at a time; the scratch holds a few tens of kilobytes, so it
/// stays in cache.
///
/// The struct holds no reference (a copy into a local costs no retain); its scratch belongs to
/// a ``Scratch`` the owner keeps alive for as long as the struct is used.
struct JPEGScanBits {
    /// The scratch bytes, reused for one scan.
    final class Scratch {
        let start: UnsafeMutablePointer<UInt8>

        init() { start = .allocate(capacity: JPEGScanBits.capacity) }

        deinit { start.deallocate() }
    }

    /// Bytes the scratch holds before ``drainIfFull(into:)`` empties it.
    private static let threshold = 48 * 1024
    /// Room past the threshold: one MCU of at most ten blocks of at most 217 bytes each
    /// (1 DC and 63 AC symbols of at most 27 bits, 3 run-of-16 symbols and an end-of-block of
    /// at most 16), plus the 8-byte store's overhang.
    private static let capacity = threshold + 10 * 224 + 16

    private let start: UnsafeMutablePointer<UInt8>
    /// Where the next complete byte goes.
    private var out: UnsafeMutablePointer<UInt8>
    /// Pending bits at the top (the oldest highest); the bits below them are zero.
    private var buffer: UInt64 = 0
    /// How many bits are pending: 0…7 between writes.
    private var filled = 0

    /// Bits written into `scratch`'s bytes.
    init(scratch: Scratch) {
        start = scratch.start
        out = start
    }

    /// Appends `count` (1…32) low bits of `value` (no higher bit set), most significant first.
    @inline(__always)
    mutating func write(_ value: UInt32, count: Int) {
        filled &+= count
        buffer |= UInt64(value) &<< UInt64(truncatingIfNeeded: 64 &- filled)
        UnsafeMutableRawPointer(out).storeBytes(of: buffer.bigEndian, as: UInt64.self)
        out += filled &>> 3
        buffer = buffer &<< UInt64(truncatingIfNeeded: filled & ~7)
        filled &= 7
    }

    /// Moves the complete bytes into `writer` once the scratch is nearly full; called between
    /// MCUs.
    @inline(__always)
    mutating func drainIfFull(into writer: inout JPEGBitWriter) {
        if out - start > Self.threshold { drain(into: &writer) }
    }

    /// Moves the complete bytes into `writer`, stuffed.
    @inline(never)
    mutating func drain(into writer: inout JPEGBitWriter) {
        let held = out - start
        writer.appendStuffing(start, count: held)
        // The pending bits sit in `buffer`, not in the scratch: nothing to carry over.
        out = start
    }

    /// Pads the pending bits to a byte with 1 bits (T.81 F.1.2.3) and moves everything into
    /// `writer`, which is then byte-aligned (for a marker or the end of the scan).
    mutating func finish(into writer: inout JPEGBitWriter) {
        if filled > 0 {
            let padding = 8 &- filled
            write((1 &<< UInt32(padding)) &- 1, count: padding)
        }
        drain(into: &writer)
    }
}
