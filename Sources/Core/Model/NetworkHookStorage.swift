/// The download layer's per-load hooks, held without their types.
///
/// `ImageContext` lives in Core, which must not import FoundationNetworking (on Linux that is
/// where `URLRequest` and `URLResponse` are). `OspreyDownload` declares the typed properties
/// (`context.requestModifier`, `.responseModifier`, `.downloadDecryptor`) over these slots, so
/// the user's spelling is unchanged and only the download layer knows the closure types.
///
/// An immutable class, replaced on every write: a context then carries one reference for all
/// three hooks (copying a context is one retain, as copying three closures was three).
package final class NetworkHookStorage: Sendable {
    /// `(@Sendable (URLRequest) -> URLRequest?)`, boxed.
    package let requestModifier: (any Sendable)?
    /// `(@Sendable (URLResponse) -> URLResponse?)`, boxed.
    package let responseModifier: (any Sendable)?
    /// `(@Sendable (Data, URLResponse?) -> Data?)`, boxed.
    package let downloadDecryptor: (any Sendable)?

    /// The storage of a context with no hooks.
    package static let none = NetworkHookStorage(requestModifier: nil, responseModifier: nil, downloadDecryptor: nil)

    /// Storage holding the given boxes.
    package init(requestModifier: (any Sendable)?, responseModifier: (any Sendable)?, downloadDecryptor: (any Sendable)?) {
        self.requestModifier = requestModifier
        self.responseModifier = responseModifier
        self.downloadDecryptor = downloadDecryptor
    }

    /// Whether any hook is set (such requests are merged only under a merge key).
    package var isEmpty: Bool { requestModifier == nil && responseModifier == nil && downloadDecryptor == nil }

    /// A copy with the request modifier replaced.
    package func with(requestModifier: (any Sendable)?) -> NetworkHookStorage {
        NetworkHookStorage(requestModifier: requestModifier, responseModifier: responseModifier, downloadDecryptor: downloadDecryptor)
    }

    /// A copy with the response modifier replaced.
    package func with(responseModifier: (any Sendable)?) -> NetworkHookStorage {
        NetworkHookStorage(requestModifier: requestModifier, responseModifier: responseModifier, downloadDecryptor: downloadDecryptor)
    }

    /// A copy with the decryptor replaced.
    package func with(downloadDecryptor: (any Sendable)?) -> NetworkHookStorage {
        NetworkHookStorage(requestModifier: requestModifier, responseModifier: responseModifier, downloadDecryptor: downloadDecryptor)
    }
}
