import Foundation

/// Image container formats Osprey recognises.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case png, jpeg, gif, webp, bmp, unknown

    /// Detects the format from the first bytes of `data` (its magic number), never from a URL
    /// or a `Content-Type` header, which lie. Empty or unrecognised data is ``unknown``.
    ///
    /// - Complexity: O(1); reads at most the first 30 bytes.
    public static func detect(_ data: Data) -> ImageFormat {
        let head = [UInt8](data.prefix(30))
        func matches(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
        }
        if matches([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if matches([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if matches(Array("GIF87a".utf8)) || matches(Array("GIF89a".utf8)) { return .gif }
        if matches(Array("RIFF".utf8)) && matches(Array("WEBP".utf8), at: 8) { return .webp }
        if matches(Array("BM".utf8)) && isBMPInfoHeader(head) { return .bmp }
        return .unknown
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
        case .unknown: nil
        }
    }
}
