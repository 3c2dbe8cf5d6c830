import OspreyCore

/// The uncompressed 10-byte start of a VP8 key frame (RFC 6386 §9.1): the frame tag, the
/// start code and the picture size. Cheap to read, so the container can check limits first.
struct VP8PictureInfo: Sendable, Equatable {
    /// Picture size in pixels (the 14-bit fields; the 2-bit upscaling hints are ignored, as
    /// libwebp ignores them).
    var width: Int
    var height: Int
    /// Size in bytes of the first partition (modes and header), which follows the 10 bytes.
    var firstPartitionSize: Int

    /// Reads the frame tag and picture header.
    ///
    /// Throws ``ImageError/Code/unsupportedFormat`` for an inter frame or an invisible frame
    /// (a WebP holds one visible key frame), ``ImageError/Code/badImageData`` for a bad start
    /// code, a profile above 3, a zero size or a first partition longer than the payload.
    init(_ payload: UnsafeRawBufferPointer) throws(ImageError) {
        guard payload.count >= 10 else { throw ImageError(.badImageData) }
        let tag = Int(payload[0]) | Int(payload[1]) << 8 | Int(payload[2]) << 16
        guard tag & 1 == 0 else { throw ImageError(.unsupportedFormat) }   // inter frame
        guard (tag >> 1) & 7 <= 3 else { throw ImageError(.badImageData) }  // profile
        guard (tag >> 4) & 1 == 1 else { throw ImageError(.unsupportedFormat) }  // not shown
        firstPartitionSize = tag >> 5
        guard payload[3] == 0x9D, payload[4] == 0x01, payload[5] == 0x2A else {
            throw ImageError(.badImageData)
        }
        width = (Int(payload[6]) | Int(payload[7]) << 8) & 0x3FFF
        height = (Int(payload[8]) | Int(payload[9]) << 8) & 0x3FFF
        guard width > 0, height > 0 else { throw ImageError(.badImageData) }
        guard firstPartitionSize <= payload.count - 10 else { throw ImageError(.badImageData) }
    }

    /// Macroblock columns and rows (16 × 16 pixels each, the last ones partly outside).
    var macroblockColumns: Int { (width + 15) >> 4 }
    var macroblockRows: Int { (height + 15) >> 4 }
}

/// Per-segment values (RFC 6386 §9.3, §9.6): dequantisation factors and loop-filter strength.
struct VP8SegmentParameters {
    /// Y DC and AC factors (sub-blocks of 4×4-predicted and 16×16-predicted macroblocks).
    var y1DC = 0, y1AC = 0
    /// Y2 (the 16×16 macroblock's second-order DC block) DC and AC factors.
    var y2DC = 0, y2AC = 0
    /// Chroma DC and AC factors.
    var uvDC = 0, uvAC = 0
    /// Loop filter per macroblock kind: `[0]` for 16×16 prediction, `[1]` for 4×4.
    var filter = [VP8FilterStrength(), VP8FilterStrength()]
}

/// The loop-filter parameters of one segment and macroblock kind (libwebp's `VP8FInfo`).
struct VP8FilterStrength {
    /// Edge limit for inner edges (`2 · level + interior`); 0 = no filtering.
    var limit = 0
    /// Interior limit.
    var interior = 0
    /// High-edge-variance threshold.
    var hevThreshold = 0
    /// Whether inner edges are filtered regardless of coefficients (4×4-predicted macroblocks).
    var filterInner = false
}
