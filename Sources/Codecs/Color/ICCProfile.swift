import OspreyCore

/// An ICC profile's header and tag directory over its bytes (ICC.1:2010 §7), validated so that
/// every later read stays inside the profile.
///
/// Parsing never traps: each read is bounds-checked and answers nil past the end. A profile is
/// refused (`init` returns nil) when it is larger than ``ImageColorProfile/maxICCBytes``,
/// shorter than its header and tag count, lacks the `acsp` signature, or declares more tags than
/// fit; a single tag whose offset or size points outside the profile is left out of ``tags``.
struct ICCProfile: Sendable {
    /// The profile's bytes (as declared by its header, never more than were given).
    let bytes: [UInt8]
    /// The major version (2 or 4; others are read the same way).
    let majorVersion: UInt8
    /// Device class (`mntr`, `scnr`, `prtr`, `spac`, …), data colour space (`RGB `, `GRAY`, …)
    /// and profile connection space (`XYZ ` or `Lab `), as four-character codes.
    let deviceClass: UInt32, colorSpace: UInt32, connectionSpace: UInt32
    /// Tag signature → (offset, size), every range inside ``bytes``.
    let tags: [UInt32: (offset: Int, size: Int)]

    /// The most tags a profile may declare: real ones have 10–30; the cap bounds the directory.
    static let maxTags = 200

    init?(_ data: [UInt8]) {
        guard data.count >= 132, data.count <= ImageColorProfile.maxICCBytes else { return nil }
        let declared = Int(Self.u32(data, 0))
        guard declared >= 132, declared <= data.count, Self.u32(data, 36) == fourCC("acsp") else { return nil }
        bytes = declared == data.count ? data : Array(data[0..<declared])
        majorVersion = bytes[8]
        deviceClass = Self.u32(bytes, 12)
        colorSpace = Self.u32(bytes, 16)
        connectionSpace = Self.u32(bytes, 20)
        let count = Int(Self.u32(bytes, 128))
        guard count <= Self.maxTags, 132 + count * 12 <= declared else { return nil }
        var tags: [UInt32: (offset: Int, size: Int)] = [:]
        for index in 0..<count {
            let entry = 132 + index * 12
            let signature = Self.u32(bytes, entry)
            let offset = Int(Self.u32(bytes, entry + 4)), size = Int(Self.u32(bytes, entry + 8))
            guard size >= 8, offset >= 128, offset <= declared, size <= declared - offset, tags[signature] == nil else { continue }
            tags[signature] = (offset, size)
        }
        self.tags = tags
    }

    /// A big-endian UInt32 at `at` of `bytes`; the caller checked the bounds.
    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    /// The bytes of tag `signature` with their type signature checked by the caller: a reader
    /// bounded to the tag.
    func tag(_ signature: String) -> ICCReader? {
        guard let entry = tags[fourCC(signature)] else { return nil }
        return ICCReader(bytes: bytes, start: entry.offset, end: entry.offset + entry.size)
    }

    /// An `XYZType` tag (`rXYZ`, `wtpt`, …) as three numbers.
    func xyz(_ signature: String) -> SIMD3<Double>? {
        guard let reader = tag(signature), reader.u32(0) == fourCC("XYZ "),
              let x = reader.s15(8), let y = reader.s15(12), let z = reader.s15(16) else { return nil }
        return SIMD3(x, y, z)
    }

    /// A TRC tag (`curv` or `para`).
    func curve(_ signature: String) -> ICCCurve? {
        guard let reader = tag(signature) else { return nil }
        return ICCCurve.parse(reader, at: 0)?.curve
    }
}

/// Four ASCII characters as the big-endian number ICC stores.
func fourCC(_ code: String) -> UInt32 {
    code.utf8.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
}

/// Bounds-checked big-endian reads inside `start..<end` of a profile: every accessor answers
/// nil rather than read outside.
struct ICCReader {
    let bytes: [UInt8]
    let start: Int, end: Int

    var count: Int { end - start }

    /// A reader for `offset..<offset + length` inside this one, or nil when it does not fit.
    func sub(_ offset: Int, _ length: Int) -> ICCReader? {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else { return nil }
        return ICCReader(bytes: bytes, start: start + offset, end: start + offset + length)
    }

    /// The rest of this reader from `offset`.
    func from(_ offset: Int) -> ICCReader? { sub(offset, count - offset) }

    func u8(_ at: Int) -> UInt8? {
        guard at >= 0, at < count else { return nil }
        return bytes[start + at]
    }

    func u16(_ at: Int) -> UInt16? {
        guard at >= 0, at <= count - 2 else { return nil }
        return UInt16(bytes[start + at]) << 8 | UInt16(bytes[start + at + 1])
    }

    func u32(_ at: Int) -> UInt32? {
        guard at >= 0, at <= count - 4 else { return nil }
        let p = start + at
        return UInt32(bytes[p]) << 24 | UInt32(bytes[p + 1]) << 16 | UInt32(bytes[p + 2]) << 8 | UInt32(bytes[p + 3])
    }

    /// An `s15Fixed16Number`.
    func s15(_ at: Int) -> Double? {
        u32(at).map { Double(Int32(bitPattern: $0)) / 65536 }
    }
}
