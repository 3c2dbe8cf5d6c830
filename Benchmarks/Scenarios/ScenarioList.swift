/// Every scenario, in report order.
enum ScenarioList {
    static var all: [any Scenario] {
        [
            ColdDownloadScenario(),
            ColdLoadScenario(),
            CoalescingScenario(),
            MemoryHitScenario(),
            DiskHitScenario(),
            ParallelDiskHitScenario(),
            DecoderScenario(),
            DecodePeakMemoryScenario(),
            AnimationScenario(),
            LazyPlayersScenario(),
            ResamplerScenario(),
            ThumbnailScenario(),
            ProgressiveScenario(),
            PrefetchMemoryScenario(),
            ScalingScenario(),
            EvictionQualityScenario(),
            MemoryTierScenario(),
            DiskTierScenario(),
            JPEGScanBombScenario(),
            ProgressiveThumbnailScenario(),
            EncoderScenario(),
            BMPDecodeScenario(),
            ColorConversionScenario(),
        ]
    }
}
