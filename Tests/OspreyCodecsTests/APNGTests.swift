import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// APNG composition on files built chunk by chunk: dispose and blend ops, offsets, the
/// default image outside the animation, and malformed animation chunks.
@Suite("APNG", .offCooperativePool)
struct APNGTests {
    typealias H = PNGTestHelpers

    /// One frame to write: its pixels, offset, delay and ops.
    struct Frame {
        var pixels: PixelBuffer
        var x = 0, y = 0
        var delay: (UInt16, UInt16) = (1, 10)
        var dispose: UInt8 = 0
        var blend: UInt8 = 0
    }

    /// An APNG with a `width` × `height` canvas. With `defaultImage`, the IDAT holds it and
    /// is not part of the animation; otherwise the first frame is the IDAT.
    static func apng(width: Int, height: Int, frames: [Frame], plays: UInt32 = 0,
                     defaultImage: PixelBuffer? = nil, sequenceOffset: UInt32 = 0) -> Data {
        var chunks: [(String, [UInt8])] = [("IHDR", H.ihdr(width: width, height: height))]
        chunks.append(("acTL", H.bigEndian(UInt32(frames.count)) + H.bigEndian(plays)))
        var sequence: UInt32 = sequenceOffset
        func control(_ frame: Frame) -> (String, [UInt8]) {
            defer { sequence += 1 }
            return ("fcTL", H.bigEndian(sequence) + H.bigEndian(UInt32(frame.pixels.width))
                    + H.bigEndian(UInt32(frame.pixels.height)) + H.bigEndian(UInt32(frame.x)) + H.bigEndian(UInt32(frame.y))
                    + [UInt8(frame.delay.0 >> 8), UInt8(frame.delay.0 & 0xFF), UInt8(frame.delay.1 >> 8),
                       UInt8(frame.delay.1 & 0xFF), frame.dispose, frame.blend])
        }
        var rest = frames[...]
        if let defaultImage {
            chunks.append(("IDAT", H.idat(defaultImage)))
        } else {
            chunks.append(control(frames[0]))
            chunks.append(("IDAT", H.idat(frames[0].pixels)))
            rest = frames.dropFirst()
        }
        for frame in rest {
            chunks.append(control(frame))
            chunks.append(("fdAT", H.bigEndian(sequence) + H.idat(frame.pixels)))
            sequence += 1
        }
        chunks.append(("IEND", []))
        return H.png(chunks)
    }

    static let red: [UInt8] = [255, 0, 0, 255]
    static let blue: [UInt8] = [0, 0, 255, 255]
    static let clear: [UInt8] = [0, 0, 0, 0]

    @Test("dispose none, background and previous, with offsets")
    func disposeOps() throws {
        let frames = [
            Frame(pixels: H.solid(width: 4, height: 4, Self.red)),
            Frame(pixels: H.solid(width: 2, height: 2, Self.blue), x: 1, y: 1, dispose: 2),   // previous
            Frame(pixels: H.solid(width: 1, height: 1, Self.blue), x: 3, y: 3, dispose: 1),   // background
            Frame(pixels: H.solid(width: 1, height: 1, [0, 255, 0, 255]), x: 0, y: 0),
        ]
        let image = try PNGDecoder().decode(Self.apng(width: 4, height: 4, frames: frames, plays: 2), options: DecodeOptions())
        #expect(image.frames.count == 4)
        #expect(image.loopCount == 2)
        #expect(image.frames.map(\.duration) == [0.1, 0.1, 0.1, 0.1])
        let f = image.frames.map(\.pixels)
        #expect(f[0] == H.solid(width: 4, height: 4, Self.red))
        #expect(f[1][1, 1] == (0, 0, 255, 255) && f[1][2, 2] == (0, 0, 255, 255) && f[1][0, 0] == (255, 0, 0, 255))
        // Frame 1 was disposed to "previous": frame 2 sees all red again, plus its own pixel.
        #expect(f[2][1, 1] == (255, 0, 0, 255) && f[2][3, 3] == (0, 0, 255, 255))
        // Frame 2 was disposed to "background": its pixel is transparent in frame 3.
        #expect(f[3][3, 3] == (0, 0, 0, 0) && f[3][0, 0] == (0, 255, 0, 255) && f[3][2, 2] == (255, 0, 0, 255))
    }

    @Test("blend over composites straight alpha; blend source replaces")
    func blendOps() throws {
        let half: [UInt8] = [0, 0, 255, 128]
        let frames = [
            Frame(pixels: H.solid(width: 2, height: 1, [255, 0, 0, 255])),
            Frame(pixels: H.solid(width: 1, height: 1, half), x: 0, blend: 1),
            Frame(pixels: H.solid(width: 1, height: 1, half), x: 1, blend: 0),
        ]
        let image = try PNGDecoder().decode(Self.apng(width: 2, height: 1, frames: frames), options: DecodeOptions())
        let over = image.frames[1].pixels[0, 0]
        #expect(over == (127, 0, 128, 255))
        let replaced = image.frames[2].pixels[1, 0]
        #expect(replaced == (0, 0, 255, 128))
        #expect(image.frames[2].pixels[0, 0] == over)
    }

    @Test("a default image outside the animation is only the poster")
    func separateDefaultImage() throws {
        let poster = H.solid(width: 3, height: 2, [9, 9, 9, 255])
        let frames = [Frame(pixels: H.solid(width: 3, height: 2, Self.red)), Frame(pixels: H.solid(width: 3, height: 2, Self.blue))]
        let data = Self.apng(width: 3, height: 2, frames: frames, defaultImage: poster)
        let animated = try PNGDecoder().decode(data, options: DecodeOptions())
        #expect(animated.frames.map(\.pixels) == frames.map(\.pixels))
        var options = DecodeOptions()
        options.firstFrameOnly = true
        let still = try PNGDecoder().decode(data, options: options)
        #expect(still.frames.count == 1)
        #expect(still.firstFrame == poster)
    }

    @Test("delay denominators of 0 mean hundredths")
    func delays() throws {
        let frames = [Frame(pixels: H.solid(width: 1, height: 1, Self.red), delay: (7, 0)),
                      Frame(pixels: H.solid(width: 1, height: 1, Self.blue), delay: (3, 1000))]
        let image = try PNGDecoder().decode(Self.apng(width: 1, height: 1, frames: frames), options: DecodeOptions())
        #expect(image.frames.map(\.duration) == [0.07, 0.003])
    }

    @Test("thumbnails shrink every composed frame")
    func animatedThumbnail() throws {
        let frames = [Frame(pixels: H.gradientNoise(width: 40, height: 20, seed: 1)),
                      Frame(pixels: H.gradientNoise(width: 10, height: 10, seed: 2), x: 5, y: 5, blend: 1)]
        let data = Self.apng(width: 40, height: 20, frames: frames)
        let full = try PNGDecoder().decode(data, options: DecodeOptions())
        var options = DecodeOptions()
        options.thumbnailPixelSize = PixelSize(width: 10, height: 10)
        let small = try PNGDecoder().decode(data, options: options)
        #expect(small.pixelSize == PixelSize(width: 10, height: 5))
        #expect(small.frames.map(\.pixels) == full.frames.map { AreaFilterReference.resize($0.pixels, to: small.pixelSize) })
    }

    @Test("malformed animation chunks are badImageData", arguments: [
        "frame outside the canvas", "bad sequence number", "bad dispose op", "first frame smaller than the canvas",
    ])
    func malformed(name: String) {
        let red = H.solid(width: 2, height: 2, Self.red)
        let data: Data = switch name {
        case "frame outside the canvas":
            Self.apng(width: 2, height: 2, frames: [Frame(pixels: red), Frame(pixels: red, x: 1)])
        case "bad sequence number":
            Self.apng(width: 2, height: 2, frames: [Frame(pixels: red), Frame(pixels: red)], sequenceOffset: 1)
        case "bad dispose op":
            Self.apng(width: 2, height: 2, frames: [Frame(pixels: red), Frame(pixels: red, dispose: 3)])
        default:
            Self.apng(width: 3, height: 3, frames: [Frame(pixels: red)])
        }
        #expect(H.decodeFailure(data) == .badImageData, "\(name)")
    }

    @Test("past its memory budget an animation is lazy; past the lazy state, its first frame only, and says so")
    func frameBudget() throws {
        let frames = (0..<8).map { _ in Frame(pixels: H.solid(width: 10, height: 10, Self.red)) }
        let data = Self.apng(width: 10, height: 10, frames: frames)
        var options = DecodeOptions()
        // Canvas, 8 output frames and 2 frame buffers of 100 pixels: 1,100 pixels, 4,400 bytes.
        options.animationMemoryBudget = 4_400
        let eager = try PNGDecoder().decode(data, options: options)
        #expect(eager.frameCount == 8 && !eager.isLazy)
        options.animationMemoryBudget = 4_399
        let lazy = try PNGDecoder().decode(data, options: options)
        #expect(lazy.frameCount == 8 && lazy.isLazy && lazy.frames == eager.frames)
        // Lazy: two canvases (cursors; no keyframe fits), first frame + window (4) and 2 frame
        // buffers: 800 pixels, 3,200 bytes.
        options.animationMemoryBudget = 3_199
        let image = try PNGDecoder().decode(data, options: options)
        #expect(image.frameCount == 1 && image.framesDroppedByBudget)
        #expect(image.firstFrame == frames[0].pixels)
    }
}
