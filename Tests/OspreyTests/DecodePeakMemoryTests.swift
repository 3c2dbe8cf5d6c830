import Foundation
import OspreyTestTraits
import Testing
import OspreyTestSupport

/// Peak memory of a decode through the public path: the built `osprey decode FILE` runs in a
/// fresh child per file on a generated bomb (``DecoderBombs``), and the peak resident set the
/// child reports (`--peak-memory`: its VmHWM), less the peak of the same command on a tiny image
/// (the runtime's baseline), must stay within the decoded RGBA size + 32 MiB.
///
/// The safety target is 1.25 × the output + 32 MiB; the test asserts the tighter output +
/// 32 MiB because these decoders hold nothing full-size but the output. Any second full-size
/// buffer breaks it: ARGB words beside the RGBA bytes, a frame-sized index buffer, a canvas and
/// its copy, even full Y/U/V planes (0.375 × the output). Intermediates may be rows or tiles.
@Suite("decoder peak memory (bombs at the pixel limit)", .offCooperativePool, .serialized)
struct DecodePeakMemoryTests {
    /// The default pixel limit's side: 8192 × 8192.
    static let side = 8192
    static let allowance = 32 << 20

    static var enabled: Bool {
        #if os(Linux)
        CLITests.isBuilt && !threadSanitizerLoaded
        #else
        false
        #endif
    }

    /// Under `--sanitize=thread` the child is instrumented too, and the sanitizer's shadow
    /// memory (several times the heap) is part of its resident set: the figure says nothing
    /// about the decoder then.
    static var threadSanitizerLoaded: Bool {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
    }

    @Test("PNG: 8192² RGBA of zero rows", .enabled(if: enabled, "needs the built osprey executable and /proc"))
    func png() async throws { try await check(DecoderBombs.png(side: Self.side)) }

    @Test("APNG: one-frame animation, 8192²", .enabled(if: enabled, "needs the built osprey executable and /proc"))
    func apng() async throws { try await check(DecoderBombs.apng(side: Self.side)) }

    @Test("GIF: one 8192² frame of LZW-coded constant", .enabled(if: enabled, "needs the built osprey executable and /proc"))
    func gif() async throws { try await check(DecoderBombs.gif(side: Self.side)) }

    @Test("WebP lossless: 8192² of one-symbol codes", .enabled(if: enabled, "needs the built osprey executable and /proc"))
    func webpLossless() async throws { try await check(DecoderBombs.webpLossless(side: Self.side)) }

    @Test("WebP lossy: 16383 wide, at the pixel limit", .enabled(if: enabled, "needs the built osprey executable and /proc"))
    func webpLossy() async throws { try await check(DecoderBombs.webpLossy(pixels: Self.side * Self.side)) }

    /// The peak of `osprey decode` on a 16 × 16 image of the same format: the process's own
    /// baseline (runtime, Foundation, the tool's code).
    private func baseline(_ bomb: DecoderBombs.Bomb) async throws -> Int {
        let tiny: DecoderBombs.Bomb = switch bomb.name {
        case "png": DecoderBombs.png(side: 16)
        case "apng": DecoderBombs.apng(side: 16)
        case "gif": DecoderBombs.gif(side: 16)
        case "webp-lossless": DecoderBombs.webpLossless(side: 16)
        default: DecoderBombs.webpLossy(pixels: 256)
        }
        return try await decodePeak(tiny)
    }

    private func check(_ bomb: DecoderBombs.Bomb) async throws {
        let base = try await baseline(bomb)
        let peak = try await decodePeak(bomb)
        let mib = Double(1 << 20)
        let limit = bomb.outputBytes + Self.allowance + base
        let summary = """
            \(bomb.name) (\(bomb.bytes.count) bytes, \(bomb.width)x\(bomb.height)): peak \(Int(Double(peak) / mib)) MiB, \
            baseline \(Int(Double(base) / mib)) MiB, output \(Int(Double(bomb.outputBytes) / mib)) MiB; \
            (peak - baseline) / output = \(String(format: "%.2f", Double(peak - base) / Double(bomb.outputBytes)))
            """
        print("decode peak memory: \(summary)")
        #expect(peak <= limit, "\(summary)")
    }

    /// Writes `bomb` to a temporary file, decodes it in a fresh `osprey decode --peak-memory`
    /// child and returns the peak resident bytes it reports; the decode must succeed.
    ///
    /// The child reports its own VmHWM: `wait4`'s `ru_maxrss` would not do, since a process
    /// spawned from this one starts with this (large, busy) test process's high-water mark.
    private func decodePeak(_ bomb: DecoderBombs.Bomb) async throws -> Int {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("osprey-bomb-\(UUID().uuidString).\(bomb.name)")
        try Data(bomb.bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await CLIRunner.run(CLITests.binary, ["decode", file.path, "--peak-memory"], timeout: 600)
        try #require(run.status == 0, "osprey decode \(bomb.name): \(run.output) \(run.errors)")
        let line = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("peak resident memory: ") })
        return try #require(Int(line.split(separator: " ")[3]), "\(line)")
    }
}
