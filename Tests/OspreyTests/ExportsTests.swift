import Testing
import Osprey

@Suite("import Osprey")
struct ExportsTests {
    @Test("one import reaches Core, Cache and Download")
    func reexports() {
        _ = ImageOptions.retryFailed
        _ = ImageCacheConfig()
        _ = DownloaderOptions.highPriority
        #expect(!OspreyVersion.string.isEmpty)
    }
}
