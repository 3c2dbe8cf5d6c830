import Foundation
import Osprey

/// `osprey decode`: decodes files with Osprey's own decoders and reports what it found.
enum DecodeCommand {
    static let help = """
    usage: osprey decode <file>... [--thumbnail WxH]

    Decodes each file and prints its format, pixel size, frame count and decode time.
    Exits 1 when any file could not be decoded.
    """

    static func run(_ words: [String]) throws -> Int32 {
        let arguments = try Arguments(words, valued: ["thumbnail"])
        guard !arguments.positional.isEmpty else { throw Arguments.Problem(description: "decode needs a file") }
        var options = DecodeOptions()
        if let size = arguments.value("thumbnail") { options.thumbnailPixelSize = try FetchCommand.parseSize(size) }
        var rows: [[String]] = []
        var failed = 0
        for path in arguments.positional {
            guard let data = FileManager.default.contents(atPath: path) else {
                rows.append([path, "-", "-", "-", "-", FileProblem.unreadable(path) ?? "cannot read the file"])
                failed += 1
                continue
            }
            let format = ImageFormat.detect(data)
            let start = Date()
            do {
                let image = try ImageCoders.shared.decode(data, options: options)
                let time = Terminal.milliseconds(Date().timeIntervalSince(start))
                rows.append([path, format.rawValue, "\(image.pixelWidth)x\(image.pixelHeight)", "\(image.frames.count)", time, "ok"])
            } catch {
                failed += 1
                rows.append([path, format.rawValue, "-", "-", "-", error.description])
            }
        }
        print(Terminal.table(["file", "format", "pixels", "frames", "decode", "result"], rows))
        return failed == 0 ? 0 : 1
    }
}
