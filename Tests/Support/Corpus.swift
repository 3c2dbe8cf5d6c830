import Foundation

/// The shared conformance corpus (`../shared/corpus` beside the package, or `$OSPREY_CORPUS`).
public enum Corpus {
    /// The corpus folder, or nil when it is not beside this checkout.
    public static let root: URL? = {
        if let path = ProcessInfo.processInfo.environment["OSPREY_CORPUS"] {
            return URL(fileURLWithPath: path)
        }
        let candidate = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: candidate.path) ? candidate : nil
    }()

    /// The package's root folder (found from this file's path).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // Support
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()

    /// Every file below `folder` (relative to the corpus root), recursively, sorted by path.
    public static func files(in folder: String = "", extensions: Set<String>? = nil) -> [URL] {
        guard let root else { return [] }
        let base = folder.isEmpty ? root : root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { url in
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory),
                      !isDirectory.boolValue else { return false }
                return extensions.map { $0.contains(url.pathExtension.lowercased()) } ?? true
            }
            .sorted { $0.path < $1.path }
    }

    /// The path of `url` relative to the corpus root (as the manifest names files).
    public static func relativePath(_ url: URL) -> String {
        guard let root else { return url.lastPathComponent }
        let prefix = root.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// One image of `manifest.json`: what the reference decoder made of it.
    public struct Entry: Decodable, Sendable {
        public let file: String
        public let format: String?
        public let sniffed_format: String?
        public let width: Int?
        public let height: Int?
        public let frames: Int?
        public let rgba_sha256: String?
        public let frame_rgba_sha256: [String]?
        public let reference_ok: Bool?
    }

    private struct Manifest: Decodable { let files: [Entry] }

    /// The manifest's entries by relative path; empty when the corpus is absent.
    public static let manifest: [String: Entry] = {
        guard let root,
              let data = try? Data(contentsOf: root.appendingPathComponent("manifest.json")),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else { return [:] }
        return Dictionary(manifest.files.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
    }()
}
