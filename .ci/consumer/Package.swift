// swift-tools-version:6.0
// A package outside Osprey that depends on it, the way an app or server would: it sees only
// Osprey's public API, so the one-line configuration a user writes at start-up must compile
// here, not only inside Osprey's own test targets (which also see `package` symbols).
import PackageDescription

let package = Package(
    name: "consumer",
    dependencies: [.package(name: "Osprey", path: "../..")],
    targets: [
        .executableTarget(name: "consumer", dependencies: [.product(name: "Osprey", package: "Osprey")]),
    ],
    swiftLanguageModes: [.v6]
)
