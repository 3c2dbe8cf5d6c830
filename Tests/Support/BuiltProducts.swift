import Foundation

/// Executables of this package that tests run as child processes (`osprey-disk-writer`,
/// `osprey-lock-count`, `osprey-blocking-load`). SwiftPM puts them beside the test bundle in the products folder.
package enum BuiltProducts {
    /// The built executable `name`, or nil when this build has none.
    package static func executable(named name: String) -> URL? {
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for folder in folders {
            for candidate in [folder, folder.deletingLastPathComponent()] {
                let url = candidate.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
        }
        return nil
    }
}
