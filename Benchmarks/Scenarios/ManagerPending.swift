import Foundation

/// Scenarios that need `ImageManager` / `ImagePrefetcher`, which are not merged yet.
struct ManagerPendingScenario: Scenario {
    let id: String
    let title: String

    func run(in bench: Bench) throws -> [Row] {
        throw Skip("ImageManager / ImagePrefetcher not merged yet")
    }
}

/// Placeholder for the isolated prefetch-memory child.
enum PrefetchChild {
    static let name = "prefetch-child"

    static func run(arguments: [String]) -> Never {
        print("{\"error\": \"ImageManager not merged yet\"}")
        exit(1)
    }
}
