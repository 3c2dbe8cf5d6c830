import Foundation
import OspreyTestTraits
import Testing
import OspreyCache

@Suite("ImageCacheConfig", .offCooperativePool)
struct ImageCacheConfigTests {
    @Test("the memory default is a quarter of RAM capped at 512 MiB")
    func memoryDefault() {
        let expected = min(Int(ProcessInfo.processInfo.physicalMemory / 4), 512 << 20)
        #expect(ImageCacheConfig().maxMemoryCost == expected)
        #expect(ImageCacheConfig().maxMemoryCost > 0)
    }
}

extension ImageCacheConfigTests {
    @Test("sweeps run every 30 minutes by default")
    func sweepDefault() {
        #expect(ImageCacheConfig().sweepInterval == 30 * 60)
    }
}
