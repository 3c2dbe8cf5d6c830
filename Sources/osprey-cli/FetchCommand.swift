import Foundation
import Osprey

/// `osprey fetch`: loads URLs through the manager (and its cache), optionally writing
/// thumbnails as PNG, and reports every failure with its `ImageError`.
enum FetchCommand {
    static let help = """
    usage: osprey fetch <url | image file>... [--list FILE]... [--cache-dir D] [--concurrency N]
                        [--timeout SECONDS] [--deadline SECONDS] [--retries N]
                        [--thumbnail WxH] [--out DIR] [--format png|jpeg] [--srgb] [--json]

    Loads each URL through ImageManager (memory, then disk cache, then network). data: URLs
    work too. A word without "://" (and not data:) is a local image file, loaded through the
    same pipeline (reported as "file").
      --list FILE       also load the URLs in FILE, one per line (blank lines and # comments skipped)
      --cache-dir D     disk cache root (default: the shared cache, \(ImageCache.defaultDiskCacheDirectory.path));
                        entries go in its namespace folder D/default (`osprey cache path` prints it)
      --concurrency N   downloads at once, \(Limits.concurrency.lowerBound)–\(Limits.concurrency.upperBound) (default 6)
      --timeout S       fail a download when no byte arrived for S seconds (idle timeout, default 15)
      --deadline S      fail a download that takes more than S seconds in all (default: none)
      --retries N       retry timeouts, lost connections, 408, 429 and 5xx up to N times, with
                        backoff (1 s, 2 s, 4 s …) or the server's Retry-After; a body cut short
                        resumes with Range/If-Range when the server allows it (default 0)
      --thumbnail WxH   decode straight to at most W×H pixels
      --srgb            convert from the image's colour profile to sRGB while decoding
      --out DIR         write every image as DIR/<n>-<name>.png
      --format F        with --out: png (default) or jpeg (quality 90, alpha flattened onto white)
      --json            print one JSON object instead of the table
    A download that takes longer than a second shows its bytes on a live line when standard
    error is a terminal. Exits 1 when any URL failed.
    """

    struct Outcome: Encodable {
        let url: String
        let ok: Bool
        let width: Int?
        let height: Int?
        let bytes: Int?
        let source: String?
        let error: String?
        let file: String?
    }

    static func run(_ words: [String]) async throws -> Int32 {
        let arguments = try Arguments(words, valued: ["cache-dir", "concurrency", "thumbnail", "out", "list", "format",
                                                          "timeout", "deadline", "retries"],
                                      switches: ["json", "srgb"])
        let urls = try arguments.positional + arguments.allValues("list").flatMap(readList)
        guard !urls.isEmpty else { throw Arguments.Problem(description: "fetch needs at least one URL or file") }
        var context = ImageContext()
        context.callbackQueue = .current
        if let size = arguments.value("thumbnail") { context.thumbnailPixelSize = try parseSize(size) }
        context.convertToSRGB = arguments.flag("srgb")
        let concurrency = try arguments.int("concurrency", in: Limits.concurrency, default: 6)
        var config = ImageDownloaderConfig()
        config.maxConcurrentDownloads = concurrency
        try FetchNetwork(arguments).apply(to: &config)
        let directory = arguments.value("cache-dir").map { URL(fileURLWithPath: $0) }
        // The cache would fail every store silently in a folder it cannot create: say so now.
        if let directory { try FileProblem.makeFolder(directory, what: "the cache folder") }
        let manager = ImageManager(cache: ImageCache(namespace: "default", diskCacheDirectory: directory),
                                   loader: ImageDownloader(config: config))
        let out = arguments.value("out").map { URL(fileURLWithPath: $0) }
        if let out { try FileProblem.makeFolder(out, what: "the output folder") }
        let json = arguments.flag("json")
        let format: ImageFormat
        switch arguments.value("format") ?? "png" {
        case "png": format = .png
        case "jpeg", "jpg": format = .jpeg
        case let other: throw Arguments.Problem(description: "--format \(other): use png or jpeg")
        }

        let start = Date()
        let outcomes = await load(urls, manager: manager, context: context, window: concurrency,
                                  out: out.map { ($0, format) }, showProgress: !json)
        let failures = outcomes.filter { !$0.ok }
        if json {
            let encoder = JSONEncoder()
            // URLs and paths stay readable (and greppable): "/" is not escaped as "\/".
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            struct Report: Encodable { let loaded: Int; let failed: Int; let seconds: Double; let results: [Outcome] }
            let report = Report(loaded: outcomes.count - failures.count, failed: failures.count,
                                seconds: Date().timeIntervalSince(start), results: outcomes)
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            let rows = outcomes.map { outcome in
                [outcome.ok ? "ok" : "FAILED", outcome.url,
                 outcome.width.map { "\($0)x\(outcome.height ?? 0)" } ?? "-", outcome.source ?? "-",
                 outcome.bytes.map(Terminal.bytes) ?? "-"]
            }
            print(Terminal.table(["status", "url", "pixels", "from", "bytes"], rows))
            print("\n\(outcomes.count - failures.count) loaded, \(failures.count) failed in "
                  + Terminal.milliseconds(Date().timeIntervalSince(start)))
            for failure in failures { print("failed: \(failure.url): \(failure.error ?? "")") }
        }
        return failures.isEmpty ? 0 : 1
    }

    /// Loads with at most `window` loads in flight, keeping the input order in the output.
    private static func load(_ urls: [String], manager: ImageManager, context: ImageContext, window: Int,
                             out: (folder: URL, format: ImageFormat)?, showProgress: Bool) async -> [Outcome] {
        var outcomes = [Outcome?](repeating: nil, count: urls.count)
        var finished = 0
        let bytes = ByteProgressLine()
        await withTaskGroup(of: (Int, Outcome).self) { group in
            var next = 0
            func addNext() {
                guard next < urls.count else { return }
                let index = next
                next += 1
                group.addTask { (index, await loadOne(urls[index], index: index, manager: manager, context: context, out: out,
                                                            bytes: bytes)) }
            }
            for _ in 0..<min(window, urls.count) { addNext() }
            for await (index, outcome) in group {
                outcomes[index] = outcome
                finished += 1
                if showProgress { Terminal.progress(finished, of: urls.count, label: "fetch", plainEvery: 100) }
                addNext()
            }
        }
        return outcomes.compactMap { $0 }
    }

    private static func loadOne(_ text: String, index: Int, manager: ImageManager, context: ImageContext,
                                out: (folder: URL, format: ImageFormat)?, bytes: ByteProgressLine) async -> Outcome {
        let url: URL
        if text.contains("://") || text.lowercased().hasPrefix("data:") {
            guard let parsed = URL(string: text), parsed.scheme != nil else {
                return failure(text, ImageError(.invalidURL).description)
            }
            url = parsed
        } else {
            // A plain word is a local file: check it here, so the user reads "no such file"
            // rather than the loader's .invalidURL.
            if let problem = FileProblem.unreadable(text) { return failure(text, problem) }
            url = URL(fileURLWithPath: text)
        }
        do {
            // The process may exit right after the last load: let the disk writes finish first.
            bytes.begin(text)
            defer { bytes.end(text) }
            let result = try await manager.load(url, options: .waitStoreCache, context: context) { progress in
                bytes.update(text, progress)
            }
            let decoded = PlatformImageBridge.decodedImage(from: result.image)
            var file: String?
            if let out, let decoded {
                let stem = url.deletingPathExtension().lastPathComponent.isEmpty ? "image" : url.deletingPathExtension().lastPathComponent
                let name = "\(index)-\(stem).\(out.format == .jpeg ? "jpg" : "png")"
                let destination = out.folder.appendingPathComponent(name)
                do {
                    let options = ImageEncodeOptions(quality: 90)
                    try ImageCoders.shared.encode(decoded, format: out.format, options: options).write(to: destination)
                } catch let error as ImageError {
                    throw error
                } catch {
                    throw FileProblem("cannot write", path: destination.path, error: error)
                }
                file = destination.path
            }
            return Outcome(url: text, ok: true, width: decoded?.pixelWidth, height: decoded?.pixelHeight,
                           bytes: result.data?.count,
                           source: result.cacheType == .none ? Self.source(of: url)
                                                              : result.cacheType.description,
                           error: nil, file: file)
        } catch {
            return failure(text, String(describing: error))
        }
    }

    /// Where an uncached image came from: a file, a data: URL, or the network.
    private static func source(of url: URL) -> String {
        if url.isFileURL { return "file" }
        return url.scheme?.lowercased() == "data" ? "data" : "network"
    }

    private static func failure(_ text: String, _ error: String) -> Outcome {
        Outcome(url: text, ok: false, width: nil, height: nil, bytes: nil, source: nil, error: error, file: nil)
    }

    /// The URLs listed in the file at `path`, one per line (blank lines and # comments skipped).
    static func readList(_ path: String) throws(FileProblem) -> [String] {
        if let problem = FileProblem.unreadable(path) { throw FileProblem("--list: \(problem)") }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw FileProblem("cannot read the list", path: path, error: error)
        }
        return text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// `WxH` → a pixel size.
    static func parseSize(_ text: String) throws(Arguments.Problem) -> PixelSize {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0 else {
            throw Arguments.Problem(description: "--thumbnail takes WxH, e.g. 128x128, not '\(text)'")
        }
        return PixelSize(width: width, height: height)
    }
}
