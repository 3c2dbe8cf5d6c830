import OspreyTestTraits
import Testing
import OspreyCore

/// The display layout Apple images are made in: premultiplied BGRA, or opaque BGRX.
@Suite("Display pixels", .offCooperativePool)
struct DisplayPixelsTests {
    @Test("opaque pixels: swapped to BGRA, flagged opaque (no alpha channel needed)")
    func opaque() {
        let display = DisplayPixels(PixelBuffer(width: 2, height: 1, bytes: [10, 20, 30, 255, 1, 2, 3, 255]))
        #expect(display.isOpaque)
        #expect(display.bytes == [30, 20, 10, 255, 3, 2, 1, 255])
    }

    @Test("translucent pixels: premultiplied with rounding, exact for every colour and alpha pair")
    func premultiplied() {
        let display = DisplayPixels(PixelBuffer(width: 3, height: 1, bytes: [255, 128, 0, 128, 200, 100, 50, 0, 9, 9, 9, 255]))
        #expect(!display.isOpaque)
        #expect(display.bytes == [0, 64, 128, 128, 0, 0, 0, 0, 9, 9, 9, 255])
        for alpha in 0...255 {
            var bytes: [UInt8] = []
            for c in 0...255 { bytes += [UInt8(c), 0, 0, UInt8(alpha)] }
            let out = DisplayPixels(PixelBuffer(width: 256, height: 1, bytes: bytes)).bytes
            for c in 0...255 where out[c * 4 + 2] != UInt8((c * alpha + 127) / 255) {
                Issue.record("c \(c) a \(alpha): \(out[c * 4 + 2])")
                return
            }
        }
    }

    @Test("frame by frame: lazy or finitely looping animations; stills and endless eager loops animate themselves")
    func presentation() {
        #expect(AnimationPresentation.playsFrameByFrame(isAnimated: true, isLazy: true, loopCount: 0))
        #expect(AnimationPresentation.playsFrameByFrame(isAnimated: true, isLazy: false, loopCount: 3))
        #expect(!AnimationPresentation.playsFrameByFrame(isAnimated: true, isLazy: false, loopCount: 0))
        #expect(!AnimationPresentation.playsFrameByFrame(isAnimated: false, isLazy: true, loopCount: 2))
        let twice = DecodedImage(frames: [ImageFrame(pixels: PixelBuffer(width: 1, height: 1)),
                                          ImageFrame(pixels: PixelBuffer(width: 1, height: 1))], loopCount: 2)
        #expect(AnimationPresentation.playsFrameByFrame(twice))
    }

    @Test("a platform image's scale is its pixels per point; 1 when the point size is unknown")
    func platformScale() {
        #expect(PlatformImageScale.scale(pixelWidth: 200, pointWidth: 100) == 2)
        #expect(PlatformImageScale.scale(pixelWidth: 300, pointWidth: 100) == 3)
        #expect(PlatformImageScale.scale(pixelWidth: 100, pointWidth: 0) == 1)
        #expect(PlatformImageScale.scale(pixelWidth: 100, pointWidth: .nan) == 1)
        #expect(PlatformImageScale.scale(pixelWidth: 0, pointWidth: 10) == 1)
    }
}
