/// The words after a command: positional values and `--name value` / `--flag` options,
/// parsed by hand (no dependencies).
struct Arguments {
    /// Words that are not options, in order.
    private(set) var positional: [String] = []
    private var values: [String: [String]] = [:]
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
                    values[name, default: []].append(inlineValue)
                } else if index < words.count {
                    values[name, default: []].append(words[index])
                    index += 1
                } else {
                    throw Problem(description: "--\(name) needs a value")
                }
            } else {
                throw Problem(description: "unknown option --\(name)")
            }
        }
    }

    /// The value of `--name`, if given (the last one when given more than once).
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a `--name` that may be given more than once, in order.
    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether `--name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of `--name` as a whole number in `range`; `fallback` when absent. The range
    /// is what the command can honour: a number past it (say 2⁶³ − 1 downloads at once) is
    /// refused here rather than spinning a loop or allocating for it later.
    func int(_ name: String, in range: ClosedRange<Int>, default fallback: Int) throws(Problem) -> Int {
        guard let text = value(name) else { return fallback }
        guard let number = Int(text), range.contains(number) else {
            throw Problem(description: "--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }
}
