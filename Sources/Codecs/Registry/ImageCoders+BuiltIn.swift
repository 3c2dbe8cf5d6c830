import OspreyCore
/// The coders Osprey ships. Each codec adds itself here as it lands.
extension ImageCoders {
    /// Osprey's own pure-Swift decoders, in the order they are tried.
    public static var builtInDecoders: [any ImageDecoding] {
        [PNGDecoder(), JPEGDecoder(), GIFDecoder(), WebPDecoder(), BMPDecoder(), ICODecoder()]
    }

    /// Osprey's own pure-Swift encoders, in the order they are tried.
    public static var builtInEncoders: [any ImageEncoding] {
        [PNGEncoder(), JPEGEncoder()]
    }
}
