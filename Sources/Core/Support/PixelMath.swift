/// Small pixel helpers shared by decoders, transformers and the platform adapters.
package enum PixelMath {
    /// Converts premultiplied RGBA to straight alpha, in place.
    package static func unpremultiply(_ bytes: inout [UInt8]) {
        var i = 0
        while i + 3 < bytes.count {
            let a = Int(bytes[i + 3])
            if a != 0 && a != 255 {
                for c in 0..<3 {
                    bytes[i + c] = UInt8(min(255, (Int(bytes[i + c]) * 255 + a / 2) / a))
                }
            }
            i += 4
        }
    }
}
