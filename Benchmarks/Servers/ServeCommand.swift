import Foundation
import LoopbackServer

/// The child side of ``EmbeddedHost``: `osprey-bench serve <folder>` serves every file of the
/// folder at `/<file name>`, prints `PORT <n>`, and runs until its stdin closes.
enum ServeCommand {
    static let name = "serve"

    static func run(folder: String) -> Never {
        do {
            let server = try LoopbackServer()
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            for file in names {
                let data = try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(file))
                let type = file.hasSuffix(".png") ? "image/png" : "application/octet-stream"
                server.setRoute("/" + file, .ok(data, contentType: type))
            }
            FileHandle.standardOutput.write(Data("PORT \(server.port)\n".utf8))
            // The parent closes our stdin to stop us.
            _ = FileHandle.standardInput.readDataToEndOfFile()
            server.stop()
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("serve: \(error)\n".utf8))
            exit(1)
        }
    }
}
