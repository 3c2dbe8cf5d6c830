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
    /// Saturating arithmetic: any `Int` coordinates and sizes are safe (an empty or negative
    /// size overlaps nothing).
    public func clamped(to size: PixelSize) -> PixelRect? {
        guard width > 0, height > 0 else { return nil }
        let left = max(x, 0), top = max(y, 0)
        let right = min(Self.saturatingSum(x, width), size.width)
        let bottom = min(Self.saturatingSum(y, height), size.height)
        guard right > left, bottom > top else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? Int.max : Int.min) : sum
    }

    public var description: String { "\(x),\(y),\(width)x\(height)" }
}
