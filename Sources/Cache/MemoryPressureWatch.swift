import Dispatch
import Foundation
import OspreyCore
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// Empties one cache's memory tier when the system runs short of memory.
///
/// - UIKit (not watchOS, which has no `UIApplication`): on `UIApplication.didReceiveMemoryWarningNotification`, and on
///   `didEnterBackgroundNotification` when ``ImageCacheConfig/clearsMemoryOnEnterBackground``
///   is set (read when the notification arrives).
/// - Apple platforms: a `DispatchSource` memory-pressure source (warning and critical).
/// - Linux delivers no memory-pressure event to a process: only the public call,
///   ``ImageCache/purgeMemoryOnPressure()``, does it there (call it from your own monitor,
///   e.g. on a cgroup `memory.high` event).
///
/// Holds the cache weakly (through `purge`); stops observing when released.
final class MemoryPressureWatch: Sendable {
    /// Invariant: the observers and the source this watch registered; set once in `init`,
    /// removed in `deinit`.
    private let registrations = Locked(Registrations())

    private struct Registrations {
        var observers: [any NSObjectProtocol] = []
        #if canImport(Darwin) && (canImport(UIKit) || canImport(AppKit))
        var source: (any DispatchSourceMemoryPressure)?
        #endif
    }

    /// Starts watching: `purge` empties the memory tier; `purgesOnBackground` says whether
    /// entering the background should too.
    init(purge: @escaping @Sendable () -> Void, purgesOnBackground: @escaping @Sendable () -> Bool) {
        #if canImport(UIKit) && !os(watchOS)
        let center = NotificationCenter.default
        let warning = center.addObserver(forName: UIApplication.didReceiveMemoryWarningNotification,
                                         object: nil, queue: nil) { _ in purge() }
        let background = center.addObserver(forName: UIApplication.didEnterBackgroundNotification,
                                            object: nil, queue: nil) { _ in
            if purgesOnBackground() { purge() }
        }
        registrations.withLock { $0.observers = [warning, background] }
        #endif
        #if canImport(Darwin) && (canImport(UIKit) || canImport(AppKit))
        let source = DispatchSource.makeMemoryPressureSource(eventMask: [.warning, .critical],
                                                             queue: .global(qos: .utility))
        source.setEventHandler { purge() }
        source.activate()
        registrations.withLock { $0.source = source }
        #endif
    }

    deinit {
        let registered = registrations.withLock { $0 }
        for observer in registered.observers { NotificationCenter.default.removeObserver(observer) }
        #if canImport(Darwin) && (canImport(UIKit) || canImport(AppKit))
        registered.source?.cancel()
        #endif
    }
}

extension ImageCache {
    /// Empties the memory tier because the system is short of memory; the disk tier keeps
    /// everything. Osprey calls it itself on a UIKit memory warning, on a Dispatch
    /// memory-pressure event (Apple platforms), and, with
    /// ``ImageCacheConfig/clearsMemoryOnEnterBackground``, when a UIKit app enters the
    /// background. Linux sends no such event: a server calls this from its own monitor.
    /// Thread-safe; the same as ``clearMemory()``.
    public func purgeMemoryOnPressure() {
        clearMemory()
    }
}
