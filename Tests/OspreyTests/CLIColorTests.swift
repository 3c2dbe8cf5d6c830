import Foundation
import OspreyTestTraits
import Testing
import Osprey
import OspreyTestSupport

/// The command-line tool and colour: `convert --srgb` converts a Display P3 file to sRGB (and
/// writes no P3 profile), `convert` without it keeps the profile, and `decode` names the profile.
@Suite("osprey command-line tool, colour", .offCooperativePool)
struct CLIColorTests {
    static let p3 = Corpus.vendoredRoot.appendingPathComponent("color/display-p3.jpg")

    @Test("convert --srgb converts, convert keeps the profile, decode names it",
          .enabled(if: CLITests.isBuilt, "needs the built osprey executable"))
    func srgb() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("osprey-colour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let converted = folder.appendingPathComponent("srgb.png"), kept = folder.appendingPathComponent("p3.png")
        let first = try await CLITests.run(["convert", Self.p3.path, converted.path, "--srgb"])
        #expect(first.status == 0, "\(first.output)\n\(first.errors)")
        let second = try await CLITests.run(["convert", Self.p3.path, kept.path])
        #expect(second.status == 0, "\(second.output)\n\(second.errors)")
        let srgb = try ImageCoders.shared.decode(Data(contentsOf: converted))
        let p3 = try ImageCoders.shared.decode(Data(contentsOf: kept))
        #expect(srgb.colorProfile?.isSRGB == true && srgb.colorProfile?.iccData == nil)
        #expect(p3.colorProfile?.iccData != nil)
        #expect(srgb.firstFrame != p3.firstFrame)
        let decode = try await CLITests.run(["decode", Self.p3.path])
        #expect(decode.status == 0)
        #expect(decode.output.contains("colour profile \"Display P3 (Osprey test)\" (ICC, 560 bytes)"), "\(decode.output)")
    }
}
