import Foundation

/// The conformance images: the vendored subset in `Tests/Fixtures` (always there) plus the
/// team's whole corpus (`../shared/corpus` beside the package, or `$OSPREY_CORPUS`) when present.
///
/// Both folders use the same relative paths and the same manifest format, so a test asks for
/// files by folder and gets each relative path once: the vendored copy first, then the files
/// only the shared corpus has. A fresh clone therefore runs every conformance test on the
/// vendored files, and a developer machine runs them on everything.
public enum Corpus {
    /// The vendored fixtures folder (`Tests/Fixtures`), part of the repository.
    public static let vendoredRoot: URL = packageRoot.appendingPathComponent("Tests/Fixtures")

    /// The shared corpus folder, or nil when it is absent.
    ///
    /// `$OSPREY_CORPUS` overrides the default location `../shared/corpus`; pointing it at a
    /// folder that does not exist (e.g. `OSPREY_CORPUS=/nonexistent`) simulates a fresh clone.
    public static let sharedRoot: URL? = {
        let candidate: URL
        if let path = ProcessInfo.processInfo.environment["OSPREY_CORPUS"] {
            candidate = URL(fileURLWithPath: path)
        } else {
            candidate = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        }
        return FileManager.default.fileExists(atPath: candidate.appendingPathComponent("manifest.json").path)
            ? candidate : nil
    }()

    /// The folders searched, vendored first.
    public static var roots: [URL] { [vendoredRoot] + (sharedRoot.map { [$0] } ?? []) }

    /// True when the whole shared corpus is available (tests of files it alone holds).
    public static var hasSharedCorpus: Bool { sharedRoot != nil }

    /// The fullest corpus folder available: the shared corpus, else the vendored fixtures.
    /// Never nil; typed optional so that older call sites (`Corpus.root?.…`) keep compiling.
    public static let root: URL? = sharedRoot ?? vendoredRoot

    /// The package's root folder (found from this file's path).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // Support
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()

    /// The file at `relativePath` in the first root that has it, or nil.
    public static func file(_ relativePath: String) -> URL? {
        roots.map { $0.appendingPathComponent(relativePath) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Every file below `folder` (relative to the roots), recursively, each relative path once
    /// (the vendored copy wins), sorted by relative path.
    public static func files(in folder: String = "", extensions: Set<String>? = nil) -> [URL] {
        var byPath: [String: URL] = [:]
        for root in roots {
            for url in files(below: root, folder: folder, extensions: extensions) {
                let path = relativePath(url)
                if byPath[path] == nil { byPath[path] = url }
            }
        }
        return byPath.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The files below `folder` of one root only (e.g. to check the vendored set itself).
    public static func files(below root: URL, folder: String = "", extensions: Set<String>? = nil) -> [URL] {
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

    /// The path of `url` relative to whichever root holds it (as the manifest names files).
    public static func relativePath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        for root in roots {
            let prefix = root.standardizedFileURL.path + "/"
            if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        }
        return path
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
        public let exif_orientation: Int?
        public let reference_png: String?
        public let oriented_reference_png: String?
    }

    private struct Manifest: Decodable { let files: [Entry] }

    /// The manifests' entries by relative path (vendored entries win; they are copies).
    public static let manifest: [String: Entry] = {
        var entries: [String: Entry] = [:]
        for root in roots {
            guard let data = try? Data(contentsOf: root.appendingPathComponent("manifest.json")),
                  let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else { continue }
            for entry in manifest.files where entries[entry.file] == nil { entries[entry.file] = entry }
        }
        return entries
    }()
}
