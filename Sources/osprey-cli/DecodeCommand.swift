import Foundation
import Osprey

/// `osprey decode`: decodes files with Osprey's own decoders and reports what it found.
enum DecodeCommand {
    static let help = """
    usage: osprey decode <file>... [--thumbnail WxH] [--peak-memory]

    Decodes each file and prints its format, pixel size, frame count, loop count (plays:
    "forever", or how many times), one loop's duration and decode time; for each animation
    then its frame delays in milliseconds and whether its frames are composed on demand (lazy);
    then each file's colour profile: the ICC profile's description, or the PNG colour chunks.
    With --peak-memory it ends with the process's peak resident memory (Linux: VmHWM), to
    measure a decoder's memory on one file in a fresh process.
    Exits 1 when any file could not be decoded.
    """

    static func run(_ words: [String]) throws -> Int32 {
        let arguments = try Arguments(words, valued: ["thumbnail"], switches: ["peak-memory"])
        guard !arguments.positional.isEmpty else { throw Arguments.Problem(description: "decode needs a file") }
        var options = DecodeOptions()
        if let size = arguments.value("thumbnail") { options.thumbnailPixelSize = try FetchCommand.parseSize(size) }
        var rows: [[String]] = []
        var animations: [String] = []
        var colours: [String] = []
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
                colours.append("\(path): colour profile \(Self.describe(image.colorProfile))")
            } catch {
                failed += 1
                rows.append([path, format.rawValue, "-", "-", "-", "-", "-", error.description])
            }
        }
        print(Terminal.table(["file", "format", "pixels", "frames", "loop", "duration", "decode", "result"], rows))
        for line in animations { print(line) }
        for line in colours { print(line) }
        if arguments.flag("peak-memory") {
            print("peak resident memory: " + (peakResidentBytes().map { "\($0) bytes" } ?? "unknown"))
        }
        return failed == 0 ? 0 : 1
    }

    /// VmHWM from /proc/self/status: the peak of this process's own address space since it
    /// started (unlike `ru_maxrss`, which a spawned process inherits from its parent's).
    static func peakResidentBytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            if let kilobytes = line.split(separator: " ").compactMap({ Int($0) }).first { return kilobytes * 1024 }
        }
        return nil
    }

    /// What an image's colour information says: `"Display P3" (ICC, 560 bytes)`, the PNG
    /// chunks, or that there is none.
    static func describe(_ profile: ImageColorProfile?) -> String {
        guard let profile else { return "none (sRGB assumed)" }
        var text = profile.name.map { "\"\($0)\"" } ?? "unnamed"
        if let icc = profile.iccData { text += " (ICC, \(icc.count) bytes)" }
        if profile.isSRGB { text += ", sRGB" }
        return text
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
