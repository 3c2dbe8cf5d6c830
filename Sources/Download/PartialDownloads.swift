import Foundation
import OspreyCore

/// The bytes of downloads that broke off, kept so that the next attempt for the same URL — a
/// retry, or a later load — asks only for the rest (`Range: bytes=N-` with `If-Range`), as
/// Nuke's resumable data does.
///
/// Bounded: at most ``capacity`` bytes in all (32 MiB by default), least recently stored
/// dropped first; a single partial larger than that is not kept. Only responses that can be
/// resumed safely are kept (``ResumeValidator``).
final class PartialDownloads: Sendable {
    /// What is kept for one URL.
    struct Entry: Sendable, Equatable {
        /// The body bytes received, from byte 0.
        var data: Data
        /// The validator the next request sends as `If-Range`.
        var validator: String
    }

    private struct State {
        /// Keyed by the download's merge key; `order` oldest first.
        var entries: [String: Entry] = [:]
        var order: [String] = []
        var bytes = 0
    }

    /// The most bytes held in all.
    let capacity: Int
    /// Invariant: `bytes` is the sum of the entries' data sizes and ≤ `capacity`; `order`
    /// holds each key of `entries` once, least recently stored first.
    private let state = Locked(State())
    /// How many entries are kept: a lock-free copy, so that the start of every download (which
    /// asks whether bytes of its URL are kept, almost always in vain) takes no lock when none
    /// are. Invariant: written only under `state`'s lock, after `entries` changed.
    private let entryCount = LockFreeMirror(0)

    init(capacity: Int = 32 << 20) {
        self.capacity = max(0, capacity)
    }

    /// Keeps `entry` for `key` (replacing an older one), dropping the oldest entries to make
    /// room; an entry larger than ``capacity`` or empty is not kept.
    func store(_ entry: Entry, for key: String) {
        state.withLock { state in
            Self.remove(key, from: &state)
            guard !entry.data.isEmpty, entry.data.count <= capacity else {
                entryCount.store(state.entries.count)
                return
            }
            while state.bytes + entry.data.count > capacity, let oldest = state.order.first {
                Self.remove(oldest, from: &state)
            }
            state.entries[key] = entry
            state.order.append(key)
            state.bytes += entry.data.count
            entryCount.store(state.entries.count)
        }
    }

    /// Takes out what is kept for `key` (the attempt that resumes from it owns it now).
    func take(_ key: String) -> Entry? {
        guard mayHoldAny else { return nil }
        return state.withLock { state in
            let entry = state.entries[key]
            Self.remove(key, from: &state)
            entryCount.store(state.entries.count)
            return entry
        }
    }

    /// False when nothing is kept (read without the lock: true may be stale, and ``take(_:)``
    /// then answers nil).
    var mayHoldAny: Bool { entryCount.peek() != 0 }

    /// Bytes held in all (for tests and statistics).
    var byteCount: Int { state.withLock { $0.bytes } }

    private static func remove(_ key: String, from state: inout State) {
        guard let old = state.entries.removeValue(forKey: key) else { return }
        state.bytes -= old.data.count
        state.order.removeAll { $0 == key }
    }
}

/// Whether a response can be resumed, and how a resumed response is taken (RFC 9110 §13.1.5,
/// §14): the rules that keep a resumed body byte-identical to a full download.
enum ResumeValidator {
    /// The `If-Range` validator of a response with these headers, when its body may be
    /// resumed: the server accepts byte ranges (`Accept-Ranges: bytes`) and gave a strong
    /// `ETag` (a weak one, `W/…`, may not be used for ranges) or, failing that, a
    /// `Last-Modified` date. Nil otherwise: a partial of such a response is not kept.
    static func validator(headers: [String: String]) -> String? {
        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
                .trimmingCharacters(in: .whitespaces)
        }
        guard let ranges = header("Accept-Ranges"),
              ranges.lowercased().split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == "bytes" })
        else { return nil }
        if let tag = header("ETag"), !tag.isEmpty, !tag.hasPrefix("W/") { return tag }
        if let modified = header("Last-Modified"), !modified.isEmpty { return modified }
        return nil
    }

    /// What to do with the response to a request that asked for bytes from `offset` on.
    enum Outcome: Equatable {
        /// 206 starting exactly at `offset`: its body follows the kept bytes.
        case append
        /// 200: the whole body again (the resource changed or the server ignores ranges);
        /// the kept bytes are dropped.
        case startOver
        /// 416, or a 206 of some other range: the kept bytes are dropped and the download
        /// asked for again without a range.
        case discardAndRetry
    }

    /// The outcome of a response with `status` and `Content-Range` header `contentRange` to a
    /// request for bytes `offset…`.
    static func outcome(status: Int, contentRange: String?, offset: Int) -> Outcome {
        switch status {
        case 206:
            guard let start = contentRange.flatMap(rangeStart), start == offset else { return .discardAndRetry }
            return .append
        case 200: return .startOver
        default: return .discardAndRetry
        }
    }

    /// The first byte of a `Content-Range: bytes a-b/n` value.
    private static func rangeStart(_ value: String) -> Int? {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes ") else { return nil }
        let range = text.dropFirst(6).trimmingCharacters(in: .whitespaces)
        guard let dash = range.firstIndex(of: "-") else { return nil }
        return Int(range[..<dash])
    }
}
