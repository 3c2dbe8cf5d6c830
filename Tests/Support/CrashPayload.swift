import Foundation

/// What the disk cache's crash test writes: the child process (`osprey-disk-writer`) and the
/// test that kills it must agree byte for byte, so both take the keys and bytes from here.
public enum CrashPayload {
    /// How many distinct keys the writer cycles through.
    public static let keyCount = 32

    /// The key of entry `index` (with `..`, `/` and unicode, which must never name a path).
    public static func key(_ index: Int) -> String { "crash/../entry-\(index % keyCount)/ünïcode" }

    /// `key`'s bytes: 16–278 kB from a xorshift generator seeded by FNV-1a of the key. Large
    /// enough that a write takes long enough to be interrupted in the middle.
    public static func payload(forKey key: String) -> Data {
        var state: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let words = 2_048 + Int(state % 32_768)
        var values = [UInt64](repeating: 0, count: words)
        for index in values.indices {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            values[index] = state
        }
        return values.withUnsafeBytes { Data($0) }
    }

    /// The extended data stored beside `key`'s entry.
    public static func extendedPayload(forKey key: String) -> Data {
        Data("validators of \(key)".utf8)
    }
}
