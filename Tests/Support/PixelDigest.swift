import OspreyCore

extension PixelBuffer {
    /// SHA-256 of the RGBA bytes as lowercase hex: what the corpus manifest's `rgba_sha256`
    /// holds for frame 0.
    public var rgbaSHA256: String { SHA256.hexDigest(bytes) }
}
