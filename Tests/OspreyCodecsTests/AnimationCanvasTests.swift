import Foundation
import OspreyTestTraits
import Testing
@testable import OspreyCore
@testable import OspreyCodecs
import OspreyTestSupport

/// The shared animation canvas: clipping, blend ops, dispose ops, and a cost proportional to
/// the frame's rectangle, whatever the canvas size.
@Suite("Animation canvas", .offCooperativePool)
struct AnimationCanvasTests {
    typealias H = PNGTestHelpers
    static let red: [UInt8] = [255, 0, 0, 255]
    static let blue: [UInt8] = [0, 0, 255, 255]

    @Test("a frame partly outside the canvas is clipped; one wholly outside draws nothing")
    func clipping() {
        var canvas = AnimationCanvas(size: PixelSize(width: 4, height: 3))
        canvas.draw(H.solid(width: 3, height: 3, Self.red), x: -1, y: 1, blend: .source, dispose: .none)
        let pixels = canvas.snapshot
        #expect(pixels[0, 1] == (255, 0, 0, 255) && pixels[1, 2] == (255, 0, 0, 255))
        #expect(pixels[2, 1] == (0, 0, 0, 0) && pixels[0, 0] == (0, 0, 0, 0))
        #expect(canvas.pixelsTouched == 4)
        canvas.draw(H.solid(width: 2, height: 2, Self.blue), x: 3, y: 2, blend: .source, dispose: .background)
        #expect(canvas.snapshot[3, 2] == (0, 0, 255, 255))
        #expect(canvas.pixelsTouched == 5)
        for (x, y) in [(4, 0), (-2, 0), (0, 3), (0, -2), (Int.max - 1, 0), (Int.min + 1, Int.min + 1)] {
            let before = canvas.snapshot
            canvas.draw(H.solid(width: 2, height: 2, Self.blue), x: x, y: y, blend: .over, dispose: .previous)
            #expect(canvas.snapshot == before.with(x == 4 ? (3, 2, (0, 0, 0, 0)) : nil), "\(x), \(y)")
        }
    }

    @Test("blend source replaces, alpha included; blend over composites straight alpha")
    func blends() {
        var canvas = AnimationCanvas(size: PixelSize(width: 2, height: 1))
        canvas.draw(H.solid(width: 2, height: 1, Self.red), x: 0, y: 0, blend: .source, dispose: .none)
        canvas.draw(H.solid(width: 1, height: 1, [0, 0, 255, 128]), x: 0, y: 0, blend: .over, dispose: .none)
        canvas.draw(H.solid(width: 1, height: 1, [0, 0, 255, 128]), x: 1, y: 0, blend: .source, dispose: .none)
        #expect(canvas.snapshot[0, 0] == (127, 0, 128, 255))
        #expect(canvas.snapshot[1, 0] == (0, 0, 255, 128))
        // Over a transparent pixel the source shows as it is; a transparent source changes nothing.
        var clear = AnimationCanvas(size: PixelSize(width: 1, height: 1))
        clear.draw(H.solid(width: 1, height: 1, [10, 20, 30, 40]), x: 0, y: 0, blend: .over, dispose: .none)
        clear.draw(H.solid(width: 1, height: 1, [99, 99, 99, 0]), x: 0, y: 0, blend: .over, dispose: .none)
        #expect(clear.snapshot[0, 0] == (10, 20, 30, 40))
    }

    @Test("dispose none keeps, background clears, previous restores: applied before the next draw")
    func disposals() {
        var canvas = AnimationCanvas(size: PixelSize(width: 3, height: 3))
        canvas.draw(H.solid(width: 3, height: 3, Self.red), x: 0, y: 0, blend: .source, dispose: .none)
        canvas.draw(H.solid(width: 2, height: 2, Self.blue), x: 1, y: 1, blend: .source, dispose: .previous)
        #expect(canvas.snapshot[2, 2] == (0, 0, 255, 255))   // shown before it is disposed of
        canvas.draw(H.solid(width: 1, height: 1, Self.blue), x: 0, y: 0, blend: .source, dispose: .background)
        #expect(canvas.snapshot[2, 2] == (255, 0, 0, 255) && canvas.snapshot[1, 1] == (255, 0, 0, 255))
        #expect(canvas.snapshot[0, 0] == (0, 0, 255, 255))
        canvas.draw(H.solid(width: 1, height: 1, Self.red), x: 2, y: 0, blend: .source, dispose: .none)
        #expect(canvas.snapshot[0, 0] == (0, 0, 0, 0) && canvas.snapshot[2, 0] == (255, 0, 0, 255))
    }

    @Test("a first frame disposed to previous leaves the cleared canvas; background uses the given colour")
    func firstFramePreviousAndBackgroundColour() {
        var canvas = AnimationCanvas(size: PixelSize(width: 2, height: 2), background: (1, 2, 3, 4))
        #expect(canvas.snapshot == H.solid(width: 2, height: 2, [1, 2, 3, 4]))
        canvas.draw(H.solid(width: 2, height: 2, Self.red), x: 0, y: 0, blend: .source, dispose: .previous)
        canvas.draw(H.solid(width: 1, height: 1, Self.blue), x: 0, y: 0, blend: .source, dispose: .background)
        #expect(canvas.snapshot[1, 1] == (1, 2, 3, 4) && canvas.snapshot[0, 0] == (0, 0, 255, 255))
        canvas.draw(H.solid(width: 1, height: 1, Self.blue), x: 1, y: 1, blend: .source, dispose: .none)
        #expect(canvas.snapshot[0, 0] == (1, 2, 3, 4))
    }

    @Test("cost is the frame rectangles, not the canvas: 2,000 1×1 frames on a 4096² canvas")
    func costFollowsRectangles() {
        var canvas = AnimationCanvas(size: PixelSize(width: 4096, height: 4096))
        let dot = H.solid(width: 1, height: 1, Self.blue)
        for index in 0..<2000 {
            canvas.draw(dot, x: index % 4096, y: index / 7, blend: index % 2 == 0 ? .over : .source,
                        dispose: [.none, .background, .previous][index % 3])
        }
        // Per frame: 1 drawn; "previous" frames save 1 and restore 1; "background" clears 1.
        let previous = (0..<2000).filter { $0 % 3 == 2 }.count
        let background = (0..<2000).filter { $0 % 3 == 1 }.count
        #expect(canvas.pixelsTouched == 2000 + 2 * previous + background - (1999 % 3 == 2 ? 1 : 0) - (1999 % 3 == 1 ? 1 : 0))
    }

    @Test("the thumbnail read-out equals shrinking the snapshot")
    func downsampled() {
        var canvas = AnimationCanvas(size: PixelSize(width: 30, height: 20))
        canvas.draw(H.gradientNoise(width: 30, height: 20, seed: 9), x: 0, y: 0, blend: .source, dispose: .none)
        canvas.draw(H.gradientNoise(width: 7, height: 5, seed: 10), x: 20, y: 15, blend: .over, dispose: .none)
        let target = PixelSize(width: 9, height: 6)
        #expect(canvas.downsampled(to: target) == AreaFilterReference.resize(canvas.snapshot, to: target))
        #expect(canvas.downsampled(to: canvas.size) == canvas.snapshot)
    }
}

private extension PixelBuffer {
    /// A copy with one pixel replaced, or self when `change` is nil.
    func with(_ change: (Int, Int, (UInt8, UInt8, UInt8, UInt8))?) -> PixelBuffer {
        guard let (x, y, rgba) = change else { return self }
        var copy = self
        copy[x, y] = (rgba.0, rgba.1, rgba.2, rgba.3)
        return copy
    }
}
