import Foundation
import OspreyCore

/// Turns the colour information a decoder found into an ``ImageColorProfile``: validates an ICC
/// profile (dropping it when malformed or not an RGB/gray profile), names it, and recognises
/// sRGB so that conversion can leave such images bit-identical.
enum ColorProfileReader {
    /// An ``ImageColorProfile`` for embedded ICC bytes, or nil when they are not a usable
    /// profile: larger than ``ImageColorProfile/maxICCBytes``, malformed, or for another colour
    /// model than RGB or gray (a CMYK JPEG's profile describes ink, not the RGB it decodes to).
    static func icc(_ bytes: [UInt8]) -> ImageColorProfile? {
        guard let profile = ICCProfile(bytes),
              profile.colorSpace == fourCC("RGB ") || profile.colorSpace == fourCC("GRAY") else { return nil }
        return ImageColorProfile(iccData: Data(profile.bytes), name: description(of: profile),
                                 isSRGB: isSRGB(profile))
    }

    /// The profile's `desc` tag: a v2 `textDescriptionType` (its ASCII part), a v4 `mluc`
    /// (the English record, else the first), or a plain `text`. Control characters are dropped
    /// and the result is at most 200 characters.
    static func description(of profile: ICCProfile) -> String? {
        guard let tag = profile.tag("desc"), let type = tag.u32(0) else { return nil }
        var text: String?
        switch type {
        case fourCC("desc"):
            if let count = tag.u32(8).map(Int.init), let ascii = tag.sub(12, min(count, tag.count - 12)) {
                text = String(decoding: ascii.bytes[ascii.start..<ascii.end].prefix { $0 != 0 }, as: UTF8.self)
            }
        case fourCC("mluc"):
            guard let records = tag.u32(8).map(Int.init), let size = tag.u32(12).map(Int.init), size >= 12 else { break }
            var chosen: (Int, Int)?
            for index in 0..<min(records, 100) {
                let record = 16 + index * size
                guard let language = tag.u16(record), let length = tag.u32(record + 4).map(Int.init),
                      let offset = tag.u32(record + 8).map(Int.init) else { break }
                if chosen == nil || language == 0x656E { chosen = (offset, length) }   // "en"
                if language == 0x656E { break }
            }
            if let (offset, length) = chosen, let utf16 = tag.sub(offset, length & ~1) {
                let units = stride(from: 0, to: utf16.count, by: 2).map { utf16.u16($0)! }
                text = String(decoding: units.prefix { $0 != 0 }, as: UTF16.self)
            }
        case fourCC("text"):
            if let body = tag.from(8) {
                text = String(decoding: body.bytes[body.start..<body.end].prefix { $0 != 0 }, as: UTF8.self)
            }
        default: break
        }
        let cleaned = text.map { String(String.UnicodeScalarView($0.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }).prefix(200)) }
        return cleaned?.isEmpty == false ? cleaned : nil
    }

    /// Whether `profile` is sRGB in effect: an RGB matrix/TRC profile (without an `A2B0`
    /// table) whose colorants are within 0.002 of sRGB's and whose three curves stay within
    /// half an 8-bit step of the sRGB curve. Profiles of that kind from HP, littleCMS, Apple
    /// and Google differ only in rounding; conversion treats them as sRGB and changes nothing.
    static func isSRGB(_ profile: ICCProfile) -> Bool {
        guard profile.colorSpace == fourCC("RGB "), profile.tags[fourCC("A2B0")] == nil,
              case .matrix(let colorants, let curves)? = ColorTransformSource(profile: profile) else { return false }
        let reference = ColorMatrix.sRGBColorants
        let rows = [colorants.rows.0 - reference.rows.0, colorants.rows.1 - reference.rows.1, colorants.rows.2 - reference.rows.2]
        guard rows.allSatisfy({ abs($0.x) <= 0.002 && abs($0.y) <= 0.002 && abs($0.z) <= 0.002 }) else { return false }
        return curves.allSatisfy { $0.isClose(to: .sRGB, tolerance: 0.5 / 255) }
    }

    /// The PNG colour chunks as a profile. `cICP` wins over `iCCP`, which wins over `sRGB`,
    /// which wins over `gAMA`/`cHRM` (PNG Third Edition §4.3); the others are kept for the
    /// record. Nil when there are none.
    static func png(icc: [UInt8]?, srgbIntent: UInt8?, gamma: UInt32?, chromaticities: [UInt32]?, cicp: [UInt8]?)
        -> ImageColorProfile? {
        let embedded = icc.flatMap(Self.icc)
        guard embedded != nil || srgbIntent != nil || gamma != nil || chromaticities != nil || cicp != nil else { return nil }
        var parts: [String] = []
        if let cicp { parts.append("cICP \(cicp.map(String.init).joined(separator: "/"))") }
        if let name = embedded?.name { parts.append("iCCP \"\(name)\"") } else if embedded != nil { parts.append("iCCP") }
        if srgbIntent != nil { parts.append("sRGB chunk") }
        if let gamma { parts.append("gAMA \(Double(gamma) / 100000)") }
        if chromaticities != nil { parts.append("cHRM") }
        let srgb: Bool
        if let cicp { srgb = cicp.count == 4 && cicp[0] == 1 && cicp[1] == 13 && cicp[2] == 0 }
        else if let embedded { srgb = embedded.isSRGB }
        else if srgbIntent != nil { srgb = true }
        else { srgb = chromaticities == nil && gamma.map { abs(Int($0) - 45455) <= 100 } ?? false }
        return ImageColorProfile(iccData: embedded?.iccData, name: parts.joined(separator: ", "), srgbIntent: srgbIntent,
                                 pngGamma: gamma, pngChromaticities: chromaticities, cicp: cicp, isSRGB: srgb)
    }
}
