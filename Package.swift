// swift-tools-version:6.0
import PackageDescription

/// Osprey: image downloading and caching, on Linux and Apple platforms.
///
/// Dependencies point one way: Core ← Codecs ← Cache, Download ← Osprey (Manager) ← UIKitBridge, SwiftUIBridge.
/// The loopback server is test and demo infrastructure; nothing in the library imports it.
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
        .target(name: "OspreyCore", path: "Sources/Core"),
        .target(name: "OspreyCodecs", dependencies: ["OspreyCore"], path: "Sources/Codecs"),
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
            exclude: ["LATEST.md"]
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
        .testTarget(
            name: "OspreyCoreTests",
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
        .testTarget(
            name: "OspreyTests",
            dependencies: [
                "Osprey", "OspreyUIKitBridge", "OspreySwiftUI", "LoopbackServer", "OspreyTestSupport", "OspreyTestTraits",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
