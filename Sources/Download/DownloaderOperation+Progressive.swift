import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore
import OspreyCodecs

/// Progressive loading (``DownloaderOptions/progressiveLoad``): partial images while the body
/// arrives, decoded incrementally off the delegate queue, at most every
/// ``ImageContext/progressiveInterval`` per caller and only when new rows arrived.
extension DownloaderOperation {
    /// Whether `handler` gets partial images: it asked for them, listens to progress, wants
    /// the image decoded, and the download has no decryptor (which needs the whole body).
    func wantsPartialImages(_ handler: Handler) -> Bool {
        handler.options.contains(.progressiveLoad) && handler.progress != nil && handler.decodeOptions != nil
            && context.downloadDecryptor == nil
    }

    /// New body bytes arrived (called outside the lock): queue one drain unless one waits.
    func bodyGrewForPartialImages() {
        guard progressive.queueDrain() else { return }
        let deliveries = settings.deliveries
        deliveries.begin()
        progressive.queue.async { [self] in
            defer { deliveries.end() }
            progressive.state.withLock { $0.drainQueued = false }
            drainPartialImages()
        }
    }

    /// Hands `result` to `handler` after whatever partial image is on its way to it.
    func deliverAfterPartialImages(_ handler: Handler, _ result: Result<LoadedImage, ImageError>) {
        guard progressive.isInUse else { return handler.deliver(result) }
        let deliveries = settings.deliveries
        deliveries.begin()
        progressive.queue.async {
            handler.deliver(result)
            deliveries.end()
        }
    }

    /// On ``ProgressiveFeed/queue``: feeds every group the bytes it has not seen, then makes a
    /// partial image for the callers that are due.
    private func drainPartialImages() {
        typealias Wanting = (id: Int, interval: TimeInterval, decode: DecodeOptions)
        let wanting = state.withLock { state -> [Wanting] in
            guard !state.isClosed else { return [] }
            return state.handlers.sorted { $0.key < $1.key }.compactMap { id, handler in
                guard wantsPartialImages(handler), let decode = handler.decodeOptions else { return nil }
                return (id, handler.context.progressiveInterval, decode)
            }
        }
        guard !wanting.isEmpty else { return }
        var order: [DecodeOptions] = []
        for caller in wanting where !order.contains(caller.decode) { order.append(caller.decode) }
        let fed = progressive.state.withLock { state in order.map { state.groups[$0]?.fedBytes ?? 0 } }
        // Only the bytes each group has not seen are copied out (a new group gets the prefix
        // once): no copy of the whole body per piece, and no reference to it kept outside the
        // lock (which would make the next append copy it).
        let pieces = state.withLock { state -> (chunks: [Data], total: Int, expected: Int64?) in
            let total = state.data.count
            let chunks = fed.map { start in start < total ? state.data.subdata(in: start..<total) : Data() }
            return (chunks, total, state.expectedBytes)
        }
        for (index, decode) in order.enumerated() {
            feed(pieces.chunks[index], to: decode)
            let callers = wanting.filter { $0.decode == decode }
            deliverPartialImage(to: callers.map { ($0.id, $0.interval) }, decode: decode,
                                received: Int64(pieces.total), expected: pieces.expected)
        }
    }

    /// Appends `chunk` to the group's decoder, making the decoder once enough bytes are there.
    private func feed(_ chunk: Data, to decode: DecodeOptions) {
        guard !chunk.isEmpty else { return }
        var group = progressive.state.withLock { $0.groups[decode] } ?? ProgressiveFeed.Group()
        guard !group.isUnusable else { return }
        group.fedBytes += chunk.count
        if let decoder = group.decoder {
            decoder.append(chunk)
        } else {
            group.head.append(chunk)
            if group.head.count >= ImageCoders.incrementalDetectionLength {
                if let decoder = settings.coders.incrementalDecoder(for: group.head, options: decode) {
                    decoder.append(group.head)
                    group.decoder = decoder
                } else {
                    group.isUnusable = true
                }
                group.head = Data()
            }
        }
        progressive.state.withLock { $0.groups[decode] = group }
    }

    /// Asks the group's decoder for a partial image when one of `callers` is due, and hands it
    /// to the due callers still waiting.
    private func deliverPartialImage(to callers: [(id: Int, interval: TimeInterval)], decode: DecodeOptions,
                                     received: Int64, expected: Int64?) {
        let now = DispatchTime.now().uptimeNanoseconds
        let (decoder, due) = progressive.state.withLock { state -> ((any IncrementalImageDecoding)?, [Int]) in
            let due = callers.filter { caller in
                guard let last = state.lastPartial[caller.id] else { return true }
                return Double(now &- last) >= max(0, caller.interval) * 1e9
            }.map(\.id)
            return (state.groups[decode]?.decoder, due)
        }
        guard let decoder, !due.isEmpty, let partial = decoder.currentImage() else { return }
        let image = PlatformImageBridge.platformImage(from: partial)
        let url = url
        for id in due {
            // A caller that cancelled or was completed is gone from `handlers`; its completion
            // comes through this same queue, after this partial image.
            guard let handler = state.withLock({ $0.handlers[id] }), let progress = handler.progress else { continue }
            progressive.state.withLock { $0.lastPartial[id] = now }
            let report = ImageProgress(receivedBytes: received, expectedBytes: expected, url: url, partialImage: image)
            handler.context.callbackQueue.execute { progress(report) }
        }
    }

    /// The final decode of a group that has an incremental decoder: the rest of the body is
    /// appended and the decoder finishes from its own state. Nil when the group has none.
    func finishIncrementally(_ body: Data, options: DecodeOptions) -> Result<DecodedImage, ImageError>? {
        guard progressive.isInUse, let (decoder, fedBytes) = progressive.takeDecoder(for: options),
              fedBytes <= body.count else { return nil }
        return Result { () throws(ImageError) -> DecodedImage in
            try options.checkCancellation()
            if fedBytes < body.count { decoder.append(body.subdata(in: fedBytes..<body.count)) }
            return try decoder.finish(allBytes: body)
        }
    }
}
