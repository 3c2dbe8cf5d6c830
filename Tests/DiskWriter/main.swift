// The child process of the disk tier's crash-safety test (`DiskCrashSafetyTests`).
//
// Usage: osprey-disk-writer <directory> <namespace> <seed>
//
// Writes entries (and extended data) into a `DiskCache` in an endless loop, printing one line
// per finished store so the parent knows it is under way; the parent kills it with SIGKILL at
// a random point. Each entry's bytes are a pure function of its key (see `payload(forKey:)`,
// mirrored in the test), so the parent can tell a complete entry from a torn one.
import Foundation
import OspreyCache
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keys written; every run cycles through the same ones (starting at `seed`), so each run
/// overwrites entries earlier runs wrote.
let keyCount = 32

/// The key of entry `index`.
func key(_ index: Int) -> String { "crash/../entry-\(index % keyCount)/ünïcode" }

/// `key`'s bytes: 16–278 kB from a xorshift generator seeded by FNV-1a of the key. Large
/// enough that a write takes long enough to be interrupted in the middle.
func payload(forKey key: String) -> Data {
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
func extendedPayload(forKey key: String) -> Data {
    Data("validators of \(key)".utf8)
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let seed = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: osprey-disk-writer <directory> <namespace> <seed>\n".utf8))
    exit(2)
}
let cache = DiskCache(directory: URL(fileURLWithPath: arguments[1], isDirectory: true), namespace: arguments[2])
// Generated up front, so that the loop spends its time writing and a kill lands in a write.
let payloads = (0..<keyCount).map { payload(forKey: key($0)) }
var round = seed
while true {
    let index = round % keyCount
    guard cache.store(payloads[index], forKey: key(index)) else {
        FileHandle.standardError.write(Data("store failed for \(key(index))\n".utf8))
        exit(1)
    }
    cache.setExtendedData(extendedPayload(forKey: key(index)), forKey: key(index))
    let line = Array("\(round)\n".utf8)
    _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    round += 1
}
