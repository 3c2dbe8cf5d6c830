/// Which cache tier answered a query, or which tiers a query or store may touch.
public enum ImageCacheType: Sendable, Hashable, CustomStringConvertible {
    /// No cache: the image came from the loader, or no tier is to be used.
    case none
    /// The in-memory tier only.
    case memory
    /// The on-disk tier only.
    case disk
    /// Both tiers (memory first).
    case all

    /// Whether this selection includes the memory tier.
    public var includesMemory: Bool { self == .memory || self == .all }
    /// Whether this selection includes the disk tier.
    public var includesDisk: Bool { self == .disk || self == .all }

    public var description: String {
        switch self {
        case .none: "none"
        case .memory: "memory"
        case .disk: "disk"
        case .all: "all"
        }
    }
}

/// A size in pixels (not points).
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// Creates a size of `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `width × height`, saturating instead of overflowing for hostile sizes.
    public var pixelCount: Int {
        let (product, overflow) = max(width, 0).multipliedReportingOverflow(by: max(height, 0))
        return overflow ? Int.max : product
    }

    public var description: String { "\(width)x\(height)" }
}
