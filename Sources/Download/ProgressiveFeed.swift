import Dispatch
import Foundation
import OspreyCore

/// The progressive-decoding state of one ``DownloaderOperation``: one incremental decoder per
/// distinct ``DecodeOptions`` among the callers that asked for partial images (a thumbnail
/// caller and a full-size caller share the bytes, not the decoder), and when each caller last
/// got a partial image.
///
/// All decoding runs on ``queue``, a serial queue per operation that targets the downloader's
/// coder queue: never on the session's delegate queue. The same queue carries the final
/// decode of these groups and every other `completed` of a caller that may have had partial
/// images, so a caller never sees a partial image after its completion.
final class ProgressiveFeed: Sendable {
    /// One decoder and how far it was fed.
    struct Group {
        /// Made once ``ImageCoders/incrementalDetectionLength`` bytes (or the whole body) are there.
        var decoder: (any IncrementalImageDecoding)?
        /// Body bytes handed to this group (to `head` or the decoder).
        var fedBytes = 0
        /// The first bytes, kept until the decoder can be chosen.
        var head = Data()
        /// No decoder accepts the bytes: this group gets no partial images.
        var isUnusable = false
    }

    struct State {
        var groups: [DecodeOptions: Group] = [:]
        /// When each caller (by handler id) last got a partial image, in uptime nanoseconds.
        var lastPartial: [Int: UInt64] = [:]
        /// A drain is queued and has not started yet: a new piece of body needs no other.
        var drainQueued = false
        /// Set once a drain was queued: from then on deliveries to callers go through ``queue``.
        var isInUse = false
    }

    /// Serial; targets the downloader's coder queue.
    let queue: DispatchQueue
    /// Invariant: `groups` and `lastPartial` change only on ``queue``; `isInUse` never goes
    /// back to false.
    let state = Locked(State())

    init(coderQueue: DispatchQueue) {
        queue = DispatchQueue(label: "osprey.downloader.progressive", target: coderQueue)
    }

    /// Whether partial images may have been delivered (or are being made).
    var isInUse: Bool { state.withLock { $0.isInUse } }

    /// Marks a drain queued; false when one already waits (it will see the new bytes too).
    func queueDrain() -> Bool {
        state.withLock { state in
            state.isInUse = true
            guard !state.drainQueued else { return false }
            state.drainQueued = true
            return true
        }
    }

    /// Takes the decoder of `options` for the final decode, with how many bytes it was fed;
    /// nil when the group never got one.
    func takeDecoder(for options: DecodeOptions) -> (decoder: any IncrementalImageDecoding, fedBytes: Int)? {
        state.withLock { state in
            guard let group = state.groups.removeValue(forKey: options), let decoder = group.decoder else { return nil }
            return (decoder, group.fedBytes)
        }
    }
}
