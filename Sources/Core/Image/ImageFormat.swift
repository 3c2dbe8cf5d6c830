import Foundation

/// Image container formats Osprey recognises.
///
/// ``ico`` (icons and cursors), ``heic``, ``avif`` and ``tiff`` are recognised too, so that a
/// file no decoder reads fails with ``ImageError/Code/unsupportedFormat`` naming its format.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case png, jpeg, gif, webp, bmp, unknown
    /// Windows icon (`.ico`) or cursor (`.cur`): a directory of BMP or PNG images.
    case ico
    /// HEIF with HEVC images (every iPhone photo since 2017).
    case heic
    /// HEIF with AV1 images.
    case avif
    /// TIFF, either byte order.
    case tiff

    /// Detects the format from the first bytes of `data` (its magic number), never from a URL
    /// or a `Content-Type` header, which lie. Empty or unrecognised data is ``unknown``.
    ///
    /// - Complexity: O(1); reads at most the first 64 bytes.
    public static func detect(_ data: Data) -> ImageFormat {
        let head = [UInt8](data.prefix(64))
        func matches(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
        }
        if matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if matches([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if matches(Array("GIF87a".utf8)) || matches(Array("GIF89a".utf8)) { return .gif }
        if matches(Array("RIFF".utf8)) && matches(Array("WEBP".utf8), at: 8) { return .webp }
        if matches(Array("BM".utf8)) && isBMPInfoHeader(head) { return .bmp }
        if matches([0x49, 0x49, 0x2A, 0x00]) || matches([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if let heif = heifFormat(head) { return heif }
        if isIconDirectory(head) { return .ico }
        return .unknown
    }

    /// An ISO-BMFF `ftyp` box whose major or compatible brands name HEIF with AV1 (`avif`,
    /// `avis`) or HEVC (`heic`, `heix`, `heim`, `heis`, `hevc`, `hevx`); AV1 wins when both are
    /// listed. A generic `mif1`/`msf1` with no codec brand in the first bytes is HEIC, the
    /// common case. Other `ftyp` files (MP4, QuickTime) are not images.
    private static func heifFormat(_ head: [UInt8]) -> ImageFormat? {
        guard head.count >= 16, Array(head[4..<8]) == Array("ftyp".utf8) else { return nil }
        let boxSize = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        let end = min(head.count, max(16, boxSize))
        var brands: [String] = [String(decoding: head[8..<12], as: UTF8.self)]
        var offset = 16
        while offset + 4 <= end {
            brands.append(String(decoding: head[offset..<offset + 4], as: UTF8.self))
            offset += 4
        }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
        if brands.contains(where: { ["heic", "heix", "heim", "heis", "hevc", "hevx"].contains($0) }) { return .heic }
        if brands.contains(where: { $0 == "mif1" || $0 == "msf1" }) { return .heic }
        return nil
    }

    /// An ICONDIR: reserved 0, type 1 (icon) or 2 (cursor), at least one entry, and a first
    /// entry whose data starts after the directory. Four bytes alone (`00 00 01 00`) begin too
    /// many other files.
    private static func isIconDirectory(_ head: [UInt8]) -> Bool {
        guard head.count >= 22, head[0] == 0, head[1] == 0, head[2] == 1 || head[2] == 2, head[3] == 0 else {
            return false
        }
        let count = Int(head[4]) | Int(head[5]) << 8
        let offset = Int(head[18]) | Int(head[19]) << 8 | Int(head[20]) << 16 | Int(head[21]) << 24
        let size = Int(head[14]) | Int(head[15]) << 8 | Int(head[16]) << 16 | Int(head[17]) << 24
        return count > 0 && offset >= 6 + 16 * count && size > 0
    }

    /// "BM" alone is too weak a signature (text files start with it): also require a DIB
    /// header size in the range BMP variants use (12 for OS/2 1.x up to 124 for V5, with room
    /// for odd private sizes), so a damaged header still reaches the BMP decoder and fails
    /// there with a clear error. The reserved fields are not checked: cursor writers fill them.
    private static func isBMPInfoHeader(_ head: [UInt8]) -> Bool {
        guard head.count >= 18 else { return false }
        let size = UInt32(head[14]) | UInt32(head[15]) << 8 | UInt32(head[16]) << 16 | UInt32(head[17]) << 24
        return (12...255).contains(size)
    }

    /// The usual MIME type of the format (`image/png` …), nil for ``unknown``.
    public var mimeType: String? {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .bmp: "image/bmp"
        case .ico: "image/x-icon"
        case .heic: "image/heic"
        case .avif: "image/avif"
        case .tiff: "image/tiff"
        case .unknown: nil
        }
    }
}
