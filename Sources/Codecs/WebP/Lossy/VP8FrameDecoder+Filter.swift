/// The loop filter over one finished macroblock row, in the planes (libwebp `DoFilter`):
/// per macroblock, left edge, inner vertical edges, top edge, inner horizontal edges. It
/// changes up to three pixel rows of the row above, which is why prediction reads the saved
/// unfiltered rows instead.
extension VP8FrameDecoder {
    func filterRow(_ mbY: Int) {
        let simple = parameters.filterType == 1
        let lumaTop = lumaRow(mbY * 16), (uTop, vTop) = chromaRows(mbY * 8)
        for mbX in 0..<columns {
            let f = rowFilters[mbX]
            guard f.limit > 0 else { continue }
            let yp = lumaTop + mbX * 16
            if simple {
                if mbX > 0 { VP8LoopFilter.simple(yp, step: 1, along: yStride, count: 16, limit: f.limit + 4) }
                if f.filterInner {
                    for k in 1...3 { VP8LoopFilter.simple(yp + 4 * k, step: 1, along: yStride, count: 16, limit: f.limit) }
                }
                if mbY > 0 { VP8LoopFilter.simple(yp, step: yStride, along: 1, count: 16, limit: f.limit + 4) }
                if f.filterInner {
                    for k in 1...3 {
                        VP8LoopFilter.simple(yp + 4 * k * yStride, step: yStride, along: 1, count: 16, limit: f.limit)
                    }
                }
                continue
            }
            let up = uTop + mbX * 8, vp = vTop + mbX * 8
            let (limit, interior, hev) = (f.limit, f.interior, f.hevThreshold)
            if mbX > 0 {
                VP8LoopFilter.macroblockEdge(yp, step: 1, along: yStride, count: 16,
                                             limit: limit + 4, interior: interior, hevThreshold: hev)
                VP8LoopFilter.macroblockEdge(up, step: 1, along: uvStride, count: 8,
                                             limit: limit + 4, interior: interior, hevThreshold: hev)
                VP8LoopFilter.macroblockEdge(vp, step: 1, along: uvStride, count: 8,
                                             limit: limit + 4, interior: interior, hevThreshold: hev)
            }
            if f.filterInner {
                for k in 1...3 {
                    VP8LoopFilter.innerEdge(yp + 4 * k, step: 1, along: yStride, count: 16,
                                            limit: limit, interior: interior, hevThreshold: hev)
                }
                VP8LoopFilter.innerEdge(up + 4, step: 1, along: uvStride, count: 8,
                                        limit: limit, interior: interior, hevThreshold: hev)
                VP8LoopFilter.innerEdge(vp + 4, step: 1, along: uvStride, count: 8,
                                        limit: limit, interior: interior, hevThreshold: hev)
            }
            if mbY > 0 {
                VP8LoopFilter.macroblockEdge(yp, step: yStride, along: 1, count: 16,
                                             limit: limit + 4, interior: interior, hevThreshold: hev)
                VP8LoopFilter.macroblockEdge(up, step: uvStride, along: 1, count: 8,
                                             limit: limit + 4, interior: interior, hevThreshold: hev)
                VP8LoopFilter.macroblockEdge(vp, step: uvStride, along: 1, count: 8,
                                             limit: limit + 4, interior: interior, hevThreshold: hev)
            }
            if f.filterInner {
                for k in 1...3 {
                    VP8LoopFilter.innerEdge(yp + 4 * k * yStride, step: yStride, along: 1, count: 16,
                                            limit: limit, interior: interior, hevThreshold: hev)
                }
                VP8LoopFilter.innerEdge(up + 4 * uvStride, step: uvStride, along: 1, count: 8,
                                        limit: limit, interior: interior, hevThreshold: hev)
                VP8LoopFilter.innerEdge(vp + 4 * uvStride, step: uvStride, along: 1, count: 8,
                                        limit: limit, interior: interior, hevThreshold: hev)
            }
        }
    }
}
