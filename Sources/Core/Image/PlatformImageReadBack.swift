/// How a platform image's stored bitmap is turned to show upright, in the eight cases
/// `UIImage.Orientation` and `CGImagePropertyOrientation` name (EXIF orientations 1–8).
///
/// A `UIImage` keeps its bitmap as stored and draws it turned: `cgImage` hands back the stored
/// pixels while `size` is the upright one. Reading pixels back must turn them the same way,
/// or a portrait photo comes back lying on its side (and, for the mirrored cases, reversed).
public enum StoredImageOrientation: Sendable, CaseIterable {
    /// Stored upright (EXIF 1).
    case up
    /// Mirrored left to right (EXIF 2).
    case upMirrored
    /// Turned 180° (EXIF 3).
    case down
    /// Mirrored top to bottom (EXIF 4).
    case downMirrored
    /// Mirrored across the main diagonal (EXIF 5).
    case leftMirrored
    /// Shown after turning the stored bitmap 90° clockwise (EXIF 6).
    case right
    /// Mirrored across the anti-diagonal (EXIF 7).
    case rightMirrored
    /// Shown after turning the stored bitmap 90° counter-clockwise (EXIF 8).
    case left

    /// The case `UIImage.Orientation(rawValue:)` names by `rawValue` (0 `up`, 1 `down`,
    /// 2 `left`, 3 `right`, 4–7 their mirrored forms); nil for any other value, which the
    /// reader refuses rather than guessing.
    public init?(uiImageOrientationRawValue rawValue: Int) {
        switch rawValue {
        case 0: self = .up
        case 1: self = .down
        case 2: self = .left
        case 3: self = .right
        case 4: self = .upMirrored
        case 5: self = .downMirrored
        case 6: self = .leftMirrored
        case 7: self = .rightMirrored
        default: return nil
        }
    }

    /// The case of EXIF orientation value `exif` (1…8, in the order the cases are declared);
    /// nil for any other value.
    package init?(exif: Int) {
        guard (1...8).contains(exif) else { return nil }
        self = Self.allCases[exif - 1]
    }

    /// Whether the upright image has the stored width and height swapped.
    public var swapsAxes: Bool {
        switch self {
        case .left, .right, .leftMirrored, .rightMirrored: true
        case .up, .down, .upMirrored, .downMirrored: false
        }
    }

    /// `stored` turned upright: every output pixel is one stored pixel, moved. O(pixels).
    public func upright(_ stored: PixelBuffer) -> PixelBuffer {
        guard self != .up, stored.width > 0, stored.height > 0 else { return stored }
        let w = stored.width, h = stored.height
        let outWidth = swapsAxes ? h : w, outHeight = swapsAxes ? w : h
        var out = [UInt8](repeating: 0, count: stored.bytes.count)
        stored.bytes.withUnsafeBytes { source in
            out.withUnsafeMutableBytes { target in
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        // (sx, sy): the stored pixel seen at upright (x, y).
                        let (sx, sy): (Int, Int)
                        switch self {
                        case .up: (sx, sy) = (x, y)
                        case .upMirrored: (sx, sy) = (w - 1 - x, y)
                        case .down: (sx, sy) = (w - 1 - x, h - 1 - y)
                        case .downMirrored: (sx, sy) = (x, h - 1 - y)
                        case .leftMirrored: (sx, sy) = (y, x)
                        case .right: (sx, sy) = (y, h - 1 - x)
                        case .rightMirrored: (sx, sy) = (w - 1 - y, h - 1 - x)
                        case .left: (sx, sy) = (w - 1 - y, x)
                        }
                        let pixel = source.loadUnaligned(fromByteOffset: (sy * w + sx) * 4, as: UInt32.self)
                        target.storeBytes(of: pixel, toByteOffset: (y * outWidth + x) * 4, as: UInt32.self)
                    }
                }
            }
        }
        return PixelBuffer(width: outWidth, height: outHeight, bytes: out)
    }
}

/// The rules for reading pixels back from a platform image that has no bitmap of its own to
/// hand out (a `UIImage` backed by a `CIImage`, whose `cgImage` is nil), and for its cost.
public enum PlatformImageReadBack {
    /// The largest side a rendered `CIImage` may have: a filter's extent can be huge or
    /// infinite (a generator), and rendering it would allocate without bound.
    public static let maximumRenderedSide = 16_384

    /// The whole-pixel size to render a `CIImage` of extent `width` × `height` at: its
    /// extent rounded up, or nil when the extent is empty, not finite (an infinite generator)
    /// or larger than ``maximumRenderedSide`` on either side.
    public static func renderedSize(extentWidth width: Double, extentHeight height: Double) -> PixelSize? {
        guard width.isFinite, height.isFinite, width > 0, height > 0,
              width <= Double(maximumRenderedSide), height <= Double(maximumRenderedSide) else { return nil }
        return PixelSize(width: Int(width.rounded(.up)), height: Int(height.rounded(.up)))
    }

    /// The decoded bytes an image of `pointWidth` × `pointHeight` points costs in memory: its
    /// largest bitmap's pixels (`representationPixels`, each width × height; a rep that
    /// reports no pixels, as a vector one does, is skipped) at 4 bytes each, or its point
    /// size at 4 bytes per point when it has no bitmap. An `NSImage` made from a 2× bitmap
    /// holds four times the bytes its point size suggests.
    public static func cost(pointWidth: Double, pointHeight: Double, representationPixels: [PixelSize]) -> Int {
        let largest = representationPixels.filter { $0.width > 0 && $0.height > 0 }
            .map { $0.width.multipliedReportingOverflow(by: $0.height) }
            .filter { !$0.overflow }.map(\.partialValue).max()
        if let largest { return largest.multipliedReportingOverflow(by: 4).overflow ? Int.max : largest * 4 }
        guard pointWidth.isFinite, pointHeight.isFinite, pointWidth > 0, pointHeight > 0 else { return 0 }
        let points = pointWidth * pointHeight * 4
        return points < Double(Int.max) ? Int(points) : Int.max
    }
}
