import Foundation
import Testing
import OspreyCache

@Suite("ImageCacheConfig")
struct ImageCacheConfigTests {
    @Test("the memory default is a quarter of RAM capped at 512 MiB")
    func memoryDefault() {
        let expected = min(Int(ProcessInfo.processInfo.physicalMemory / 4), 512 << 20)
        #expect(ImageCacheConfig().maxMemoryCost == expected)
        #expect(ImageCacheConfig().maxMemoryCost > 0)
    }
}
