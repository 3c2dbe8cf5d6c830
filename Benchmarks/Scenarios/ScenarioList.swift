/// Every scenario, in report order.
enum ScenarioList {
    static var all: [any Scenario] {
        [
            ColdDownloadScenario(),
            ColdLoadScenario(),
            CoalescingScenario(),
            MemoryHitScenario(),
            DiskHitScenario(),
            DecoderScenario(),
            ResamplerScenario(),
            PrefetchMemoryScenario(),
            ScalingScenario(),
            EvictionQualityScenario(),
            MemoryTierScenario(),
            DiskTierScenario(),
        ]
    }
}
