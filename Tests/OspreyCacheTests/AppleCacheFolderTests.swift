import Foundation
import OspreyTestTraits
import Testing
@testable import OspreyCache

/// The Apple default cache folder is named after the app, so non-sandboxed Mac apps sharing
/// `~/Library/Caches` do not share (and trim) one `osprey` folder.
@Suite("Apple cache folder", .offCooperativePool)
struct AppleCacheFolderTests {
    let caches = URL(fileURLWithPath: "/Users/u/Library/Caches", isDirectory: true)

    @Test("Caches/<bundle id>/osprey for an app; Caches/osprey without a usable bundle identifier")
    func folder() {
        #expect(ImageCache.appleCacheDirectory(caches: caches, bundleIdentifier: "com.example.Photos").path
                == "/Users/u/Library/Caches/com.example.Photos/osprey")
        #expect(ImageCache.appleCacheDirectory(caches: caches, bundleIdentifier: nil).path == "/Users/u/Library/Caches/osprey")
        for unusable in ["", ".", "..", "a/b", "a\0b"] {
            #expect(ImageCache.appleCacheDirectory(caches: caches, bundleIdentifier: unusable).path
                    == "/Users/u/Library/Caches/osprey")
        }
    }
}
