import Foundation
import OspreyTestTraits
import Testing
import OspreyTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The peak memory of JPEG decodes at the pixel limit, measured as the peak resident set of a
/// child process (the built `osprey decode`), so nothing else this test process holds counts.
@Suite("JPEG peak memory at the pixel limit", .offCooperativePool)
struct JPEGMemoryTests {
    /// The bound: 1.25 × the 8192² RGBA output (the default limit) + 32 MiB.
    static let bound = 8192 * 8192 * 4 / 4 * 5 + 32 << 20

    #if canImport(Glibc)
    /// Runs `osprey decode <file>` and returns its exit status and peak resident bytes
    /// (`ru_maxrss` of that child alone, from `wait4`).
    static func decodePeak(_ bytes: [UInt8]) throws -> (status: Int32, peak: Int) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-jpeg-memory-\(UUID().uuidString).jpg")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let arguments = [CLITests.binary.path, "decode", file.path]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The table it prints is not needed.
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, CLITests.binary.path, &actions, nil, &argv, environ)
        guard spawned == 0 else { throw POSIXError(.init(rawValue: spawned) ?? .EINVAL) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        // Linux gives ru_maxrss in kilobytes; WEXITSTATUS by hand (a macro Swift does not import).
        return ((status >> 8) & 0xFF, usage.ru_maxrss * 1024)
    }

    /// An 8192² progressive frame whose scans were cut after about a kilobyte of data: the
    /// whole frame is allocated, rendered (mostly mid-grey) and output.
    static func bomb(_ components: [ProgressiveJPEGScans.Component]) -> [UInt8] {
        var file = ProgressiveJPEGScans(width: 8192, height: 8192, components: components)
        let header = file.bytes.count
        file.dcScan(Array(components.indices))
        return file.truncated(header + 1024)
    }

    @Test("a progressive 4:2:0 colour frame at 8192² stays within 1.25 × its output + 32 MiB",
          .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func progressiveColor() throws {
        let run = try Self.decodePeak(Self.bomb([.init(id: 1, h: 2, v: 2), .init(id: 2), .init(id: 3)]))
        #expect(run.status == 0)
        #expect(run.peak <= Self.bound, "peak \(run.peak >> 20) MiB")
    }

    @Test("four components at 8192²: subsampled ones decode within the bound, 4:4:4 is refused before allocating",
          .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func fourComponents() throws {
        let subsampled = try Self.decodePeak(Self.bomb([.init(id: 1, h: 2, v: 2), .init(id: 2), .init(id: 3), .init(id: 4)]))
        #expect(subsampled.status == 0)
        #expect(subsampled.peak <= Self.bound, "peak \(subsampled.peak >> 20) MiB")
        // 4:4:4 CMYK keeps 512 MiB of coefficients: more than the bound whatever is done
        // with the output, so it is imageTooLarge (exit 1) with almost nothing allocated.
        let full = try Self.decodePeak(Self.bomb((1...4).map { .init(id: UInt8($0)) }))
        #expect(full.status == 1)
        #expect(full.peak <= 64 << 20, "peak \(full.peak >> 20) MiB")
    }
    #endif
}
