import OspreyTestTraits
import Testing
@testable import OspreyCodecs
import OspreyTestSupport

/// The toolkit's libwebp fancy upsampler against a literal transcription of libwebp's
/// line-pair algorithm (U and V packed in one 32-bit word, both output rows at once), on
/// seeded random chroma rows of every width from 1 to 40 and for every row pairing.
@Suite("WebP lossy fancy upsampler", .offCooperativePool)
struct WebPLossyUpsamplerTests {
    /// libwebp's `UpsampleRgbaLinePair` chroma arithmetic for one row pair: returns the
    /// upsampled (u, v) of the top and bottom output rows.
    static func referencePair(topU: [UInt8], topV: [UInt8], curU: [UInt8], curV: [UInt8], width: Int)
        -> (top: [(Int, Int)], bottom: [(Int, Int)]) {
        func load(_ u: UInt8, _ v: UInt8) -> UInt32 { UInt32(u) | UInt32(v) << 16 }
        var top = [(Int, Int)](repeating: (0, 0), count: width)
        var bottom = top
        func put(_ row: inout [(Int, Int)], _ x: Int, _ uv: UInt32) { row[x] = (Int(uv & 0xFF), Int(uv >> 16)) }
        var tl = load(topU[0], topV[0]), l = load(curU[0], curV[0])
        put(&top, 0, (3 &* tl &+ l &+ 0x0002_0002) >> 2)
        put(&bottom, 0, (3 &* l &+ tl &+ 0x0002_0002) >> 2)
        let lastPair = (width - 1) >> 1
        var x = 1
        while x <= lastPair {
            let t = load(topU[x], topV[x]), uv = load(curU[x], curV[x])
            let avg = tl &+ t &+ l &+ uv &+ 0x0008_0008
            let diag12 = (avg &+ 2 &* (t &+ l)) >> 3
            let diag03 = (avg &+ 2 &* (tl &+ uv)) >> 3
            put(&top, 2 * x - 1, (diag12 &+ tl) >> 1)
            put(&top, 2 * x, (diag03 &+ t) >> 1)
            put(&bottom, 2 * x - 1, (diag03 &+ l) >> 1)
            put(&bottom, 2 * x, (diag12 &+ uv) >> 1)
            tl = t
            l = uv
            x += 1
        }
        if width & 1 == 0 {
            put(&top, width - 1, (3 &* tl &+ l &+ 0x0002_0002) >> 2)
            put(&bottom, width - 1, (3 &* l &+ tl &+ 0x0002_0002) >> 2)
        }
        return (top, bottom)
    }

    static func upsample(near: [UInt8], far: [UInt8], width: Int) -> [Int] {
        var out = [UInt8](repeating: 0, count: width)
        near.withUnsafeBufferPointer { n in
            far.withUnsafeBufferPointer { f in
                out.withUnsafeMutableBufferPointer { o in
                    ChromaUpsampler.libwebpFancy(near: n.baseAddress!, far: f.baseAddress!, into: o.baseAddress!,
                                                 outputWidth: width)
                }
            }
        }
        return out.map(Int.init)
    }

    @Test("bit-exact with libwebp's line-pair upsampler")
    func matchesLinePair() {
        var generator = SeededGenerator(seed: 15)
        for width in 1...40 {
            for _ in 0..<20 {
                let count = (width + 1) / 2
                func row() -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) } }
                let (topU, topV, curU, curV) = (row(), row(), row(), row())
                let reference = Self.referencePair(topU: topU, topV: topV, curU: curU, curV: curV, width: width)
                // The pair's top output row has the top chroma row as its near row, the bottom one the current row.
                #expect(Self.upsample(near: topU, far: curU, width: width) == reference.top.map(\.0))
                #expect(Self.upsample(near: topV, far: curV, width: width) == reference.top.map(\.1))
                #expect(Self.upsample(near: curU, far: topU, width: width) == reference.bottom.map(\.0))
                #expect(Self.upsample(near: curV, far: topV, width: width) == reference.bottom.map(\.1))
            }
        }
    }

    @Test("row pairing follows libwebp: first row alone, then pairs, last row alone for even heights")
    func rowPairing() {
        #expect(ChromaUpsampler.libwebpRows(forOutputRow: 0, chromaRows: 4) == (0, 0))
        #expect(ChromaUpsampler.libwebpRows(forOutputRow: 1, chromaRows: 4) == (0, 1))
        #expect(ChromaUpsampler.libwebpRows(forOutputRow: 2, chromaRows: 4) == (1, 0))
        #expect(ChromaUpsampler.libwebpRows(forOutputRow: 7, chromaRows: 4) == (3, 3))   // height 8
        #expect(ChromaUpsampler.libwebpRows(forOutputRow: 6, chromaRows: 4) == (3, 2))   // height 7
    }
}
