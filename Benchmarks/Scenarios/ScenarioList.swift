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
            AnimationScenario(),
            ResamplerScenario(),
            ProgressiveScenario(),
            PrefetchMemoryScenario(),
            ScalingScenario(),
            EvictionQualityScenario(),
            MemoryTierScenario(),
            DiskTierScenario(),
            JPEGScanBombScenario(),
        ]
    }
}
