/// Prediction plus residuals, one macroblock at a time, in the work area (libwebp's
/// `ReconstructRow`): the edges come from the unfiltered row above and the macroblock to the
/// left, with 127 above the frame and 129 left of it.
extension VP8FrameDecoder {
    private var bps: Int { VP8Prediction.stride }

    /// Prepares the work area's left edge for the first macroblock of row `mbY`.
    func beginRow(_ mbY: Int) {
        let yw = work + Self.workY, uw = work + Self.workU, vw = work + Self.workV
        for j in 0..<16 { yw[j * bps - 1] = 129 }
        for j in 0..<8 { uw[j * bps - 1] = 129; vw[j * bps - 1] = 129 }
        if mbY > 0 {
            yw[-1 - bps] = 129; uw[-1 - bps] = 129; vw[-1 - bps] = 129
        } else {
            // Above the frame: 127, including the corner and the above-right pixels.
            (yw - bps - 1).update(repeating: 127, count: 21)
            (uw - bps - 1).update(repeating: 127, count: 9)
            (vw - bps - 1).update(repeating: 127, count: 9)
        }
    }

    /// Predicts and reconstructs macroblock (`mbX`, `mbY`) from ``coefficients``, keeps its
    /// unfiltered bottom row for the row below, then copies it to the planes (or hands it to
    /// the ``reducer``).
    func reconstruct(_ mb: VP8Macroblock, mbX: Int, mbY: Int) {
        let yw = work + Self.workY, uw = work + Self.workU, vw = work + Self.workV
        if mbX > 0 {
            // The previous macroblock's right columns (and its top-right corner) become the left edge.
            for j in -1..<16 { (yw + j * bps - 4).update(from: yw + j * bps + 12, count: 4) }
            for j in -1..<8 {
                (uw + j * bps - 4).update(from: uw + j * bps + 4, count: 4)
                (vw + j * bps - 4).update(from: vw + j * bps + 4, count: 4)
            }
        }
        if mbY > 0 {
            (yw - bps).update(from: topY + 16 * mbX, count: 16)
            (uw - bps).update(from: topU + 8 * mbX, count: 8)
            (vw - bps).update(from: topV + 8 * mbX, count: 8)
        }
        if mb.usesSubblocks {
            let topRight = yw - bps + 16
            if mbY > 0 {
                if mbX == columns - 1 {
                    topRight.update(repeating: topY[16 * mbX + 15], count: 4)
                } else {
                    topRight.update(from: topY + 16 * mbX + 16, count: 4)
                }
            }
            // Sub-blocks on the right column take their above-right pixels from the row above
            // the macroblock, whatever row they are in (a VP8 rule).
            for row in stride(from: 3, through: 11, by: 4) { (yw + row * bps + 16).update(from: topRight, count: 4) }
            for n in 0..<16 {
                let dst = yw + (n & 3) * 4 + (n >> 2) * 4 * bps
                VP8Prediction.predictSubblock(dst, mode: mb.subblockMode(n))
                addResidual(block: n, to: dst)
            }
        } else {
            VP8Prediction.predictBlock(yw, size: 16, mode: Self.edgeMode(mb.lumaMode, mbX: mbX, mbY: mbY))
            for n in 0..<16 { addResidual(block: n, to: yw + (n & 3) * 4 + (n >> 2) * 4 * bps) }
        }
        let chroma = Self.edgeMode(mb.chromaMode, mbX: mbX, mbY: mbY)
        VP8Prediction.predictBlock(uw, size: 8, mode: chroma)
        VP8Prediction.predictBlock(vw, size: 8, mode: chroma)
        for n in 0..<4 {
            let offset = (n & 1) * 4 + (n >> 1) * 4 * bps
            addResidual(block: 16 + n, to: uw + offset)
            addResidual(block: 20 + n, to: vw + offset)
        }
        // Keep the unfiltered bottom rows for the prediction of the row below.
        if mbY < rows - 1 {
            (topY + 16 * mbX).update(from: yw + 15 * bps, count: 16)
            (topU + 8 * mbX).update(from: uw + 7 * bps, count: 8)
            (topV + 8 * mbX).update(from: vw + 7 * bps, count: 8)
        }
        if let reducer {
            reducer.add(mbX: mbX, mbY: mbY, luma: yw, cb: uw, cr: vw, workStride: bps)
            return
        }
        let yDst = lumaRow(mbY * 16) + mbX * 16
        for j in 0..<16 { (yDst + j * yStride).update(from: yw + j * bps, count: 16) }
        let (uRow, vRow) = chromaRows(mbY * 8)
        let uDst = uRow + mbX * 8, vDst = vRow + mbX * 8
        for j in 0..<8 {
            (uDst + j * uvStride).update(from: uw + j * bps, count: 8)
            (vDst + j * uvStride).update(from: vw + j * bps, count: 8)
        }
    }

    /// Adds block `block`'s inverse transform to the 4×4 pixels at `dst` (nothing for an
    /// all-zero block, the DC shortcut when only the DC is set: the same result as the full one).
    @inline(__always)
    private func addResidual(block: Int, to dst: UnsafeMutablePointer<UInt8>) {
        let input = coefficients + 16 * block
        if blockTokens[block] > 1 {
            VP8Transform.addInverseDCT(input, to: dst, stride: bps)
        } else if input[0] != 0 {
            VP8Transform.addDC(input[0], to: dst, stride: bps)
        }
    }

    /// DC prediction without the missing edges on the frame's top row and left column.
    static func edgeMode(_ mode: Int, mbX: Int, mbY: Int) -> Int {
        guard mode == VP8Mode.dc else { return mode }
        if mbX == 0 { return mbY == 0 ? VP8Mode.dcNoTopLeft : VP8Mode.dcNoLeft }
        return mbY == 0 ? VP8Mode.dcNoTop : VP8Mode.dc
    }
}
