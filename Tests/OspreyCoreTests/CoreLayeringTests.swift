import Foundation
import Testing

/// Core is the layer every other module builds on; on Linux, FoundationNetworking is the
/// URLSession stack, and a model layer that imports it drags networking into coders, caches
/// and tools that never touch the network. The download layer declares the networking hooks.
@Suite struct CoreLayeringTests {
    @Test func coreSourcesImportNoFoundationNetworking() throws {
        let core = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Core")
        let files = try #require(FileManager.default.enumerator(at: core, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 20)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import FoundationNetworking") }
            #expect(imports.isEmpty, "\(file.lastPathComponent) imports FoundationNetworking")
        }
    }
}
