import Dispatch
import Foundation
#if !canImport(Darwin)
import Synchronization
#endif

/// How far the bytes of a load have come, as the bytes stage broadcasts it.
package struct BodyProgress: Sendable {
    /// Body bytes received so far.
    package var received: Int64
    /// `Content-Length`, when the server sent one.
    package var expected: Int64?
    /// Whether callers' progress closures hear this report (it passed the progress thinning);
    /// the others only feed progressive decoding.
    package var isReport: Bool
    /// The body received so far from an offset to its current end: the incremental feed for
    /// progressive decoding. Nil when partial images must not be made (a decryptor needs the
    /// whole body first).
    package var reader: (@Sendable (Int) -> Data)?

    package init(received: Int64, expected: Int64?, isReport: Bool, reader: (@Sendable (Int) -> Data)? = nil) {
        self.received = received
        self.expected = expected
        self.isReport = isReport
        self.reader = reader
    }
}

/// What the decode stage broadcasts: byte progress passed on, and partial images.
package struct DecodeProgress: Sendable {
    package var received: Int64
    package var expected: Int64?
    /// A partial image (only for decodes keyed with a partial-image interval).
    package var partial: DecodedImage?
}

/// A decoded image with the body it came from.
package struct Decoded<Body: Sendable>: Sendable {
    package let image: DecodedImage
    package let body: Body
}

/// The decoders the decode stage uses (a registry such as `ImageCoders`, passed as closures so
/// the stage needs nothing from the codecs module).
package struct StageDecoders: Sendable {
    package let decode: @Sendable (Data, DecodeOptions) throws(ImageError) -> DecodedImage
    package let incrementalDecoder: @Sendable (Data, DecodeOptions) -> (any IncrementalImageDecoding)?
    /// Bytes needed before ``incrementalDecoder`` can choose a format.
    package let detectionLength: Int

    package init(decode: @escaping @Sendable (Data, DecodeOptions) throws(ImageError) -> DecodedImage,
                 incrementalDecoder: @escaping @Sendable (Data, DecodeOptions) -> (any IncrementalImageDecoding)?,
                 detectionLength: Int) {
        self.decode = decode
        self.incrementalDecoder = incrementalDecoder
        self.detectionLength = detectionLength
    }
}

/// What every decode stage shares, whatever its bytes come from (the network, the disk).
package enum DecodeStage {
    /// The one coder queue: every decode of a load runs here, downloaded bytes and disk hits
    /// alike (and the cache's encodes), so they share one width of CPU-bound work, as many at
    /// once as there are active cores. Concurrent; the disk tier's serial I/O queue only reads
    /// and writes files and hands bytes over.
    package static let coderQueue = DispatchQueue(label: "osprey.coder", qos: .userInitiated, attributes: .concurrent)
}

/// Counts work still under way after its producer closed (decodes, deliveries), so a loader
/// can tell when every completion has been handed to its callback queue.
///
/// A counter and nothing else (no other state depends on it), so on Linux it is an atomic:
/// each decode of each download begins and ends once, and would otherwise take a lock for it
/// twice. On Apple platforms (`Atomic` needs iOS 18) it is a ``Locked`` count.
package final class PendingWork: Sendable {
    // Invariant: the number of `begin()` calls not yet matched by `end()`; never negative.
    #if canImport(Darwin)
    private let count = Locked(0)
    #else
    private let count = Atomic(0)
    #endif

    package init() {}

    package func begin() {
        #if canImport(Darwin)
        count.withLock { $0 += 1 }
        #else
        count.add(1, ordering: .relaxed)
        #endif
    }

    package func end() {
        #if canImport(Darwin)
        count.withLock { $0 -= 1 }
        #else
        // Releasing: whoever sees zero also sees everything the work did before it ended.
        count.subtract(1, ordering: .releasing)
        #endif
    }

    package var isZero: Bool {
        #if canImport(Darwin)
        count.withLock { $0 == 0 }
        #else
        count.load(ordering: .acquiring) == 0
        #endif
    }
}

/// The decode stage's producer: one per shared decode task (key: the bytes' key and the
/// ``DecodeOptions`` that change pixels, plus the partial-image interval for progressive
/// callers). It subscribes to the bytes task, passes byte progress on, feeds an incremental
/// decoder as the body arrives when partial images are wanted, and decodes the whole body once
/// it is there, on the coder queue. Bytes already at hand (a disk hit, read on the cache's
/// I/O queue) skip the bytes stage: ``start(body:)`` decodes them the same way.
///
/// Threading: byte progress is passed on from the bytes task's thread; everything that
/// touches the incremental decoder, and the final result of a progressive decode, runs on a
/// serial queue of its own that targets the coder queue, so a subscriber never hears a partial
/// image after the result. Without partial images the final decode runs on the coder queue
/// directly. When the last subscriber leaves, the decode's ``DecodeCancellation`` is set (a
/// decode under way stops at its next check) and the bytes subscription is cancelled.
package final class DecodeRun<Body: Sendable>: Sendable {
    package typealias Task = SharedTask<Decoded<Body>, DecodeProgress>
    package typealias BytesDeliver = SharedTask<Body, BodyProgress>.Deliver

    private struct State {
        var decoder: (any IncrementalImageDecoding)?
        /// Body bytes handed to the decoder (or kept in `head` until one can be chosen).
        var fedBytes = 0
        var head = Data()
        /// No incremental decoder accepts these bytes: no partial images.
        var isUnusable = false
        var drainQueued = false
        /// The newest feed seen (a drain reads up to its end).
        var latest: BodyProgress?
        /// When the last partial image was made, in uptime nanoseconds.
        var lastPartial: UInt64?
    }

    // Invariant: `decoder`, `fedBytes`, `head`, `isUnusable` and `lastPartial` change only on
    // `serial`.
    private let state = Locked(State())
    private let task: Task
    private let options: DecodeOptions
    private let partialInterval: TimeInterval?
    private let decoders: StageDecoders
    private let coderQueue: DispatchQueue
    /// Serial, targeting `coderQueue`; only for progressive decodes.
    private let serial: DispatchQueue?
    private let data: @Sendable (Body) -> Data
    /// Completes a decode error with what the body knows (its URL, its HTTP status).
    private let annotate: @Sendable (ImageError, Body) -> ImageError
    private let pending: PendingWork?

    /// A run for `task`; `partialInterval` (nil: no partial images) paces partial images.
    package init(task: Task, options: DecodeOptions, partialInterval: TimeInterval?, decoders: StageDecoders,
                 coderQueue: DispatchQueue, pending: PendingWork?, data: @escaping @Sendable (Body) -> Data,
                 annotate: @escaping @Sendable (ImageError, Body) -> ImageError = { error, _ in error }) {
        self.task = task
        let cancellation = DecodeCancellation()
        var options = options
        options.cancellation = cancellation
        self.options = options
        self.partialInterval = partialInterval
        self.decoders = decoders
        self.coderQueue = coderQueue
        self.pending = pending
        self.data = data
        self.annotate = annotate
        serial = partialInterval == nil ? nil
            : DispatchQueue(label: "osprey.decode.progressive", target: coderQueue)
    }

    /// Subscribes to the bytes through `subscribe` (told whether to listen for progress) and
    /// wires cancellation, priority and listening.
    ///
    /// A progressive decode reads the body as it arrives, so it always listens. Otherwise byte
    /// progress is only passed on to this decode's subscribers: it listens only once one of them
    /// does (a caller with a progress closure), so a plain download's body pieces take no lock
    /// on their way to nobody.
    package func start(subscribe: (_ listens: Bool, @escaping BytesDeliver) -> TaskSubscription) {
        let cancellation = options.cancellation
        let listens = serial != nil || task.isListened
        let subscription = subscribe(listens) { [self] event in handle(event) }
        // Wired in one locked step once subscribed; when everyone left while the subscription
        // was being made, the cancel handler runs at once.
        var onListened: (@Sendable () -> Void)?
        if !listens { onListened = { subscription.listen() } }
        task.onCancel({
            cancellation?.cancel()
            subscription.cancel()
        }, onPriorityChange: { subscription.setPriority($0) }, onListened: onListened)
    }

    /// Decodes `body`, whose bytes are all at hand (a disk hit): no bytes stage to subscribe
    /// to, no partial images. Cancellation works as for downloaded bytes: when the last
    /// subscriber leaves, the decode under way stops at its next check.
    package func start(body: Body) {
        let cancellation = options.cancellation
        task.onCancel { cancellation?.cancel() }
        decode(body)
    }

    private func handle(_ event: SharedTaskEvent<Body, BodyProgress>) {
        switch event {
        case .progress(let progress):
            if progress.isReport {
                task.send(DecodeProgress(received: progress.received, expected: progress.expected, partial: nil))
            }
            if serial != nil, progress.reader != nil { bodyGrew(progress) }
        case .completed(.success(let body)):
            decode(body)
        case .completed(.failure(let error)):
            if let serial {
                serial.async { [task] in task.finish(.failure(error)) }
            } else {
                task.finish(.failure(error))
            }
        }
    }

    // MARK: Partial images

    private func bodyGrew(_ progress: BodyProgress) {
        let queue = state.withLock { state -> Bool in
            state.latest = progress
            guard !state.drainQueued else { return false }
            state.drainQueued = true
            return true
        }
        guard queue, let serial else { return }
        pending?.begin()
        serial.async { [self] in
            defer { pending?.end() }
            drain()
        }
    }

    /// On `serial`: feeds the decoder what it has not seen, then makes a partial image when due.
    private func drain() {
        let (latest, fed, unusable) = state.withLock { state in
            state.drainQueued = false
            return (state.latest, state.fedBytes, state.isUnusable)
        }
        guard let latest, let reader = latest.reader, !unusable, !task.isCancelled else { return }
        let chunk = reader(fed)
        guard !chunk.isEmpty else { return }
        feed(chunk)
        let now = DispatchTime.now().uptimeNanoseconds
        let (decoder, due) = state.withLock { state -> ((any IncrementalImageDecoding)?, Bool) in
            let interval = max(0, partialInterval ?? 0) * 1e9
            let due = state.lastPartial.map { Double(now &- $0) >= interval } ?? true
            return (state.decoder, due)
        }
        guard let decoder, due, let partial = decoder.currentImage() else { return }
        state.withLock { $0.lastPartial = now }
        task.send(DecodeProgress(received: Int64(fed + chunk.count), expected: latest.expected, partial: partial),
                  replay: true)
    }

    /// Appends `chunk` to the decoder, choosing the decoder once enough bytes are there.
    private func feed(_ chunk: Data) {
        var (decoder, head, fed) = state.withLock { ($0.decoder, $0.head, $0.fedBytes) }
        fed += chunk.count
        var unusable = false
        if let decoder {
            decoder.append(chunk)
        } else {
            head.append(chunk)
            if head.count >= decoders.detectionLength {
                if let made = decoders.incrementalDecoder(head, options) {
                    made.append(head)
                    decoder = made
                } else {
                    unusable = true
                }
                head = Data()
            }
        }
        state.withLock { state in
            state.decoder = decoder
            state.head = head
            state.fedBytes = fed
            state.isUnusable = state.isUnusable || unusable
        }
    }

    // MARK: The whole body

    private func decode(_ body: Body) {
        pending?.begin()
        (serial ?? coderQueue).async { [self] in
            defer { pending?.end() }
            guard !task.isCancelled else { return }
            let bytes = data(body)
            let result: Result<DecodedImage, ImageError>
            do throws(ImageError) {
                // Only a progressive decode has an incremental decoder to finish.
                if serial != nil, let (decoder, fed) = takeDecoder(), fed <= bytes.count {
                    try options.checkCancellation()
                    if fed < bytes.count { decoder.append(bytes.subdata(in: fed..<bytes.count)) }
                    result = .success(try decoder.finish(allBytes: bytes))
                } else {
                    result = .success(try decoders.decode(bytes, options))
                }
            } catch {
                result = .failure(error)
            }
            task.finish(result.map { Decoded(image: $0, body: body) }.mapError { annotate($0, body) })
        }
    }

    private func takeDecoder() -> (any IncrementalImageDecoding, Int)? {
        state.withLock { state in
            defer { state.decoder = nil }
            return state.decoder.map { ($0, state.fedBytes) }
        }
    }
}
