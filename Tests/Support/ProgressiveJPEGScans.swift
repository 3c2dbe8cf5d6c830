/// Writes progressive JPEG files scan by scan (SOI, DQT, SOF2, DHT, then SOS segments of any
/// band and bit position, EOI), for tests and benchmarks that need hostile or many-scan files
/// of any size without fixtures.
///
/// Every coefficient a scan codes is zero, so the entropy-coded data is tiny whatever the frame
/// size: DC scans code one bit per block (DC difference 0, or a refinement bit 0), AC scans one
/// end-of-band run over all the component's blocks (EOBn symbols, up to 32 767 blocks each).
/// The picture decodes to flat mid-grey. The data can be cut short (``truncated(_:)``) to make a
/// file whose frame is large and whose bytes are few.
public struct ProgressiveJPEGScans: Sendable {
    /// One frame component: identifier and sampling factors.
    public struct Component: Sendable {
        public let id: UInt8
        public let h: Int, v: Int
        public init(id: UInt8, h: Int = 1, v: Int = 1) {
            self.id = id
            self.h = h
            self.v = v
        }
    }

    public let width: Int, height: Int
    public let components: [Component]
    /// The bytes so far (header first).
    public private(set) var bytes: [UInt8] = []

    /// A file whose header (SOI, an Adobe APP14 for four components, DQT, SOF2, DHT) is written.
    public init(width: Int, height: Int, components: [Component]) {
        self.width = width
        self.height = height
        self.components = components
        bytes = [0xFF, 0xD8]
        if components.count == 4 {
            // Adobe, transform 0: the four components are CMYK.
            segment(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 0])
        }
        segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        var frame: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8), UInt8(width & 255),
                              UInt8(components.count)]
        for c in components { frame += [c.id, UInt8(c.h << 4 | c.v), 0] }
        segment(0xC2, frame)
        // DC table 0: one code, "0", for difference category 0.
        segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
        // AC table 0: EOB0…EOB14 (symbols 0x00…0xE0), 4-bit codes 0000…1110.
        segment(0xC4, [0x10, 0, 0, 0, 15] + [UInt8](repeating: 0, count: 12) + (0..<15).map { UInt8($0 << 4) })
    }

    private var maxH: Int { components.map(\.h).max()! }
    private var maxV: Int { components.map(\.v).max()! }

    /// Blocks of component `index` that hold samples (what a one-component scan codes).
    public func blocks(of index: Int) -> Int {
        let c = components[index]
        let w = (width * c.h + maxH - 1) / maxH, h = (height * c.v + maxV - 1) / maxV
        return ((w + 7) / 8) * ((h + 7) / 8)
    }

    /// Blocks an interleaved scan of `indices` codes: whole MCUs.
    private func interleavedBlocks(_ indices: [Int]) -> Int {
        let mcus = ((width + 8 * maxH - 1) / (8 * maxH)) * ((height + 8 * maxV - 1) / (8 * maxV))
        return mcus * indices.reduce(0) { $0 + components[$1].h * components[$1].v }
    }

    private mutating func segment(_ marker: UInt8, _ payload: [UInt8]) {
        let length = payload.count + 2
        bytes += [0xFF, marker, UInt8(length >> 8), UInt8(length & 255)] + payload
    }

    private mutating func scanHeader(_ indices: [Int], ss: Int, se: Int, ah: Int, al: Int) {
        var header: [UInt8] = [UInt8(indices.count)]
        for i in indices { header += [components[i].id, 0x00] }
        header += [UInt8(ss), UInt8(se), UInt8(ah << 4 | al)]
        segment(0xDA, header)
    }

    /// A DC scan of the components at `indices` (first when `ah` is 0, else a refinement):
    /// one zero bit per block.
    public mutating func dcScan(_ indices: [Int], ah: Int = 0, al: Int = 0) {
        scanHeader(indices, ss: 0, se: 0, ah: ah, al: al)
        let count = indices.count == 1 ? blocks(of: indices[0]) : interleavedBlocks(indices)
        var sink = BitSink()
        for _ in 0..<count { sink.append(0, width: 1) }
        bytes += sink.stuffedBytes()
    }

    /// An AC scan of band `ss...se` of component `index` (first when `ah` is 0, else a
    /// refinement): end-of-band runs over all its blocks.
    public mutating func acScan(_ index: Int, ss: Int, se: Int, ah: Int = 0, al: Int = 0) {
        scanHeader([index], ss: ss, se: se, ah: ah, al: al)
        var remaining = blocks(of: index)
        var sink = BitSink()
        while remaining > 0 {
            let run = min(remaining, 32767)
            var r = 0
            while 1 << (r + 1) <= run { r += 1 }
            sink.append(r, width: 4)
            if r > 0 { sink.append(run - (1 << r), width: r) }
            remaining -= run
        }
        bytes += sink.stuffedBytes()
    }

    /// libjpeg's default progression for these components (10 scans for three): DC first with
    /// Al 1, AC bands at Al 2 (luma 1–5 and 6–63), refinements to Al 1 and 0, DC refinement.
    public mutating func defaultScript() {
        let all = Array(components.indices)
        dcScan(all, al: 1)
        for i in all {
            if i == 0 {
                acScan(i, ss: 1, se: 5, al: 2)
                acScan(i, ss: 6, se: 63, al: 2)
            } else {
                acScan(i, ss: 1, se: 63, al: 1)
            }
        }
        acScan(0, ss: 1, se: 63, ah: 2, al: 1)
        dcScan(all, ah: 1, al: 0)
        for i in all.dropFirst() { acScan(i, ss: 1, se: 63, ah: 1, al: 0) }
        acScan(0, ss: 1, se: 63, ah: 1, al: 0)
    }

    /// Scans that each advance one coefficient of component `index` by one bit, `count` of them
    /// (after a DC scan, on a component no AC scan coded yet): coefficient k = 1…63 is first coded at
    /// Al 13, then refined to 12, 11, … — the most distinct scans a file can have.
    public mutating func distinctRefinements(_ index: Int, count: Int) {
        var written = 0
        var al = 13
        while written < count, al >= 0 {
            for k in 1...63 where written < count {
                acScan(index, ss: k, se: k, ah: al == 13 ? 0 : al + 1, al: al)
                written += 1
            }
            al -= 1
        }
    }

    /// The file with an EOI.
    public func finished() -> [UInt8] { bytes + [0xFF, 0xD9] }

    /// The file cut after `count` bytes (no EOI): a frame whose data ends early.
    public func truncated(_ count: Int) -> [UInt8] { Array(bytes.prefix(count)) }

    /// MSB-first bits, padded with ones and byte-stuffed as entropy-coded data is.
    private struct BitSink {
        var bits: [Bool] = []
        mutating func append(_ value: Int, width: Int) {
            for i in (0..<width).reversed() { bits.append(value >> i & 1 == 1) }
        }
        func stuffedBytes() -> [UInt8] {
            var padded = bits
            while padded.count % 8 != 0 { padded.append(true) }
            var out: [UInt8] = []
            for i in stride(from: 0, to: padded.count, by: 8) {
                var byte: UInt8 = 0
                for j in 0..<8 where padded[i + j] { byte |= 0x80 >> UInt8(j) }
                out.append(byte)
                if byte == 0xFF { out.append(0) }
            }
            return out
        }
    }
}
