import OspreyCore

/// The colour chunks of a PNG (`iCCP`, `sRGB`, `gAMA`, `cHRM`, `cICP`) as the decoder meets
/// them before the image data. A malformed chunk is ignored (as libpng warns and goes on); the
/// first of each kind counts. `iCCP`'s profile is inflated only up to the size its header
/// declares, never past ``ImageColorProfile/maxICCBytes``.
struct PNGColorChunks: Sendable {
    static let iCCP = fourCC("iCCP"), sRGB = fourCC("sRGB"), gAMA = fourCC("gAMA"), cHRM = fourCC("cHRM")
    static let cICP = fourCC("cICP")

    private(set) var icc: [UInt8]?
    private(set) var srgbIntent: UInt8?
    private(set) var gamma: UInt32?
    private(set) var chromaticities: [UInt32]?
    private(set) var cicp: [UInt8]?

    /// Reads `payload` when `type` is a colour chunk; answers whether it was one.
    @discardableResult
    mutating func read(type: UInt32, payload: [UInt8]) -> Bool {
        switch type {
        case Self.iCCP:
            if icc == nil { icc = Self.inflateProfile(payload) }
        case Self.sRGB:
            if srgbIntent == nil, payload.count == 1, payload[0] <= 3 { srgbIntent = payload[0] }
        case Self.gAMA:
            if gamma == nil, payload.count == 4, case let value = Self.u32(payload, 0), value > 0 { gamma = value }
        case Self.cHRM:
            if chromaticities == nil, payload.count == 32 { chromaticities = (0..<8).map { Self.u32(payload, $0 * 4) } }
        case Self.cICP:
            if cicp == nil, payload.count == 4 { cicp = payload }
        default:
            return false
        }
        return true
    }

    /// The description of what was read, nil when nothing was.
    var profile: ImageColorProfile? {
        ColorProfileReader.png(icc: icc, srgbIntent: srgbIntent, gamma: gamma, chromaticities: chromaticities, cicp: cicp)
    }

    /// The chunks that carry `profile` in a PNG, in file order: `cICP`, then `iCCP` (the ICC
    /// bytes, deflated) or else `sRGB`, then `gAMA` and `cHRM` (kept beside `iCCP` as the
    /// fallback PNG allows). An image converted to sRGB (``ImageColorProfile/sRGB``) gets
    /// `sRGB`; an image without colour information gets none.
    static func chunks(for profile: ImageColorProfile?) -> [(String, [UInt8])] {
        guard let profile else { return [] }
        func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        var chunks: [(String, [UInt8])] = []
        if let cicp = profile.cicp, cicp.count == 4 { chunks.append(("cICP", cicp)) }
        if let icc = profile.iccData {
            chunks.append(("iCCP", Array("ICC profile".utf8) + [0, 0] + Deflater.compress([UInt8](icc))))
        } else if let intent = profile.srgbIntent {
            chunks.append(("sRGB", [intent]))
        }
        if let gamma = profile.pngGamma { chunks.append(("gAMA", bigEndian(gamma))) }
        if let c = profile.pngChromaticities, c.count == 8 { chunks.append(("cHRM", c.flatMap(bigEndian))) }
        return chunks
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    /// `iCCP`: a 1–79 byte name, NUL, compression method 0, then the zlib-compressed profile.
    /// Inflated twice: four bytes to learn the declared size, then exactly that many.
    static func inflateProfile(_ payload: [UInt8]) -> [UInt8]? {
        guard let nul = payload.prefix(81).firstIndex(of: 0), nul >= 1, nul + 2 < payload.count,
              payload[nul + 1] == 0 else { return nil }
        let stream = payload[(nul + 2)...]
        func inflate(_ count: Int) -> [UInt8]? {
            guard let inflater = try? Inflater(zlib: stream) else { return nil }
            var ok = false
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                if let (end, _) = try? inflater.inflate(into: buffer.baseAddress!, from: 0, to: count), end == count {
                    ok = true
                    initialized = count
                } else {
                    initialized = 0
                }
            }
            return ok ? bytes : nil
        }
        guard let head = inflate(4) else { return nil }
        let declared = Int(u32(head, 0))
        guard declared >= 132, declared <= ImageColorProfile.maxICCBytes else { return nil }
        return inflate(declared)
    }
}
