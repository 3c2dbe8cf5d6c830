import Foundation

/// The display scale an image's file name declares, as Apple's asset naming does and
/// SDWebImage reads it: `icon@2x.png` is drawn at scale 2, `icon@3x.png` at 3.
package enum ImageScaleFactor {
    /// 2 or 3 (any whole `@Nx` from 1 to 4) when the last path component, before its
    /// extension, ends in `@Nx`; nil otherwise.
    package static func fromFileName(of url: URL) -> Double? {
        var name = url.lastPathComponent
        if let dot = name.lastIndex(of: ".") { name = String(name[..<dot]) }
        guard let at = name.lastIndex(of: "@") else { return nil }
        let suffix = name[name.index(after: at)...]
        guard suffix.count == 2, suffix.hasSuffix("x"), let factor = Int(suffix.prefix(1)), (1...4).contains(factor)
        else { return nil }
        return Double(factor)
    }
}
