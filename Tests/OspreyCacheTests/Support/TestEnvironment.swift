import Foundation
import OspreyCore
import OspreyCodecs

/// A clock the test moves by hand.
final class TestClock: Sendable {
    /// Invariant: the current time; only touched inside `withLock`.
    private let current: Locked<Date>

    /// A clock showing `start` (by default a fixed date, so that runs are repeatable).
    init(start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = Locked(start)
    }

    /// The time now.
    var now: Date { current.withLock { $0 } }

    /// The clock as the caches take it.
    var function: @Sendable () -> Date { { self.now } }

    /// Moves the clock forward.
    func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}

/// A fresh folder under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("osprey-cache-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// One cached value of the conformance checks: a small image whose pixels carry a `tag`,
/// in its encoded form (``TestRawFormat``), so that a memory tier (images) and a disk tier
/// (bytes) can be compared alike.
struct TestItem: Equatable, Sendable, CustomStringConvertible {
    let data: Data

    /// An image of `side` × `side` pixels whose bytes spell `tag`.
    init(tag: Int, side: Int = 8) {
        var pixels = PixelBuffer(width: side, height: side)
        for index in pixels.bytes.indices {
            pixels.bytes[index] = UInt8(truncatingIfNeeded: index < 8 ? tag >> (8 * index) : tag &+ index)
        }
        data = TestRawFormat.encode(pixels)
    }

    init(data: Data) { self.data = data }

    init(image: DecodedImage) { data = TestRawFormat.encode(image.firstFrame) }

    /// The decoded image.
    var image: DecodedImage {
        // The bytes were made by `TestRawFormat.encode`, so they always decode.
        try! TestRawDecoder().decode(data, options: DecodeOptions())
    }

    /// The tag the pixels carry.
    var tag: Int {
        data.dropFirst(TestRawFormat.headerSize).prefix(8).enumerated()
            .reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
    }

    /// Decoded bytes of an 8 × 8 item (its memory cost).
    static let standardCost = 8 * 8 * 4
    /// Encoded bytes of an 8 × 8 item (its size on disk).
    static let standardSize = TestRawFormat.headerSize + standardCost

    var description: String { "item(tag \(tag), \(data.count) bytes)" }
}

/// Coders for tests: the raw decoder and the PNG stand-in encoder.
func makeTestCoders(decoder: TestRawDecoder = TestRawDecoder(), withEncoder: Bool = true) -> ImageCoders {
    ImageCoders(decoders: [decoder], encoders: withEncoder ? [TestRawEncoder()] : [])
}
