import OspreyCore
/// Brings one component's samples to the output resolution, one output row at a time.
///
/// The ratio per axis is (output samples per MCU) ÷ (component samples per MCU) =
/// (max factor · scale) ÷ (factor · block size), where `scale` is the luma block size of a
/// DCT-scaled decode (8 at full size). Ratio 2 horizontally and/or vertically (4:2:2, 4:2:0,
/// 4:4:0) uses libjpeg-turbo's default "fancy" triangle filter (`jdsample.c`): each output
/// sample is 3/4 its nearer input sample and 1/4 the next one, with the same rounding biases,
/// so the result agrees with libjpeg-turbo. Ratio 1 is the plane row itself. Every other ratio
/// replicates samples (box filter). Rows and columns past the component's real size repeat
/// its last one.
struct JPEGUpsampler {
    let component: JPEGComponent
    /// Output samples per row.
    let width: Int
    let ratioH: Int, ratioV: Int
    /// Component and output samples per MCU, per axis.
    private let numH: Int, denH: Int, numV: Int, denV: Int
    private let exact: Bool
    /// Whether output rows blend two plane rows (h2v2 and h1v2 fancy).
    private let fancyVertical: Bool

    init(component: JPEGComponent, geometry: JPEGFrameGeometry, scale: Int, outputWidth: Int) {
        self.component = component
        width = outputWidth
        numH = component.h * component.blockSize
        denH = geometry.maxH * scale
        numV = component.v * component.blockSize
        denV = geometry.maxV * scale
        exact = denH % numH == 0 && denV % numV == 0
        ratioH = denH / numH
        ratioV = denV / numV
        fancyVertical = exact && ratioV == 2 && (ratioH == 1 || (ratioH == 2 && component.width > 2))
    }

    /// Whether output row `y` is the plane row itself (no copy needed).
    var isIdentity: Bool { ratioH == 1 && ratioV == 1 && exact }

    /// Pointer to plane row `row`, clamped to the component's real rows.
    @inline(__always)
    private func planeRow(_ row: Int) -> UnsafeMutablePointer<UInt8> {
        component.row(min(max(row, 0), component.height - 1))
    }

    /// The last plane row that output row `y` reads (the renderer waits until it is decoded).
    func lastPlaneRow(forOutputRow y: Int) -> Int {
        let row: Int
        if isIdentity {
            row = y
        } else if fancyVertical {
            row = (y >> 1) + (y & 1)
        } else {
            row = y * numV / denV
        }
        return min(row, component.height - 1)
    }

    /// The output samples of row `y`: the plane row itself, or `scratch`.
    func row(_ y: Int, scratch: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8> {
        if isIdentity { return UnsafePointer(planeRow(y)) }
        let n = component.width
        if exact, ratioH == 2, ratioV == 1, n > 2 {
            ChromaUpsampler.fancyH2V1(planeRow(y), into: scratch, outputWidth: 2 * n)
        } else if fancyVertical, ratioH == 2 {
            let near = y >> 1
            let far = y & 1 == 0 ? near - 1 : near + 1
            Self.fancyH2V2Lanes(near: planeRow(near), far: planeRow(far), into: scratch,
                                      outputWidth: 2 * n)
        } else if fancyVertical {
            let near = y >> 1
            let far = y & 1 == 0 ? near - 1 : near + 1
            fancyH1V2(planeRow(near), planeRow(far), bias: y & 1 == 0 ? 1 : 2, scratch)
        } else {
            box(y, scratch)
        }
        return UnsafePointer(scratch)
    }

    private func fancyH1V2(_ near: UnsafePointer<UInt8>, _ far: UnsafePointer<UInt8>, bias: Int,
                           _ out: UnsafeMutablePointer<UInt8>) {
        for i in 0..<component.width {
            out[i] = UInt8(truncatingIfNeeded: (Int(near[i]) &* 3 &+ Int(far[i]) &+ bias) >> 2)
        }
    }

    /// Replicates samples: output (x, y) takes input (x · numH / denH, y · numV / denV).
    private func box(_ y: Int, _ out: UnsafeMutablePointer<UInt8>) {
        let source = planeRow(y * numV / denV)
        let last = component.width - 1
        for x in 0..<width {
            out[x] = source[min(x * numH / denH, last)]
        }
    }

    /// Scratch samples a row may need (fancy filters write two per input sample).
    var scratchCapacity: Int { max(width, component.width * 2) + 16 }
}
