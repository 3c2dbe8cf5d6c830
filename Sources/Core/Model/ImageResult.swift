import Foundation

/// What a successful load delivers.
public struct ImageResult: Sendable {
    /// The decoded (and transformed, if a transformer was set) image.
    public let image: PlatformImage
    /// The original bytes, where the caller asked for them or they were at hand.
    public let data: Data?
    /// The tier that answered; ``ImageCacheType/none`` when the image came from the loader.
    public let cacheType: ImageCacheType
    /// The URL that was loaded.
    public let url: URL

    /// Creates a result.
    public init(image: PlatformImage, data: Data?, cacheType: ImageCacheType, url: URL) {
        self.image = image
        self.data = data
        self.cacheType = cacheType
        self.url = url
    }
}

/// How far a download has come; handed to progress closures as bytes arrive.
public struct ImageProgress: Sendable {
    /// Bytes of the body received so far.
    public let receivedBytes: Int64
    /// The expected body size; nil when the server did not say.
    public let expectedBytes: Int64?
    /// The URL being downloaded.
    public let url: URL
    /// A partially decoded image, with ``ImageOptions/progressiveLoad``.
    public let partialImage: PlatformImage?

    /// Creates a progress report.
    public init(receivedBytes: Int64, expectedBytes: Int64?, url: URL, partialImage: PlatformImage? = nil) {
        self.receivedBytes = receivedBytes
        self.expectedBytes = expectedBytes
        self.url = url
        self.partialImage = partialImage
    }

    /// `receivedBytes / expectedBytes` in 0...1, or nil when the size is unknown.
    public var fractionCompleted: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return nil }
        return min(1, Double(receivedBytes) / Double(expectedBytes))
    }
}

/// What a loader delivers: the bytes, the response, and the image unless decoding was skipped.
public struct LoadedImage: Sendable {
    /// The decoded image; nil with ``ImageOptions/avoidDecodeImage``.
    public let image: PlatformImage?
    /// The body bytes (after the context's decryptor, if any).
    public let data: Data
    /// The server's response (after the context's response modifier, if any), type-erased
    /// so Core needs no networking types; `OspreyDownload` declares the typed `response`.
    package let responseStorage: (any Sendable)?
    /// The decoder's output behind ``image``, when the loader decoded it. On Apple platforms
    /// ``image`` is a `UIImage`/`NSImage` made from it; the manager transforms and encodes
    /// this one instead of reading the pixels back out of the platform image (a redraw that
    /// loses frame durations). On Linux it is ``image`` itself.
    public let decodedImage: DecodedImage?

    /// Creates a loaded image without a response (a loader that reads files or memory).
    /// `decodedImage` is what `image` was made from, if known. Loaders with an HTTP response
    /// use `init(image:data:response:decodedImage:)` from `OspreyDownload`.
    public init(image: PlatformImage?, data: Data, decodedImage: DecodedImage? = nil) {
        self.init(image: image, data: data, responseStorage: nil, decodedImage: decodedImage)
    }

    /// The designated initialiser behind both public ones.
    package init(image: PlatformImage?, data: Data, responseStorage: (any Sendable)?, decodedImage: DecodedImage?) {
        self.image = image
        self.data = data
        self.responseStorage = responseStorage
        self.decodedImage = decodedImage
    }
}
