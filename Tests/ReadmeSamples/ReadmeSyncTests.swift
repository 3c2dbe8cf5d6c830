import Foundation
import Testing

/// Keeps README.md's Swift code blocks and ReadmeSamples.swift (which the build compiles)
/// identical, so the README never shows code that does not compile.
@Suite("README samples")
struct ReadmeSyncTests {
    @Test("every Swift block of the README is the compiled sample of the same number")
    func samplesMatch() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let readme = try String(contentsOf: here.appendingPathComponent("../../README.md").standardized, encoding: .utf8)
        let samples = try String(contentsOf: here.appendingPathComponent("ReadmeSamples.swift"), encoding: .utf8)
        let blocks = Self.swiftBlocks(in: readme)
        #expect(blocks.count >= 2)
        for (index, block) in blocks.enumerated() {
            let compiled = Self.sample(index + 1, in: samples)
            #expect(compiled == block, "README Swift block \(index + 1) differs from ReadmeSamples.swift")
        }
        #expect(Self.sample(blocks.count + 1, in: samples) == nil, "ReadmeSamples.swift has a sample the README lacks")
    }

    /// The README's ```swift blocks, without import lines and leading/trailing blank lines.
    static func swiftBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if current == nil, line == "```swift" {
                current = []
            } else if let lines = current, line == "```" {
                blocks.append(trimmed(lines))
                current = nil
            } else if current != nil, !line.hasPrefix("import ") {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Sample `number`'s lines in the compiled file, with the 4-space indent removed.
    static func sample(_ number: Int, in text: String) -> [String]? {
        let lines = text.components(separatedBy: "\n")
        guard let begin = lines.firstIndex(where: { $0.hasSuffix("// README sample \(number) begin") }),
              let end = lines.firstIndex(where: { $0.hasSuffix("// README sample \(number) end") }),
              begin < end else { return nil }
        return trimmed(lines[(begin + 1)..<end].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 })
    }

    private static func trimmed(_ lines: [String]) -> [String] {
        var lines = lines
        while lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeFirst() }
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return lines
    }
}
