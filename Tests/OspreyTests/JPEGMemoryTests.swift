import Foundation
import OspreyTestTraits
import Testing
import OspreyTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The peak memory of JPEG decodes at the pixel limit, measured as the peak resident set of a
/// child process (the built `osprey decode`), so nothing else this test process holds counts.
@Suite("JPEG peak memory at the pixel limit", .offCooperativePool, .serialized)
struct JPEGMemoryTests {
    /// The bound: 1.25 × the 8192² RGBA output (the default limit) + 32 MiB.
    static let bound = 8192 * 8192 * 4 / 4 * 5 + 32 << 20

    /// Runs `osprey decode <file> --peak-memory` and returns its exit status and the peak
    /// resident bytes it reports for itself (VmHWM: a spawned child's `ru_maxrss` would start
    /// from this test process's own high-water mark).
    static func decodePeak(_ bytes: [UInt8]) async throws -> (status: Int32?, peak: Int) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-jpeg-memory-\(UUID().uuidString).jpg")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await CLIRunner.run(CLITests.binary, ["decode", file.path, "--peak-memory"], timeout: 900)
        let line = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("peak resident memory: ") },
                                "\(run.output) \(run.errors)")
        return (run.status, try #require(Int(line.split(separator: " ")[3]), "\(line)"))
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
          .enabled(if: DecodePeakMemoryTests.enabled, "needs the built osprey executable and /proc"))
    func progressiveColor() async throws {
        let run = try await Self.decodePeak(Self.bomb([.init(id: 1, h: 2, v: 2), .init(id: 2), .init(id: 3)]))
        #expect(run.status == 0)
        #expect(run.peak <= Self.bound, "peak \(run.peak >> 20) MiB")
    }

    @Test("four components at 8192²: subsampled ones decode within the bound, 4:4:4 is refused before allocating",
          .enabled(if: DecodePeakMemoryTests.enabled, "needs the built osprey executable and /proc"))
    func fourComponents() async throws {
        let subsampled = try await Self.decodePeak(Self.bomb([.init(id: 1, h: 2, v: 2), .init(id: 2), .init(id: 3), .init(id: 4)]))
        #expect(subsampled.status == 0)
        #expect(subsampled.peak <= Self.bound, "peak \(subsampled.peak >> 20) MiB")
        // 4:4:4 CMYK keeps 512 MiB of coefficients: more than the bound whatever is done
        // with the output, so it is imageTooLarge (exit 1) with almost nothing allocated.
        let full = try await Self.decodePeak(Self.bomb((1...4).map { .init(id: UInt8($0)) }))
        #expect(full.status == 1)
        #expect(full.peak <= 64 << 20, "peak \(full.peak >> 20) MiB")
    }
}
