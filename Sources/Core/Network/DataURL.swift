import Foundation

/// A `data:` URL (RFC 2397) taken apart: its bytes are the image, so it needs no network and
/// no disk cache.
package struct DataURL: Sendable, Equatable {
    /// The media type it declares (`image/png` …), lowercased; `text/plain` when it names none.
    package var mediaType: String
    /// The bytes: base64-decoded, or percent-decoded.
    package var data: Data

    /// Parses `url`; nil when it is not a well-formed `data:` URL (no comma, bad base64).
    package init?(_ url: URL) {
        guard url.scheme?.lowercased() == "data" else { return nil }
        let text = url.absoluteString
        guard let colon = text.firstIndex(of: ":"), let comma = text[colon...].firstIndex(of: ",") else { return nil }
        let header = text[text.index(after: colon)..<comma]
        let payload = text[text.index(after: comma)...]
        var parameters = header.split(separator: ";", omittingEmptySubsequences: false).map {
            String($0).trimmingCharacters(in: .whitespaces)
        }
        let base64 = parameters.last?.lowercased() == "base64"
        if base64 { parameters.removeLast() }
        let type = parameters.first.flatMap { $0.removingPercentEncoding }?.lowercased() ?? ""
        mediaType = type.isEmpty ? "text/plain" : type
        if base64 {
            // Percent-escapes and whitespace may wrap base64 in a URL; padding may be missing.
            let cleaned = (String(payload).removingPercentEncoding ?? String(payload)).filter { !$0.isWhitespace }
            let padded = cleaned + String(repeating: "=", count: (4 - cleaned.count % 4) % 4)
            guard let bytes = Data(base64Encoded: padded) else { return nil }
            data = bytes
        } else {
            guard let decoded = Self.percentDecoded(payload) else { return nil }
            data = decoded
        }
    }

    /// Percent-decodes to bytes (not to a string: the payload may be binary).
    private static func percentDecoded(_ text: Substring) -> Data? {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "%") {
                guard i + 2 < utf8.count, let byte = UInt8(String(decoding: utf8[i + 1...i + 2], as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(byte)
                i += 3
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return Data(bytes)
    }
}
