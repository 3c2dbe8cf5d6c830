import Foundation
import Osprey

/// How the tool reads an image file named on its command line: with the same rules as a
/// `file://` load (regular files only, the size checked before reading, at most the
/// downloader's default response limit), so a huge file or a device is refused at once.
enum InputFile {
    /// The most bytes one input file may have: the default ``ImageDownloaderConfig/maxResponseSize``.
    static let maxBytes = ImageDownloaderConfig.defaultMaxResponseSize

    /// The bytes of `path`, or a ``FileProblem`` that names the path and the reason.
    static func read(_ path: String) throws(FileProblem) -> Data {
        // The familiar wording first ("no such file: …", "is a folder, not a file: …").
        if let problem = FileProblem.unreadable(path) { throw FileProblem(problem) }
        do {
            return try LocalFileReader.read(path: path, maxBytes: maxBytes)
        } catch {
            throw FileProblem("\(error): \(path)")
        }
    }
}
