import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

extension DownloaderOperation {
    /// Hands the downloaded bytes to every caller still waiting: as they are to callers that
    /// asked for no decoding, decoded once per distinct ``DecodeOptions`` for the others (a
    /// thumbnail caller and a full-size caller share the bytes, not the image).
    ///
    /// Decoding runs on the downloader's concurrent coder queue, never on the session's
    /// delegate queue. Each caller is claimed under the lock just before its delivery, so a
    /// caller that cancels while the image decodes gets `.cancelled` instead, exactly once.
    func deliverDecoded(_ data: Data, response: URLResponse?) {
        let waiting = state.withLock { state in
            state.handlers.sorted { $0.key < $1.key }.map { (id: $0.key, decode: $0.value.decodeOptions) }
        }
        var groups: [DecodeOptions: [Int]] = [:]
        var groupOrder: [DecodeOptions] = []
        for caller in waiting {
            guard let decode = caller.decode else {
                claimHandler(caller.id)?.deliver(.success(LoadedImage(image: nil, data: data, response: response)))
                continue
            }
            if groups[decode] == nil { groupOrder.append(decode) }
            groups[decode, default: []].append(caller.id)
        }
        let coders = settings.coders
        let url = url
        // Each decode gets its own flag, set when every caller waiting for it has cancelled
        // (see `cancelHandler`), so a long decode stops early instead of burning a core.
        var jobs: [(decode: DecodeOptions, ids: [Int])] = []
        state.withLock { state in
            for var decode in groupOrder {
                // Only callers still waiting: one may have cancelled since `waiting` was taken.
                let ids = (groups[decode] ?? []).filter { state.handlers[$0] != nil }
                guard !ids.isEmpty else { continue }
                let cancellation = DecodeCancellation()
                decode.cancellation = cancellation
                state.decodes.append(DecodeJob(handlerIDs: ids, cancellation: cancellation))
                jobs.append((decode, ids))
            }
        }
        for (decode, ids) in jobs {
            let deliveries = settings.deliveries
            deliveries.begin()
            // After partial images, the final decode runs on their serial queue, behind them.
            let queue = progressive.isInUse ? progressive.queue : settings.coderQueue
            queue.async { [self] in
                defer { deliveries.end() }
                // Everyone in this group may have cancelled while the job waited.
                guard state.withLock({ state in ids.contains { state.handlers[$0] != nil } }) else { return }
                let result: Result<LoadedImage, ImageError>
                do throws(ImageError) {
                    // A group that decoded incrementally finishes from its decoder's state.
                    let decoded: DecodedImage
                    if let incremental = finishIncrementally(data, options: decode) {
                        decoded = try incremental.get()
                    } else {
                        decoded = try coders.decode(data, options: decode)
                    }
                    let image = PlatformImageBridge.platformImage(from: decoded)
                    result = .success(LoadedImage(image: image, data: data, response: response, decodedImage: decoded))
                } catch {
                    var failure = error
                    if failure.url == nil { failure.url = url }
                    if failure.statusCode == nil { failure.statusCode = (response as? HTTPURLResponse)?.statusCode }
                    result = .failure(failure)
                }
                for id in ids {
                    claimHandler(id)?.deliver(result)
                }
                // Done: its flag has nothing left to stop.
                state.withLock { state in state.decodes.removeAll { $0.cancellation === decode.cancellation } }
            }
        }
    }
}
