extension ImageManager {
    /// The manager `setImage(with:)` and the prefetcher use unless told otherwise: the shared
    /// cache (``ImageCache/shared``) and the shared downloader (``ImageDownloader/shared``).
    public static let shared = ImageManager(cache: ImageCache.shared, loader: ImageDownloader.shared)
}
