/// How urgently a load that is still waiting for a download slot should start. A view lowers
/// its load when it leaves the screen and raises it back when it returns.
public enum LoadPriority: Int, Sendable, Comparable, CaseIterable {
    /// After every waiting `.normal` and `.high` load.
    case low = -4
    /// The default.
    case normal = 0
    /// Before every waiting `.normal` and `.low` load.
    case high = 4

    public static func < (lhs: LoadPriority, rhs: LoadPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The priority ``ImageOptions/lowPriority`` and ``ImageOptions/highPriority`` ask for.
    public init(_ options: ImageOptions) {
        self = options.contains(.highPriority) ? .high : options.contains(.lowPriority) ? .low : .normal
    }
}

/// A load whose priority can change while it waits (``ImageLoadOperation`` and the
/// downloader's token). Thread-safe; a load that already started or finished ignores it.
public protocol LoadPriorityAdjusting: AnyObject, Sendable {
    /// Moves this caller's interest to `priority`.
    func setPriority(_ priority: LoadPriority)
}
