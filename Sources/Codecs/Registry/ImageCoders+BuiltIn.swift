import OspreyCore
/// The coders Osprey ships. Each codec adds itself here as it lands.
extension ImageCoders {
    /// Osprey's own pure-Swift decoders, in the order they are tried.
    /// On Apple platforms the system's codecs (``ImageIODecoder``) come last, for the formats
    /// Osprey does not decode itself (HEIC, AVIF, TIFF …).
    public static var builtInDecoders: [any ImageDecoding] {
        var decoders: [any ImageDecoding] = [PNGDecoder(), JPEGDecoder(), GIFDecoder(), WebPDecoder(), BMPDecoder(), ICODecoder()]
        #if canImport(ImageIO)
        decoders.append(ImageIODecoder())
        #endif
        return decoders
    }

    /// Osprey's own pure-Swift encoders, in the order they are tried.
    public static var builtInEncoders: [any ImageEncoding] {
        [PNGEncoder(), JPEGEncoder()]
    }
}
