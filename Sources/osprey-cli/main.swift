import Foundation
import Osprey

// The `osprey` command-line tool. Commands arrive with the manager issue; for now it
// answers --help and --version so the target is real.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "--version":
    print("osprey \(OspreyVersion.string)")
default:
    print("""
    osprey \(OspreyVersion.string): image downloading and caching from the command line
    usage: osprey --version
    """)
}
