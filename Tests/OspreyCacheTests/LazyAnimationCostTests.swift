import Foundation
@testable import OspreyCache
import OspreyCodecs
import OspreyCore
import OspreyTestTraits
import Testing

/// The memory tier's cost of a lazy animation: encoded bytes plus the window,
/// the cursors and the keyframes,
/// not every composed frame, so a 50 MB cache holds many large GIF/APNG animations instead of two.
@Suite("Memory cost of lazy animations", .offCooperativePool)
struct LazyAnimationCostTests {
    /// An APNG of 110 frames of 200 × 200 (17.6 MB composed, above the 16 MiB lazy threshold),
    /// each frame a solid colour, encoded by Osprey's own encoder.
    static let animation: Data = {
        let frames = (0..<110).map { index in
            ImageFrame(pixels: PixelBuffer(width: 200, height: 200,
                                           bytes: [UInt8](repeating: UInt8(index), count: 200 * 200 * 4)), duration: 0.05)
        }
        return try! PNGEncoder(level: 1).encode(DecodedImage(frames: frames, loopCount: 0), format: .png)
    }()

    @Test("a 50 MB memory cache holds twenty 17.6 MB animations decoded lazily, two decoded eagerly")
    func cacheHoldsManyLazyAnimations() throws {
        let eagerSize = 200 * 200 * 4 * 110
        var eagerOptions = DecodeOptions()
        eagerOptions.lazyAnimationThreshold = Int.max
        let eager = try ImageCoders.shared.decode(Self.animation, options: eagerOptions)
        #expect(eager.cost == eagerSize && !eager.isLazy)
        let lazy = try ImageCoders.shared.decode(Self.animation, options: DecodeOptions())   // the default
        #expect(lazy.isLazy && lazy.frameCount == 110)
        // Two cursors and one keyframe of 480 kB (canvas, saved area, frame buffer), first frame
        // and window of 160 kB, the encoded file: about 2.1 MB.
        #expect(lazy.cost < 2_500_000 && lazy.cost > Self.animation.count)

        let limit = 50 * 1024 * 1024
        let eagerCache = MemoryCache(totalCostLimit: limit)
        let lazyCache = MemoryCache(totalCostLimit: limit)
        for key in 0..<20 {
            eagerCache.setObject(try ImageCoders.shared.decode(Self.animation, options: eagerOptions), forKey: "\(key)")
            lazyCache.setObject(try ImageCoders.shared.decode(Self.animation, options: DecodeOptions()), forKey: "\(key)")
        }
        #expect(eagerCache.count == limit / eagerSize)   // 2: what the cache held before lazy frames
        #expect(lazyCache.count == 20)
        #expect(lazyCache.totalCost <= limit)
        // What the cache charged is what a lazy image holds: frames composed and shown later
        // do not grow it.
        let cached = try #require(lazyCache.object(forKey: "7"))
        let before = cached.cost
        for index in stride(from: 0, to: 110, by: 7) { _ = cached.frame(at: index) }
        #expect(cached.cost == before)
        #expect(cached.frame(at: 109).pixels.bytes[0] == 109)
    }
}
