import Foundation
import OspreyTestTraits
import Testing
import OspreyTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Peak memory of a decode through the public path: the built `osprey decode FILE` runs in a
/// fresh child per file on a generated bomb (``DecoderBombs``), and the child's own peak
/// resident set (`wait4`'s `ru_maxrss`), less the peak of the same command on a tiny image
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

    static var enabled: Bool { CLITests.isBuilt && ChildPeak.isSupported }

    @Test("PNG: 8192² RGBA of zero rows", .enabled(if: enabled, "needs the built osprey executable and wait4"))
    func png() throws { try check(DecoderBombs.png(side: Self.side)) }

    @Test("APNG: one-frame animation, 8192²", .enabled(if: enabled, "needs the built osprey executable and wait4"))
    func apng() throws { try check(DecoderBombs.apng(side: Self.side)) }

    @Test("GIF: one 8192² frame of LZW-coded constant", .enabled(if: enabled, "needs the built osprey executable and wait4"))
    func gif() throws { try check(DecoderBombs.gif(side: Self.side)) }

    @Test("WebP lossless: 8192² of one-symbol codes", .enabled(if: enabled, "needs the built osprey executable and wait4"))
    func webpLossless() throws { try check(DecoderBombs.webpLossless(side: Self.side)) }

    @Test("WebP lossy: 16383 wide, at the pixel limit", .enabled(if: enabled, "needs the built osprey executable and wait4"))
    func webpLossy() throws { try check(DecoderBombs.webpLossy(pixels: Self.side * Self.side)) }

    /// The peak of `osprey decode` on a 16 × 16 image of the same format: the process's own
    /// baseline (runtime, Foundation, the tool's code).
    private func baseline(_ bomb: DecoderBombs.Bomb) throws -> Int {
        let tiny: DecoderBombs.Bomb = switch bomb.name {
        case "png": DecoderBombs.png(side: 16)
        case "apng": DecoderBombs.apng(side: 16)
        case "gif": DecoderBombs.gif(side: 16)
        case "webp-lossless": DecoderBombs.webpLossless(side: 16)
        default: DecoderBombs.webpLossy(pixels: 256)
        }
        return try decodePeak(tiny)
    }

    private func check(_ bomb: DecoderBombs.Bomb) throws {
        let base = try baseline(bomb)
        let peak = try decodePeak(bomb)
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

    /// Writes `bomb` to a temporary file, decodes it in a fresh `osprey decode` child and
    /// returns that child's peak resident bytes; the decode must succeed.
    private func decodePeak(_ bomb: DecoderBombs.Bomb) throws -> Int {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("osprey-bomb-\(UUID().uuidString).\(bomb.name)")
        try Data(bomb.bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try ChildPeak.run(CLITests.binary.path, ["decode", file.path], timeout: 600)
        try #require(run.status == 0, "osprey decode \(bomb.name) exited \(run.status.map(String.init) ?? "by signal/timeout")")
        return run.peakBytes
    }
}

/// Runs a child to completion with `posix_spawn` and reaps it with `wait4`, which reports that
/// child's own peak resident set (`ru_maxrss`) — unlike `RUSAGE_CHILDREN`, which mixes in every
/// other child the test process ever waited for. Output goes to /dev/null.
enum ChildPeak {
    struct Result {
        /// The exit status; nil when killed by a signal (including the timeout's SIGKILL).
        let status: Int32?
        let peakBytes: Int
    }

    static var isSupported: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }

    static func run(_ executable: String, _ arguments: [String], timeout: Double) throws -> Result {
        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var status: Int32 = 0
        var usage = rusage()
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reaped = wait4(pid, &status, WNOHANG, &usage)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { throw POSIXError(.ECHILD) }
            if Date() > deadline { kill(pid, SIGKILL) }
            usleep(20_000)
        }
        // WIFEXITED / WEXITSTATUS, spelled out (the macros are not imported).
        let exited = status & 0x7F == 0
        return Result(status: exited ? (status >> 8) & 0xFF : nil, peakBytes: usage.ru_maxrss * 1024)
        #else
        throw POSIXError(.ENOTSUP)
        #endif
    }
}
