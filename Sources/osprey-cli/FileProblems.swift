import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The ranges the tool accepts for its numeric options: what it can honour, so a huge number
/// is refused at parse time (exit 2) instead of spinning or allocating.
enum Limits {
    /// `--concurrency`: downloads at once.
    static let concurrency = 1...100
    /// `osprey demo --count`: generated images.
    static let demoImages = 1...10_000
}

/// A file-system failure said the way a user reads it: what went wrong and the path, not
/// Foundation's `NSCocoaErrorDomain` text.
struct FileProblem: Error, CustomStringConvertible {
    let description: String

    /// `action` is what the tool was doing ("cannot create the output folder"), `path` the file.
    init(_ action: String, path: String, error: any Error) {
        description = "\(action) \(path): \(FileProblem.reason(error))"
    }

    init(_ description: String) { self.description = description }

    /// A short reason for a Foundation or POSIX error ("permission denied", "no such file or folder").
    static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or folder"
            case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
            case .fileWriteOutOfSpace: return "no space left on the device"
            case .fileWriteVolumeReadOnly: return "read-only file system"
            case .fileWriteFileExists: return "a file is in the way"
            case .fileReadInvalidFileName, .fileWriteInvalidFileName: return "not a valid file name"
            case .fileReadInapplicableStringEncoding, .fileReadCorruptFile: return "not UTF-8 text"
            case .fileReadTooLarge: return "too large"
            default: break
            }
            if let posix = cocoa.userInfo[NSUnderlyingErrorKey] as? POSIXError {
                return describe(errno: posix.code.rawValue)
            }
            return "file error \(cocoa.code.rawValue)"
        }
        if let posix = error as? POSIXError { return describe(errno: posix.code.rawValue) }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return describe(errno: Int32(ns.code)) }
        return String(describing: error)
    }

    /// `strerror` in lowercase ("permission denied").
    static func describe(errno code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    /// Why `path` cannot be read as an input file, or nil when it can.
    static func unreadable(_ path: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return "no such file: \(path)" }
        if isFolder.boolValue { return "is a folder, not a file: \(path)" }
        guard FileManager.default.isReadableFile(atPath: path) else { return "permission denied: \(path)" }
        return nil
    }

    /// Creates `url` and its parents, or throws a ``FileProblem`` naming `what` and the path.
    static func makeFolder(_ url: URL, what: String) throws(FileProblem) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw FileProblem("cannot create \(what)", path: url.path, error: error)
        }
    }
}
