import Foundation
import Osprey

/// `osprey fetch`: loads URLs through the manager (and its cache), optionally writing
/// thumbnails as PNG, and reports every failure with its `ImageError`.
enum FetchCommand {
    static let help = """
    usage: osprey fetch <url | file-of-urls>... [--cache-dir D] [--concurrency N]
                        [--thumbnail WxH] [--out DIR] [--json]

    Loads each URL through ImageManager (memory, then disk cache, then network). A word that
    is not a URL is read as a file with one URL per line (blank lines and # comments skipped).
      --cache-dir D     disk cache folder (default: the shared cache, \(ImageCache.defaultDiskCacheDirectory.path))
      --concurrency N   downloads at once (default 6)
      --thumbnail WxH   decode straight to at most W×H pixels
      --out DIR         write every image as DIR/<n>-<name>.png
      --json            print one JSON object instead of the table
    Exits 1 when any URL failed.
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
        let arguments = try Arguments(words, valued: ["cache-dir", "concurrency", "thumbnail", "out"],
                                      switches: ["json"])
        let urls = try readURLs(arguments.positional)
        guard !urls.isEmpty else { throw Arguments.Problem(description: "fetch needs at least one URL") }
        var context = ImageContext()
        context.callbackQueue = .current
        if let size = arguments.value("thumbnail") { context.thumbnailPixelSize = try parseSize(size) }
        let concurrency = try arguments.positiveInt("concurrency", default: 6)
        var config = ImageDownloaderConfig()
        config.maxConcurrentDownloads = concurrency
        let directory = arguments.value("cache-dir").map { URL(fileURLWithPath: $0) }
        let manager = ImageManager(cache: ImageCache(namespace: "default", diskCacheDirectory: directory),
                                   loader: ImageDownloader(config: config))
        let out = arguments.value("out").map { URL(fileURLWithPath: $0) }
        if let out { try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true) }
        let json = arguments.flag("json")

        let start = Date()
        let outcomes = await load(urls, manager: manager, context: context, window: concurrency, out: out,
                                  showProgress: !json)
        let failures = outcomes.filter { !$0.ok }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
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
                             out: URL?, showProgress: Bool) async -> [Outcome] {
        var outcomes = [Outcome?](repeating: nil, count: urls.count)
        var finished = 0
        await withTaskGroup(of: (Int, Outcome).self) { group in
            var next = 0
            func addNext() {
                guard next < urls.count else { return }
                let index = next
                next += 1
                group.addTask { (index, await loadOne(urls[index], index: index, manager: manager, context: context, out: out)) }
            }
            for _ in 0..<window { addNext() }
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
                                out: URL?) async -> Outcome {
        guard let url = URL(string: text), url.scheme != nil else {
            return Outcome(url: text, ok: false, width: nil, height: nil, bytes: nil, source: nil,
                           error: ImageError(.invalidURL).description, file: nil)
        }
        do {
            // The process may exit right after the last load: let the disk writes finish first.
            let result = try await manager.loadImage(with: url, options: .waitStoreCache, context: context)
            let decoded = PlatformImageBridge.decodedImage(from: result.image)
            var file: String?
            if let out, let decoded {
                let name = "\(index)-\(url.deletingPathExtension().lastPathComponent.isEmpty ? "image" : url.deletingPathExtension().lastPathComponent).png"
                let destination = out.appendingPathComponent(name)
                try ImageCoders.shared.encode(decoded, format: .png).write(to: destination)
                file = destination.path
            }
            return Outcome(url: text, ok: true, width: decoded?.pixelWidth, height: decoded?.pixelHeight,
                           bytes: result.data?.count,
                           source: result.cacheType == .none ? "network" : result.cacheType.description,
                           error: nil, file: file)
        } catch {
            return Outcome(url: text, ok: false, width: nil, height: nil, bytes: nil, source: nil,
                           error: String(describing: error), file: nil)
        }
    }

    /// URLs as given, with words that are files replaced by the URLs they list.
    static func readURLs(_ words: [String]) throws -> [String] {
        try words.flatMap { word -> [String] in
            if word.contains("://") || !FileManager.default.fileExists(atPath: word) { return [word] }
            let text = try String(contentsOfFile: word, encoding: .utf8)
            return text.split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        }
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
