/// The words after a command: positional values and `--name value` / `--flag` options,
/// parsed by hand (no dependencies).
struct Arguments {
    /// Words that are not options, in order.
    private(set) var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// What went wrong while parsing, shown to the user.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses `words`: names in `valued` take the next word as their value, names in
    /// `switches` take none; any other `--word` is an error. `--name=value` also works.
    init(_ words: [String], valued: Set<String> = [], switches: Set<String> = []) throws(Problem) {
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("--"), word.count > 2 else {
                positional.append(word)
                continue
            }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if switches.contains(name), inlineValue == nil {
                flags.insert(name)
            } else if valued.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else if index < words.count {
                    values[name] = words[index]
                    index += 1
                } else {
                    throw Problem(description: "--\(name) needs a value")
                }
            } else {
                throw Problem(description: "unknown option --\(name)")
            }
        }
    }

    /// The value of `--name`, if given.
    func value(_ name: String) -> String? { values[name] }

    /// Whether `--name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of `--name` as a positive integer; `fallback` when absent.
    func positiveInt(_ name: String, default fallback: Int) throws(Problem) -> Int {
        guard let text = values[name] else { return fallback }
        guard let number = Int(text), number > 0 else {
            throw Problem(description: "--\(name) takes a positive whole number, not '\(text)'")
        }
        return number
    }
}
