import Foundation
import Osprey

/// `osprey`: Osprey's command-line tool.
let usage = """
osprey \(OspreyVersion.string): image downloading and caching from the command line

usage: osprey <command> [options]

commands:
  demo     load generated images from a loopback server, cold then warm, and show what happened
  fetch    load URLs through the cache and the downloader
  cache    show, locate, trim or clear the disk cache
  decode   decode image files with Osprey's own decoders
  convert  decode a file and write it as JPEG or PNG with Osprey's own encoders
  help     show help for a command (osprey help fetch)

osprey --version prints the version.
"""

let helps = ["demo": DemoCommand.help, "fetch": FetchCommand.help, "cache": CacheCommand.help,
             "decode": DecodeCommand.help, "convert": ConvertCommand.help]

/// The position of the first argument that is not valid UTF-8, if any. Swift's
/// `CommandLine.arguments` repairs such bytes to U+FFFD, so a path like that would silently
/// name another file or folder; the tool refuses it instead.
func firstNonUTF8Argument() -> Int? {
    for index in 1..<Int(CommandLine.argc) {
        guard let pointer = CommandLine.unsafeArgv[index] else { continue }
        let bytes = UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map { UInt8(bitPattern: $0) }
        if String(validating: bytes, as: UTF8.self) == nil { return index }
    }
    return nil
}

func runCommand(_ words: [String]) async -> Int32 {
    if let index = firstNonUTF8Argument() {
        Terminal.error("osprey: argument \(index) is not valid UTF-8; Osprey cannot name that path faithfully (rename it, or use a UTF-8 path)")
        return 2
    }
    guard let command = words.first else {
        Terminal.error(usage)
        return 2
    }
    let rest = Array(words.dropFirst())
    if rest.contains("--help") || rest.contains("-h"), let help = helps[command] {
        print(help)
        return 0
    }
    do {
        switch command {
        case "demo": return try await DemoCommand.run(rest)
        case "fetch": return try await FetchCommand.run(rest)
        case "cache": return try await CacheCommand.run(rest)
        case "decode": return try DecodeCommand.run(rest)
        case "convert": return try ConvertCommand.run(rest)
        case "help", "--help", "-h":
            guard let topic = rest.first else {
                print(usage)
                return 0
            }
            guard rest.count == 1, let help = helps[topic] else {
                Terminal.error("osprey help: no command '\(rest.joined(separator: " "))'\n\n\(usage)")
                return 2
            }
            print(help)
            return 0
        case "--version", "version":
            print("osprey \(OspreyVersion.string)")
            return 0
        default:
            Terminal.error("osprey: unknown command '\(command)'\n\n\(usage)")
            return 2
        }
    } catch let problem as Arguments.Problem {
        Terminal.error("osprey \(command): \(problem)\n\n\(helps[command] ?? usage)")
        return 2
    } catch let problem as FileProblem {
        Terminal.error("osprey \(command): \(problem)")
        return 1
    } catch let error as ImageError {
        Terminal.error("osprey \(command): \(error)")
        return 1
    } catch {
        Terminal.error("osprey \(command): \(FileProblem.reason(error))")
        return 1
    }
}

exit(await runCommand(Array(CommandLine.arguments.dropFirst())))
