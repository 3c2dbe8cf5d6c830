import OspreyCore

/// Everything the first partition's header says about a key frame (RFC 6386 §9.3–§9.11):
/// segmentation, loop filter, token partitions, quantisers and coefficient probabilities.
/// Parsing leaves `modes` positioned on the first macroblock header.
struct VP8FrameParameters {
    /// The first partition, positioned after the frame header: macroblock headers follow.
    var modes: VP8BoolDecoder
    /// The token partitions (1, 2, 4 or 8); macroblock row `y` reads partition `y % count`.
    var tokenPartitions: [VP8BoolDecoder]
    /// Whether each macroblock header carries a segment id, and the tree probabilities.
    var segmentMapUpdated = false
    var segmentProbabilities = [255, 255, 255]
    /// Dequantisation and filter values per segment (all four equal without segmentation).
    var segments = [VP8SegmentParameters](repeating: VP8SegmentParameters(), count: 4)
    /// 0 = no loop filter, 1 = simple, 2 = normal.
    var filterType = 0
    /// The probability that a macroblock has no coefficients, when the stream codes it.
    var skipProbability: Int?
    /// Coefficient probabilities `[type][band][context][node]` (``VP8Tables`` layout).
    var coefficientProbabilities = VP8Tables.defaultCoefficientProbabilities

    /// Parses the header of the frame whose first partition starts at byte 10 of `payload`.
    /// Throws ``ImageError/Code/badImageData`` when the header or the partition table runs
    /// past the data (libwebp's "cannot parse" errors).
    init(_ payload: UnsafeRawBufferPointer, info: VP8PictureInfo) throws(ImageError) {
        let firstEnd = 10 + info.firstPartitionSize
        modes = VP8BoolDecoder(UnsafeRawBufferPointer(rebasing: payload[10..<firstEnd]))
        tokenPartitions = []
        _ = modes.flag()   // colour space: only 0 is defined; libwebp ignores it
        _ = modes.flag()   // clamping type: libwebp always clamps

        // Segmentation (§9.3).
        var segmentQuantizers = [0, 0, 0, 0], segmentFilterLevels = [0, 0, 0, 0]
        var segmentsEnabled = false, absoluteDeltas = true
        if modes.flag() {
            segmentsEnabled = true
            segmentMapUpdated = modes.flag()
            if modes.flag() {   // segment data update
                absoluteDeltas = modes.flag()
                for s in 0..<4 { segmentQuantizers[s] = modes.flag() ? modes.signedLiteral(7) : 0 }
                for s in 0..<4 { segmentFilterLevels[s] = modes.flag() ? modes.signedLiteral(6) : 0 }
            }
            if segmentMapUpdated {
                for s in 0..<3 { segmentProbabilities[s] = modes.flag() ? modes.literal(8) : 255 }
            }
        }
        guard !modes.isAtEnd else { throw ImageError(.badImageData) }

        // Loop filter (§9.4).
        let simpleFilter = modes.flag()
        let filterLevel = modes.literal(6)
        let sharpness = modes.literal(3)
        var referenceDelta = 0, modeDelta = 0
        let useDeltas = modes.flag()
        if useDeltas, modes.flag() {
            // Only the intra-frame deltas (reference 0, mode 0 = B_PRED) matter for a key frame.
            for i in 0..<4 where modes.flag() {
                let delta = modes.signedLiteral(6)
                if i == 0 { referenceDelta = delta }
            }
            for i in 0..<4 where modes.flag() {
                let delta = modes.signedLiteral(6)
                if i == 0 { modeDelta = delta }
            }
        }
        // libwebp turns the filter off when the frame level is 0, whatever the segments say.
        filterType = filterLevel == 0 ? 0 : simpleFilter ? 1 : 2
        guard !modes.isAtEnd else { throw ImageError(.badImageData) }

        // Token partitions (§9.5): their sizes, 3 bytes each but the last, follow the first partition.
        let partitionCount = 1 << modes.literal(2)
        var start = firstEnd + 3 * (partitionCount - 1)
        guard start <= payload.count else { throw ImageError(.badImageData) }
        for p in 0..<partitionCount {
            var end = payload.count
            if p < partitionCount - 1 {
                let field = firstEnd + 3 * p
                let size = Int(payload[field]) | Int(payload[field + 1]) << 8 | Int(payload[field + 2]) << 16
                end = min(start + size, payload.count)
            } else {
                // libwebp needs at least one byte in the last partition.
                guard start < end else { throw ImageError(.badImageData) }
            }
            tokenPartitions.append(VP8BoolDecoder(UnsafeRawBufferPointer(rebasing: payload[start..<end])))
            start = end
        }

        // Quantisers (§9.6).
        let baseQ = modes.literal(7)
        let y1DCDelta = modes.flag() ? modes.signedLiteral(4) : 0
        let y2DCDelta = modes.flag() ? modes.signedLiteral(4) : 0
        let y2ACDelta = modes.flag() ? modes.signedLiteral(4) : 0
        let uvDCDelta = modes.flag() ? modes.signedLiteral(4) : 0
        let uvACDelta = modes.flag() ? modes.signedLiteral(4) : 0
        for s in 0..<4 {
            var q = baseQ
            if segmentsEnabled { q = segmentQuantizers[s] + (absoluteDeltas ? 0 : baseQ) }
            func clip(_ v: Int, _ limit: Int) -> Int { v < 0 ? 0 : v > limit ? limit : v }
            var segment = VP8SegmentParameters()
            segment.y1DC = VP8Tables.dcQuant[clip(q + y1DCDelta, 127)]
            segment.y1AC = VP8Tables.acQuant[clip(q, 127)]
            segment.y2DC = VP8Tables.dcQuant[clip(q + y2DCDelta, 127)] * 2
            // x · 155 / 100, exactly as libwebp computes it, and at least 8.
            segment.y2AC = max((VP8Tables.acQuant[clip(q + y2ACDelta, 127)] * 101_581) >> 16, 8)
            segment.uvDC = VP8Tables.dcQuant[clip(q + uvDCDelta, 117)]
            segment.uvAC = VP8Tables.acQuant[clip(q + uvACDelta, 127)]
            // Loop filter strength (libwebp `PrecomputeFilterStrengths`).
            var baseLevel = filterLevel
            if segmentsEnabled {
                baseLevel = segmentFilterLevels[s] + (absoluteDeltas ? 0 : filterLevel)
            }
            for inner in 0..<2 {
                var level = baseLevel
                if useDeltas {
                    level += referenceDelta
                    if inner == 1 { level += modeDelta }
                }
                level = clip(level, 63)
                var strength = VP8FilterStrength()
                if level > 0 {
                    var interior = level
                    if sharpness > 0 {
                        interior >>= sharpness > 4 ? 2 : 1
                        interior = min(interior, 9 - sharpness)
                    }
                    interior = max(interior, 1)
                    strength.interior = interior
                    strength.limit = 2 * level + interior
                    strength.hevThreshold = level >= 40 ? 2 : level >= 15 ? 1 : 0
                }
                strength.filterInner = inner == 1
                segment.filter[inner] = strength
            }
            segments[s] = segment
        }

        // Coefficient probability updates (§13.4) and the skip probability (§9.11).
        _ = modes.flag()   // refresh_entropy_probs: irrelevant for a single frame
        for i in 0..<VP8Tables.coefficientProbabilityCount
        where modes.bit(Int(VP8Tables.coefficientUpdateProbabilities[i])) {
            coefficientProbabilities[i] = UInt8(modes.literal(8))
        }
        skipProbability = modes.flag() ? modes.literal(8) : nil
        guard !modes.isAtEnd else { throw ImageError(.badImageData) }
    }
}
