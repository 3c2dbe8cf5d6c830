import OspreyCore
/// Brings one component's samples to full resolution, one output row at a time.
///
/// h2v1 and h2v2 (4:2:2, 4:2:0) and h1v2 (4:4:0) use libjpeg-turbo's default "fancy"
/// triangle filter (`jdsample.c`): each output sample is 3/4 its nearer input sample and
/// 1/4 the next one, in each upsampled direction, with the same rounding biases, so the
/// result agrees with libjpeg-turbo. Every other ratio replicates samples (box filter).
/// Rows and columns past the component's real size repeat its last one.
struct JPEGUpsampler {
    let component: JPEGComponent
    let width: Int
    let ratioH: Int, ratioV: Int
    private let maxH: Int, maxV: Int
    private let exact: Bool

    init(component: JPEGComponent, geometry: JPEGFrameGeometry) {
        self.component = component
        width = geometry.width
        exact = geometry.maxH % component.h == 0 && geometry.maxV % component.v == 0
        maxH = geometry.maxH
        maxV = geometry.maxV
        ratioH = geometry.maxH / component.h
        ratioV = geometry.maxV / component.v
    }

    /// Whether output row `y` is the plane row itself (no copy needed).
    var isIdentity: Bool { ratioH == 1 && ratioV == 1 && exact }

    /// Pointer to plane row `row`, clamped to the component's real rows.
    @inline(__always)
    private func planeRow(_ row: Int) -> UnsafeMutablePointer<UInt8> {
        component.plane + min(max(row, 0), component.height - 1) * component.stride
    }

    /// The full-resolution samples of output row `y`: the plane row itself, or `scratch`.
    func row(_ y: Int, scratch: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8> {
        if isIdentity { return UnsafePointer(planeRow(y)) }
        let n = component.width
        if exact, ratioH == 2, ratioV == 1, n > 2 {
            ChromaUpsampler.fancyH2V1(planeRow(y), into: scratch, outputWidth: 2 * n)
        } else if exact, ratioH == 2, ratioV == 2, n > 2 {
            let near = y >> 1
            let far = y & 1 == 0 ? near - 1 : near + 1
            ChromaUpsampler.fancyH2V2(near: planeRow(near), far: planeRow(far), into: scratch,
                                      outputWidth: 2 * n)
        } else if exact, ratioH == 1, ratioV == 2 {
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

    /// Replicates samples: output (x, y) takes input (x · h / hmax, y · v / vmax).
    private func box(_ y: Int, _ out: UnsafeMutablePointer<UInt8>) {
        let source = planeRow(y * component.v / maxV)
        let h = component.h, last = component.width - 1
        for x in 0..<width {
            out[x] = source[min(x * h / maxH, last)]
        }
    }

    /// Scratch samples a row may need (fancy filters write two per input sample).
    var scratchCapacity: Int { max(width, component.width * 2) + 16 }
}
