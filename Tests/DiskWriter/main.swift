// The child process of the disk tier's crash-safety test (`DiskCrashSafetyTests`).
//
// Usage: osprey-disk-writer <directory> <namespace> <seed>
//
// Writes entries (and extended data) into a `DiskCache` in an endless loop, printing one line
// per finished store so the parent knows it is under way; the parent kills it with SIGKILL at
// a random point. Each entry's bytes are a pure function of its key (`CrashPayload.payload(forKey:)`
// in OspreyTestSupport, shared with the test), so the parent can tell a complete entry from a torn one.
import Foundation
import OspreyCache
import OspreyTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = CommandLine.arguments
guard arguments.count == 4, let seed = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: osprey-disk-writer <directory> <namespace> <seed>\n".utf8))
    exit(2)
}
let cache = DiskCache(directory: URL(fileURLWithPath: arguments[1], isDirectory: true), namespace: arguments[2])
// Generated up front, so that the loop spends its time writing and a kill lands in a write.
let payloads = (0..<CrashPayload.keyCount).map { CrashPayload.payload(forKey: CrashPayload.key($0)) }
var round = seed
while true {
    let index = round % CrashPayload.keyCount
    guard cache.store(payloads[index], forKey: CrashPayload.key(index)) else {
        FileHandle.standardError.write(Data("store failed for \(CrashPayload.key(index))\n".utf8))
        exit(1)
    }
    cache.setExtendedData(CrashPayload.extendedPayload(forKey: CrashPayload.key(index)), forKey: CrashPayload.key(index))
    let line = Array("\(round)\n".utf8)
    _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    round += 1
}
