import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// The request and response hooks of a load. They are declared here, in the download layer,
/// because their types are networking types; Core keeps the values without knowing them.
extension ImageContext {
    /// A request rewrite: the request in, the request to send out, or nil to cancel the load.
    public typealias RequestModifier = @Sendable (URLRequest) -> URLRequest?
    /// A response rewrite: the response in, the response to validate, or nil to fail the load.
    public typealias ResponseModifier = @Sendable (URLResponse) -> URLResponse?
    /// A body rewrite (e.g. decryption): the bytes and response in, image bytes out, or nil
    /// to fail the load.
    public typealias DownloadDecryptor = @Sendable (Data, URLResponse?) -> Data?

    /// Rewrites the request before it is sent; returning nil cancels the load.
    public var requestModifier: RequestModifier? {
        get { (networkHooks.requestModifier as? HookBox<RequestModifier>)?.value }
        set { networkHooks = networkHooks.with(requestModifier: newValue.map(HookBox.init)) }
    }

    /// Rewrites the response before it is validated; returning nil fails the load.
    public var responseModifier: ResponseModifier? {
        get { (networkHooks.responseModifier as? HookBox<ResponseModifier>)?.value }
        set { networkHooks = networkHooks.with(responseModifier: newValue.map(HookBox.init)) }
    }

    /// Turns the downloaded bytes into image bytes (e.g. decrypts them); nil fails the load.
    public var downloadDecryptor: DownloadDecryptor? {
        get { (networkHooks.downloadDecryptor as? HookBox<DownloadDecryptor>)?.value }
        set { networkHooks = networkHooks.with(downloadDecryptor: newValue.map(HookBox.init)) }
    }
}

/// Holds one hook closure in Core's type-erased slots.
private final class HookBox<Value: Sendable>: Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension LoadedImage {
    /// Creates a loaded image with the server's response. `decodedImage` is what `image` was
    /// made from, if known.
    public init(image: PlatformImage?, data: Data, response: URLResponse?, decodedImage: DecodedImage? = nil) {
        self.init(image: image, data: data, responseStorage: response, decodedImage: decodedImage)
    }

    /// The server's response (after the context's response modifier, if any).
    public var response: URLResponse? { responseStorage as? URLResponse }
}

extension HTTPValidators {
    /// The validators `response` carries (both nil when it has none).
    public init(response: HTTPURLResponse) {
        self.init(etag: response.value(forHTTPHeaderField: "ETag"),
                  lastModified: response.value(forHTTPHeaderField: "Last-Modified"))
    }

    /// A request modifier that runs `modifier` (the caller's, if any) and then adds the
    /// conditional headers.
    package func addingHeaders(to modifier: ImageContext.RequestModifier?) -> ImageContext.RequestModifier {
        let validators = self
        return { request in
            guard var request = modifier.map({ $0(request) }) ?? request else { return nil }
            if let etag = validators.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
            if let date = validators.lastModified { request.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
            return request
        }
    }
}
