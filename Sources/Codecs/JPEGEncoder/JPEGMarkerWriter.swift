/// The marker segments around the entropy-coded data (T.81 B.2, JFIF 1.02, EXIF 2.3, ICC.1
/// Annex B.4).
enum JPEGMarkerWriter {
    /// APP0 "JFIF" 1.01, no density unit (aspect 1:1), no thumbnail.
    static func jfif(into writer: inout JPEGBitWriter) {
        writer.appendSegment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
    }

    /// APP1 "Exif" with a big-endian TIFF header and one IFD0 entry: Orientation (0x0112,
    /// SHORT) = `orientation`.
    static func exifOrientation(_ orientation: Int, into writer: inout JPEGBitWriter) {
        var payload = Array("Exif".utf8) + [0, 0]
        payload += [0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08]          // "MM", 42, IFD0 at 8
        payload += [0x00, 0x01]                                              // one entry
        payload += [0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01]          // tag, SHORT, count 1
        payload += [0x00, UInt8(orientation), 0x00, 0x00]                    // value, padded
        payload += [0x00, 0x00, 0x00, 0x00]                                  // no next IFD
        writer.appendSegment(0xE1, payload)
    }

    /// Largest ICC chunk per APP2: a segment's 65 533 payload bytes less the 14-byte header.
    static let iccChunk = 65_519

    /// APP2 "ICC_PROFILE" segments carrying `profile`, numbered from 1.
    static func icc(_ profile: [UInt8], into writer: inout JPEGBitWriter) {
        let chunks = (profile.count + iccChunk - 1) / iccChunk
        for index in 0..<chunks {
            let part = profile[index * iccChunk..<min(profile.count, (index + 1) * iccChunk)]
            writer.appendSegment(0xE2, Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(chunks)] + part)
        }
    }

    /// DQT with the 8-bit `tables` (natural order) as tables 0, 1, …
    static func quantTables(_ tables: [[Int]], into writer: inout JPEGBitWriter) {
        var payload: [UInt8] = []
        for (id, table) in tables.enumerated() {
            payload.append(UInt8(id))
            payload += JPEGQuantTables.zigzagToNatural.map { UInt8(table[$0]) }
        }
        writer.appendSegment(0xDB, payload)
    }

    /// SOF0 (baseline) or SOF2 (progressive) for `layout`.
    static func frame(_ layout: JPEGFrameLayout, progressive: Bool, into writer: inout JPEGBitWriter) {
        var payload: [UInt8] = [8, UInt8(layout.height >> 8), UInt8(layout.height & 0xFF),
                                UInt8(layout.width >> 8), UInt8(layout.width & 0xFF), UInt8(layout.components.count)]
        for component in layout.components {
            payload += [component.id, UInt8(component.horizontal << 4 | component.vertical), UInt8(component.table)]
        }
        writer.appendSegment(progressive ? 0xC2 : 0xC0, payload)
    }

    /// DHT with `tables`: each (class 0 DC / 1 AC, id, spec).
    static func huffmanTables(_ tables: [(tableClass: Int, id: Int, spec: JPEGHuffmanSpec)], into writer: inout JPEGBitWriter) {
        var payload: [UInt8] = []
        for table in tables {
            payload.append(UInt8(table.tableClass << 4 | table.id))
            payload += table.spec.counts
            payload += table.spec.symbols
        }
        writer.appendSegment(0xC4, payload)
    }

    /// DRI with `interval` MCUs.
    static func restartInterval(_ interval: Int, into writer: inout JPEGBitWriter) {
        writer.appendSegment(0xDD, [UInt8(interval >> 8), UInt8(interval & 0xFF)])
    }

    /// SOS for `components` (each with its DC and AC table ids) and the spectral selection and
    /// successive approximation parameters.
    static func scan(_ components: [(id: UInt8, dc: Int, ac: Int)], start: Int = 0, end: Int = 63,
                     high: Int = 0, low: Int = 0, into writer: inout JPEGBitWriter) {
        var payload: [UInt8] = [UInt8(components.count)]
        for component in components {
            payload += [component.id, UInt8(component.dc << 4 | component.ac)]
        }
        payload += [UInt8(start), UInt8(end), UInt8(high << 4 | low)]
        writer.appendSegment(0xDA, payload)
    }
}
