import OspreyCore

extension DecodedImage {
    /// The image carrying `profile`, its frames converted to sRGB when `options` ask for it
    /// and the profile needs it: for decoders whose frames are composed before there is a row
    /// stage to convert in (WebP, animations). A lazy animation converts each frame when it
    /// is composed (``mapFrames(_:)``).
    func applyingColor(_ profile: ImageColorProfile?, options: DecodeOptions) -> DecodedImage {
        guard options.convertToSRGB, let converter = SRGBConverter.make(for: profile) else {
            return withColorProfile(profile)
        }
        let converted = mapFrames { pixels in
            var pixels = pixels
            converter.convert(&pixels)
            return pixels
        } ?? self
        return converted.withColorProfile(.sRGB)
    }
}
