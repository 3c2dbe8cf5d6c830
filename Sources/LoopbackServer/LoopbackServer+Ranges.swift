import Foundation
import OspreyCore

/// Routes for resumable downloads: a body served with a validator and byte ranges, whose
/// first responses can break off mid-body.
extension LoopbackServer {
    /// Serves `body` at `path` with `ETag: etag` and `Accept-Ranges: bytes`, honouring
    /// `Range: bytes=N-` (RFC 9110 §14): a 206 with `Content-Range` for the rest when there is
    /// no `If-Range` or it equals `etag`, a 200 with the whole body when `If-Range` names
    /// another validator, a 416 for a start past the end. The first `cutResponses` responses
    /// close the connection after `cutAfter` body bytes (nil: none are cut).
    public func setRangedRoute(_ path: String, body: Data, etag: String = "\"osprey-v1\"",
                               contentType: String = "application/octet-stream",
                               cutAfter: Int? = nil, cutResponses: Int = 1) {
        // Invariant: the number of responses answered so far.
        let answered = Locked(0)
        setHandler(path) { request in
            let index = answered.withLock { count -> Int in
                defer { count += 1 }
                return count
            }
            var route = Self.rangedResponse(to: request, body: body, etag: etag, contentType: contentType)
            if let cutAfter, index < cutResponses {
                route.faults.closeAfterBodyBytes = cutAfter
            }
            return route
        }
    }

    /// The response to `request` for a ranged resource (see ``setRangedRoute(_:body:etag:contentType:cutAfter:cutResponses:)``).
    static func rangedResponse(to request: RecordedRequest, body: Data, etag: String, contentType: String) -> Route {
        var route = Route(status: 200, body: body, contentType: contentType,
                          headers: ["ETag": etag, "Accept-Ranges": "bytes"])
        guard let range = request.headers["range"], range.hasPrefix("bytes="),
              let dash = range.firstIndex(of: "-"),
              let start = Int(range[range.index(range.startIndex, offsetBy: 6)..<dash]) else { return route }
        if let ifRange = request.headers["if-range"], ifRange != etag { return route }
        guard start < body.count else {
            return Route(status: 416, body: Data(), contentType: nil,
                         headers: ["Content-Range": "bytes */\(body.count)", "ETag": etag])
        }
        route.status = 206
        route.body = body.subdata(in: start..<body.count)
        route.headers["Content-Range"] = "bytes \(start)-\(body.count - 1)/\(body.count)"
        return route
    }
}
