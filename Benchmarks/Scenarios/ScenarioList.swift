/// Every scenario, in report order.
enum ScenarioList {
    static var all: [any Scenario] {
        [
            ColdDownloadScenario(),
            ManagerPendingScenario(id: "2", title: "cold load with decode"),
            CoalescingScenario(),
            ManagerPendingScenario(id: "4", title: "memory hit via loadImage"),
            DiskHitScenario(),
            DecoderScenario(),
            ManagerPendingScenario(id: "7", title: "peak memory, 1,000-image prefetch"),
            ScalingScenario(),
            EvictionQualityScenario(),
            MemoryTierScenario(),
            DiskTierScenario(),
        ]
    }
}
