import Foundation
import OspreyCore

/// Osprey's cache keeps the HTTP validators in the disk entry's sidecar file, so they live and
/// expire with the bytes they describe (the ``ImageCaching`` seam's validator requirements).
extension ImageCache {
    /// The validators stored in `key`'s sidecar, nil when none (or unreadable).
    public func validators(forKey key: String) -> HTTPValidators? {
        guard let data = diskCache.extendedData(forKey: key) else { return nil }
        return try? JSONDecoder().decode(HTTPValidators.self, from: data)
    }

    /// Writes asynchronously on the disk tier's IO queue, so a load never waits for it.
    /// Empty validators are not written (a response without validators leaves what an
    /// earlier one stored; the server decides on a conditional GET anyway), which keeps
    /// loads from servers that send none free of disk I/O.
    public func setValidators(_ validators: HTTPValidators, forKey key: String) {
        guard !validators.isEmpty, let data = try? JSONEncoder().encode(validators) else { return }
        let disk = diskCache
        disk.ioQueue.async { disk.setExtendedData(data, forKey: key) }
    }
}

/// The manager's capabilities on the ``ImageCaching`` seam, as Osprey's cache answers them.
extension ImageCache {
    /// True: the memory tier answers synchronously.
    public var hasSynchronousMemoryTier: Bool { true }

    /// The disk tier's bytes for `key` (see ``diskImageData(forKey:)``); blocks for the read.
    public func originalData(forKey key: String) -> Data? {
        diskImageData(forKey: key)
    }

    /// The memory tier's image for `key` (see ``imageFromMemoryCache(forKey:)``).
    public func memoryImage(forKey key: String) -> PlatformImage? {
        memoryCache.object(forKey: key)
    }

    /// A transformed image's disk bytes per ``ImageCacheConfig/encodingPolicy``: JPEG for an
    /// opaque result of a lossy source, fast PNG otherwise, APNG for an animation.
    public func encodeForDisk(_ image: DecodedImage, sourceFormat: ImageFormat, sourceData: Data?) -> Data? {
        config.encodingPolicy.encode(image, sourceFormat: sourceFormat, sourceData: sourceData, coders: coders)
    }
}
