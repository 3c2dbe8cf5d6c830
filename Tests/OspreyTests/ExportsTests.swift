import OspreyTestTraits
import Testing
import Osprey

@Suite("import Osprey", .offCooperativePool)
struct ExportsTests {
    @Test("one import reaches Core, Cache and Download")
    func reexports() {
        _ = ImageOptions.retryFailed
        _ = ImageCacheConfig()
        _ = DownloaderOptions.highPriority
        #expect(!OspreyVersion.string.isEmpty)
    }
}
