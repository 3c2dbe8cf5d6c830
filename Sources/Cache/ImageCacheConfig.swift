import Foundation
import OspreyCodecs

/// Limits and policies of an `ImageCache`, with documented defaults.
public struct ImageCacheConfig: Sendable {
    /// How disk entries are aged for ``maxDiskAge`` and size trimming.
    public enum ExpireType: Sendable, Hashable {
        /// When the entry was last read or written (the default).
        case accessDate
        /// When the entry was last written.
        case modificationDate
        /// When the entry was first written: storing the key again while the entry lives
        /// keeps that date (after it expired, a store starts a new life).
        case creationDate
    }

    /// Keep decoded images in the memory tier. Default true.
    public var shouldCacheImagesInMemory = true
    /// Bytes of decoded pixels the memory tier may hold. Default ``defaultMaxMemoryCost``.
    public var maxMemoryCost: Int = ImageCacheConfig.defaultMaxMemoryCost
    /// Entries the memory tier may hold; 0 = no count limit. Default 0.
    public var maxMemoryCount: Int = 0
    /// Seconds an unused disk entry lives; negative (or NaN) = never expire. Default one week.
    public var maxDiskAge: TimeInterval = 7 * 24 * 3600
    /// Bytes the disk tier may hold; when exceeded, the oldest entries are deleted until it
    /// holds half. 0 = no size limit. Default 1 GiB.
    public var maxDiskSize: Int = 1 << 30
    /// What "oldest" means on disk. Default ``ExpireType/accessDate``.
    public var diskCacheExpireType: ExpireType = .accessDate
    /// Seconds between sweeps that delete expired entries (``maxDiskAge``) and trim to
    /// ``maxDiskSize``: a timer on the disk tier's I/O queue starts one every interval, and a
    /// store starts one when the last is this old (at most one folder scan per interval).
    /// 0 or less, NaN or infinity = no timed sweep (call `deleteExpiredFiles` yourself; the
    /// size limit is still kept). Values between 0 and ``minimumSweepInterval`` are raised
    /// to it (see ``effectiveSweepInterval``): a sweep lists the whole folder, and a tiny
    /// interval would list it without pause. Expired entries are never served either way.
    /// Default 30 minutes (the idea and the name follow Nuke's `DataCache.sweepInterval`).
    public var sweepInterval: TimeInterval = 30 * 60

    /// The shortest interval between timed sweeps: 10 seconds.
    public static let minimumSweepInterval: TimeInterval = 10

    /// The interval timed sweeps actually use: ``sweepInterval`` raised to
    /// ``minimumSweepInterval``, or nil (no timed sweeps) when it is 0 or less, NaN or infinite.
    public var effectiveSweepInterval: TimeInterval? {
        guard sweepInterval > 0, sweepInterval.isFinite else { return nil }
        return max(sweepInterval, Self.minimumSweepInterval)
    }

    /// How the image manager encodes the images it makes (transformed images) for the disk
    /// tier: JPEG at ``CacheEncodingPolicy/jpegQuality`` (default 90) when opaque and from a
    /// lossy source, otherwise fast PNG; animations as APNG.
    public var encodingPolicy = CacheEncodingPolicy()

    /// UIKit: empty the memory tier when the app enters the background (a memory warning
    /// always empties it). Read when the notification arrives. Default false.
    public var clearsMemoryOnEnterBackground = false

    /// The defaults above.
    public init() {}

    /// A quarter of physical memory, capped at 512 MiB: a phone-sized budget that leaves room
    /// for the app, and on a server never more than a fixed slice however large the machine.
    public static var defaultMaxMemoryCost: Int {
        let quarter = ProcessInfo.processInfo.physicalMemory / 4
        return Int(min(quarter, 512 * 1024 * 1024))
    }

    /// Whether going from `old` to this config lowers a disk limit (size or age), so the
    /// folder should be trimmed now rather than at the next timed sweep.
    func shrinksDisk(from old: ImageCacheConfig) -> Bool {
        let sizeShrank = maxDiskSize > 0 && (old.maxDiskSize <= 0 || maxDiskSize < old.maxDiskSize)
        let ageShrank = maxDiskAge >= 0 && (old.maxDiskAge < 0 || old.maxDiskAge.isNaN || maxDiskAge < old.maxDiskAge)
        return sizeShrank || ageShrank || diskCacheExpireType != old.diskCacheExpireType
    }
}
