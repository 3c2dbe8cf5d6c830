import Foundation

/// The command line: `osprey-bench [--quick] [--json PATH] [--markdown PATH] [--nginx]
/// [--only NAME,…] [--list]`.
struct BenchOptions {
    /// Fewer rounds and smaller N: under two minutes in a release build on 2 cores.
    var quick = false
    var jsonPath: String?
    var markdownPath: String?
    /// Run the download scenarios against nginx (when installed) instead of the embedded server.
    var nginx = false
    /// Only scenarios whose id or title contains one of these (case-insensitive).
    var only: [String] = []
    var listOnly = false

    static let usage = """
        usage: osprey-bench [--quick] [--json PATH] [--markdown PATH] [--nginx] [--only NAME,...] [--list]
          --quick          fewer rounds and smaller N (CI); full mode otherwise
          --json PATH      write every row as JSON
          --markdown PATH  write a Markdown report (table, machine, notes)
          --nginx          serve the download scenarios from nginx (if installed)
          --only LIST      run only scenarios whose id or title contains one of LIST
          --list           list the scenarios and exit
        """

    /// Parses `arguments` (without the program name); throws on anything unknown.
    init(arguments: [String]) throws {
        var rest = arguments[...]
        func value(for flag: String) throws -> String {
            guard let next = rest.popFirst() else { throw BenchError("\(flag) needs a value\n\(Self.usage)") }
            return next
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--json": jsonPath = try value(for: argument)
            case "--markdown": markdownPath = try value(for: argument)
            case "--nginx": nginx = true
            case "--only": only += try value(for: argument).split(separator: ",").map { $0.lowercased() }
            case "--list": listOnly = true
            case "-h", "--help":
                print(Self.usage)
                exit(0)
            default: throw BenchError("unknown argument \(argument)\n\(Self.usage)")
            }
        }
    }

    /// Whether a scenario passes the `--only` filter.
    func selects(id: String, title: String) -> Bool {
        guard !only.isEmpty else { return true }
        let haystack = (id + " " + title).lowercased()
        return only.contains { haystack.contains($0) }
    }
}
