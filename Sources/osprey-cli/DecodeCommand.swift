import Foundation
import Osprey

/// `osprey decode`: decodes files with Osprey's own decoders and reports what it found.
enum DecodeCommand {
    static let help = """
    usage: osprey decode <file>... [--thumbnail WxH]

    Decodes each file and prints its format, pixel size, frame count, loop count (plays:
    "forever", or how many times), one loop's duration and decode time; for each animation
    then its frame delays in milliseconds and whether its frames are composed on demand (lazy).
    Exits 1 when any file could not be decoded.
    """

    static func run(_ words: [String]) throws -> Int32 {
        let arguments = try Arguments(words, valued: ["thumbnail"])
        guard !arguments.positional.isEmpty else { throw Arguments.Problem(description: "decode needs a file") }
        var options = DecodeOptions()
        if let size = arguments.value("thumbnail") { options.thumbnailPixelSize = try FetchCommand.parseSize(size) }
        var rows: [[String]] = []
        var animations: [String] = []
        var failed = 0
        for path in arguments.positional {
            let data: Data
            do {
                data = try InputFile.read(path)
            } catch {
                rows.append([path, "-", "-", "-", "-", "-", "-", error.description])
                failed += 1
                continue
            }
            let format = ImageFormat.detect(data)
            let start = Date()
            do {
                let image = try ImageCoders.shared.decode(data, options: options)
                let time = Terminal.milliseconds(Date().timeIntervalSince(start))
                // frameCount, durations and loop count never compose frames, even of a lazy image.
                let loop = !image.isAnimated ? "-" : image.loopCount == 0 ? "forever" : "\(image.loopCount)"
                let length = image.isAnimated ? String(format: "%.2f s", image.duration) : "-"
                rows.append([path, format.rawValue, "\(image.pixelWidth)x\(image.pixelHeight)", "\(image.frameCount)",
                             loop, length, time, "ok"])
                if image.isAnimated { animations.append(Self.delays(of: image, path: path)) }
            } catch {
                failed += 1
                rows.append([path, format.rawValue, "-", "-", "-", "-", "-", error.description])
            }
        }
        print(Terminal.table(["file", "format", "pixels", "frames", "loop", "duration", "decode", "result"], rows))
        for line in animations { print(line) }
        return failed == 0 ? 0 : 1
    }

    /// `path: delays (ms) 100 100 40 …` (the first 50), and `lazy` when frames are composed on demand.
    static func delays(of image: DecodedImage, path: String) -> String {
        let shown = min(image.frameCount, 50)
        var line = "\(path): delays (ms) "
        line += (0..<shown).map { String(Int((image.frameDuration(at: $0) * 1000).rounded())) }.joined(separator: " ")
        if shown < image.frameCount { line += " … (\(image.frameCount - shown) more)" }
        if image.isLazy { line += "; lazy" }
        return line
    }
}
