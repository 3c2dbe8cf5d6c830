import Foundation
import Osprey

/// `osprey`: Osprey's command-line tool.
let usage = """
osprey \(OspreyVersion.string): image downloading and caching from the command line

usage: osprey <command> [options]

commands:
  demo     load generated images from a loopback server, cold then warm, and show what happened
  fetch    load URLs through the cache and the downloader
  cache    show, locate or clear the disk cache
  decode   decode image files with Osprey's own decoders
  help     show help for a command (osprey help fetch)

osprey --version prints the version.
"""

let helps = ["demo": DemoCommand.help, "fetch": FetchCommand.help, "cache": CacheCommand.help,
             "decode": DecodeCommand.help]

func runCommand(_ words: [String]) async -> Int32 {
    guard let command = words.first else {
        print(usage)
        return 0
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
        case "help", "--help", "-h":
            print(rest.first.flatMap { helps[$0] } ?? usage)
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
    } catch {
        Terminal.error("osprey \(command): \(error)")
        return 1
    }
}

exit(await runCommand(Array(CommandLine.arguments.dropFirst())))
