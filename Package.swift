// swift-tools-version:6.0
import Foundation
import PackageDescription

/// Osprey: image downloading and caching, on Linux and Apple platforms.
///
/// Dependencies point one way: Core ← Codecs ← Cache, Download ← Osprey (Manager) ← UIKitBridge, SwiftUIBridge.
/// The loopback server is test and demo infrastructure; nothing in the library imports it.
/// With `OSPREY_OPTIMIZE_DEBUG=1` in the environment, the pixel code (decoders, resampler,
/// transformers) is optimised in debug builds too (`-O`: overflow and bounds checks stay on).
/// The suite decodes thousands of real and hostile images, and unoptimised Swift runs the
/// generic SIMD code 80–140× slower: on 2 cores `swift test` takes about 6 minutes without it
/// and under a minute with it. Opt-in, because SwiftPM refuses unsafe flags in a package used
/// as a dependency: a user's build of Osprey never sees them.
let optimizedInDebug: [SwiftSetting] = ProcessInfo.processInfo.environment["OSPREY_OPTIMIZE_DEBUG"] == "1"
    ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []

let package = Package(
    name: "Osprey",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v8)],
    products: [
        .library(name: "Osprey", targets: ["Osprey"]),
        .library(name: "OspreyUIKitBridge", targets: ["OspreyUIKitBridge"]),
        .library(name: "OspreySwiftUI", targets: ["OspreySwiftUI"]),
        .executable(name: "osprey", targets: ["osprey"]),
        .executable(name: "osprey-bench", targets: ["osprey-bench"]),
    ],
    targets: [
        .target(name: "OspreyCore", path: "Sources/Core", swiftSettings: optimizedInDebug),
        .target(name: "OspreyCodecs", dependencies: ["OspreyCore"], path: "Sources/Codecs", swiftSettings: optimizedInDebug),
        .target(name: "OspreyCache", dependencies: ["OspreyCore", "OspreyCodecs"], path: "Sources/Cache"),
        .target(
            name: "OspreyDownload",
            dependencies: ["OspreyCore", "OspreyCodecs"],
            path: "Sources/Download"
        ),
        .target(
            name: "Osprey",
            dependencies: ["OspreyCore", "OspreyCodecs", "OspreyCache", "OspreyDownload"],
            path: "Sources/Manager"
        ),
        .target(name: "OspreyUIKitBridge", dependencies: ["Osprey"], path: "Sources/UIKitBridge"),
        .target(name: "OspreySwiftUI", dependencies: ["Osprey"], path: "Sources/SwiftUIBridge"),
        .target(name: "LoopbackServer", dependencies: ["OspreyCore"], path: "Sources/LoopbackServer"),
        .executableTarget(
            name: "osprey",
            dependencies: ["Osprey", "LoopbackServer"],
            path: "Sources/osprey-cli",
            resources: [.copy("Samples")]
        ),
        .executableTarget(
            name: "osprey-bench",
            dependencies: ["Osprey", "LoopbackServer", "OspreyTestSupport"],
            path: "Benchmarks",
            exclude: ["LATEST.md", "one-shot-before-after.md"]
        ),
        .target(
            name: "OspreyTestSupport",
            dependencies: ["OspreyCore", "OspreyCodecs", "LoopbackServer"],
            path: "Tests/Support"
        ),
        .target(name: "OspreyTestTraits", path: "Tests/Traits"),
        .executableTarget(
            name: "osprey-disk-writer",
            dependencies: ["OspreyCache", "OspreyTestSupport"],
            path: "Tests/DiskWriter"
        ),
        .executableTarget(
            name: "osprey-blocking-load",
            dependencies: ["Osprey"],
            path: "Tests/BlockingLoad"
        ),
        .testTarget(
            name: "OspreyCoreTests",
            dependencies: ["OspreyCore", "OspreyCodecs", "OspreyTestSupport", "OspreyTestTraits"]
        ),
        .testTarget(
            name: "OspreyCodecsTests",
            dependencies: ["OspreyCore", "OspreyCodecs", "OspreyTestSupport", "OspreyTestTraits"]
        ),
        .testTarget(
            name: "LoopbackServerTests",
            dependencies: ["LoopbackServer", "OspreyTestSupport", "OspreyTestTraits"]
        ),
        .testTarget(
            name: "OspreyCacheTests",
            dependencies: ["OspreyCache", "OspreyTestSupport", "OspreyTestTraits"]
        ),
        .testTarget(
            name: "OspreyDownloadTests",
            dependencies: ["OspreyDownload", "LoopbackServer", "OspreyTestSupport", "OspreyTestTraits"]
        ),
        .testTarget(
            name: "ReadmeSamplesTests",
            dependencies: ["Osprey", "OspreyUIKitBridge", "OspreySwiftUI"],
            path: "Tests/ReadmeSamples"
        ),
        .target(
            name: "OspreyManagerTestSupport",
            dependencies: ["Osprey", "LoopbackServer", "OspreyTestSupport"],
            path: "Tests/ManagerSupport"
        ),
        .executableTarget(
            name: "osprey-lock-count",
            dependencies: ["Osprey", "OspreyManagerTestSupport", "LoopbackServer"],
            path: "Tests/LockCount"
        ),
        .testTarget(
            name: "OspreyTests",
            dependencies: [
                "Osprey", "OspreyUIKitBridge", "OspreySwiftUI", "LoopbackServer", "OspreyTestSupport", "OspreyTestTraits",
                "OspreyManagerTestSupport",
            ]
        ),
        .testTarget(
            name: "OspreyViewTests",
            dependencies: [
                "Osprey", "OspreyUIKitBridge", "OspreySwiftUI", "LoopbackServer", "OspreyTestSupport", "OspreyTestTraits",
                "OspreyManagerTestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
