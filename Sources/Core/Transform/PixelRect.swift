/// A rectangle in pixel coordinates, origin top-left.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    /// Left edge.
    public var x: Int
    /// Top edge.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The part of this rectangle inside a `size` canvas; nil when they do not overlap.
    public func clamped(to size: PixelSize) -> PixelRect? {
        let left = max(x, 0), top = max(y, 0)
        let right = min(x + width, size.width), bottom = min(y + height, size.height)
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    public var description: String { "\(x),\(y),\(width)x\(height)" }
}
