import OspreyTestTraits
import Testing
import OspreyDownload

@Suite("DownloaderOptions", .offCooperativePool)
struct DownloaderOptionsTests {
    @Test("flags are distinct bits")
    func distinct() {
        let all: [DownloaderOptions] = [.lowPriority, .highPriority, .progressiveLoad, .useURLCache,
                                        .ignoreCachedResponse, .handleCookies, .scaleDownLargeImages,
                                        .avoidDecodeImage, .decodeFirstFrameOnly]
        #expect(Set(all.map(\.rawValue)).count == all.count)
    }
}
