import Foundation
import Osprey

// The benchmark suite; scenarios arrive with the benchmark issue.
print("osprey-bench \(OspreyVersion.string): no scenarios yet")
