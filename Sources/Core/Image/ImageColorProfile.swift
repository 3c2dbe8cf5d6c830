import Foundation

/// The colour information an image carries: an embedded ICC profile, or the colour chunks of a
/// PNG (`sRGB`, `gAMA` + `cHRM`, `cICP`). Decoders read it into ``DecodedImage/colorProfile``;
/// encoders write it back; on Apple platforms the `CGImage` is created in its colour space.
///
/// Absent information is nil, which viewers treat as sRGB. A profile that was damaged, larger
/// than ``maxICCBytes`` or not an RGB/gray display profile is dropped by the decoder, never
/// trusted. Immutable and `Sendable`.
public struct ImageColorProfile: Sendable, Hashable {
    /// The largest embedded ICC profile kept: 4 MiB. Real RGB profiles are a few hundred bytes
    /// to about 100 KB (a LUT profile with a 33³ grid); anything larger is dropped, so a
    /// hostile file cannot make a decoder hold or parse megabytes of "profile".
    public static let maxICCBytes = 4 << 20

    /// The ICC profile's bytes, when the image embeds one (JPEG APP2, PNG `iCCP`, WebP `ICCP`).
    public let iccData: Data?
    /// A human-readable name: the ICC profile's description (its `desc`/`mluc` tag), or a
    /// summary of the PNG chunks (e.g. "sRGB (PNG sRGB chunk)", "gAMA 0.45455, cHRM …").
    public let name: String?
    /// PNG `sRGB`: the rendering intent byte (0–3), meaning the image is sRGB.
    public let srgbIntent: UInt8?
    /// PNG `gAMA`: the encoding gamma × 100,000 (45455 for the usual 1/2.2).
    public let pngGamma: UInt32?
    /// PNG `cHRM`: white x, y, then red, green, blue x, y, each × 100,000.
    public let pngChromaticities: [UInt32]?
    /// PNG `cICP` (ITU-T H.273): colour primaries, transfer characteristics, matrix
    /// coefficients, full-range flag.
    public let cicp: [UInt8]?
    /// Whether the description says sRGB: an `sRGB` chunk, a cICP of BT.709 primaries with
    /// the sRGB transfer, or an ICC profile the decoder recognised as sRGB. Conversion to sRGB
    /// leaves such images untouched.
    public let isSRGB: Bool

    /// Creates a description; every field is optional.
    public init(iccData: Data? = nil, name: String? = nil, srgbIntent: UInt8? = nil, pngGamma: UInt32? = nil,
                pngChromaticities: [UInt32]? = nil, cicp: [UInt8]? = nil, isSRGB: Bool = false) {
        self.iccData = iccData
        self.name = name
        self.srgbIntent = srgbIntent
        self.pngGamma = pngGamma
        self.pngChromaticities = pngChromaticities
        self.cicp = cicp
        self.isSRGB = isSRGB
    }

    /// sRGB with no embedded profile: what an image converted to sRGB carries.
    public static let sRGB = ImageColorProfile(name: "sRGB", srgbIntent: 0, isSRGB: true)
}
