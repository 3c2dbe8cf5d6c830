extension ImageManager {
    /// The manager built in: the shared cache (``ImageCache/shared``) and the shared
    /// downloader (``ImageDownloader/shared``). It is always this object; to make the view
    /// bindings and the prefetcher use another one, set ``default``.
    public static let shared = ImageManager(cache: ImageCache.shared, loader: ImageDownloader.shared)

    /// The manager that `setImage(with:)`, `OspreyImage`, ``ImagePrefetcher/init(manager:)``
    /// and the other entry points without a `manager:` argument load through. Initially
    /// ``shared``.
    ///
    /// Install your own once at start-up, before the first load, after SDWebImage's
    /// `SDWebImageManager.defaultImageCache`/`defaultImageLoader`:
    /// ```swift
    /// ImageManager.default = ImageManager(cache: myCache, loader: myDownloader)
    /// ```
    /// Thread-safe. A new value applies to loads and prefetchers created afterwards; loads
    /// already running, and prefetchers or view models already made, keep the manager they
    /// started with. To change only limits or timeouts, set the shared instances' `config`
    /// instead (``ImageCache/config``, `ImageDownloader.shared.config`).
    public static var `default`: ImageManager {
        get { defaultManager.withLock { $0 } }
        set { defaultManager.withLock { $0 = newValue } }
    }

    /// Invariant: the manager ``default`` answers; ``shared`` until a caller sets another.
    private static let defaultManager = Locked(ImageManager.shared)
}
