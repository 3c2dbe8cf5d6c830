import OspreyCore

/// Reassembles an ICC profile split over JPEG APP2 `ICC_PROFILE` markers (ICC.1:2010 Annex B.4):
/// each marker carries its sequence number (1…n) and the count n, and the profile is their
/// payloads in sequence order, whatever order the markers came in.
///
/// Damaged sequences are handled as libjpeg-turbo's `jpeg_read_icc_profile` does: a count of 0,
/// a count that differs between markers, a sequence number of 0 or above the count, a sequence
/// number seen twice, or a missing one makes the whole profile unusable (no profile, never an
/// error for the image). The payloads held are capped at ``ImageColorProfile/maxICCBytes``;
/// past it the profile is dropped too.
struct ICCChunkAssembler: Sendable {
    private var chunks: [Int: [UInt8]] = [:]
    private var expected = 0
    private var held = 0
    private var broken = false

    /// The APP2 identifier, "ICC_PROFILE" and a NUL.
    static let signature: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

    init() {}

    /// Adds one APP2 payload (the bytes after the marker's length field). Other APP2 uses (no
    /// `ICC_PROFILE` signature) are ignored.
    mutating func add(_ payload: UnsafeBufferPointer<UInt8>) {
        guard payload.count >= 14, Array(payload.prefix(12)) == Self.signature, !broken else { return }
        let sequence = Int(payload[12]), count = Int(payload[13])
        if expected == 0 { expected = count }
        guard count != 0, count == expected, sequence >= 1, sequence <= count, chunks[sequence] == nil else {
            broken = true
            chunks = [:]
            return
        }
        held += payload.count - 14
        guard held <= ImageColorProfile.maxICCBytes else {
            broken = true
            chunks = [:]
            return
        }
        chunks[sequence] = Array(payload[14...])
    }

    /// Whether any `ICC_PROFILE` marker was seen.
    var isEmpty: Bool { expected == 0 && !broken }

    /// The profile's bytes in sequence order, or nil when there was none or it is damaged.
    var profile: [UInt8]? {
        guard !broken, expected > 0, chunks.count == expected else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(held)
        for sequence in 1...expected { bytes += chunks[sequence]! }
        return bytes.isEmpty ? nil : bytes
    }
}

