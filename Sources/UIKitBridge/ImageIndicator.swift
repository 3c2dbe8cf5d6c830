import Osprey

/// Shows that a view's image is loading (after `SDWebImageIndicator`): a spinner, a progress
/// bar, or anything custom. Set one with ``ImageDisplaying/imageIndicator``; the binding
/// starts it when a load starts, feeds it progress, and stops it on every outcome (success,
/// failure, cancel, re-pointing the view).
@MainActor
public protocol ImageIndicator: AnyObject {
    /// Puts the indicator on `view` (the bound object: a `UIView` or `NSView` on Apple
    /// platforms) and starts it.
    func startAnimating(on view: AnyObject)
    /// How far the load has come, 0...1 (nil when the size is unknown).
    func updateProgress(_ fraction: Double?)
    /// Stops the indicator and takes it off the view.
    func stopAnimating()
}

/// Which indicator each object has and whether it is showing, for the binding. Main-actor
/// state; objects are held weakly and entries of objects that are gone are dropped as new
/// ones arrive.
@MainActor
enum ImageIndicators {
    private struct Entry {
        weak var owner: AnyObject?
        var indicator: any ImageIndicator
        /// The slot (operation key) and generation of the load showing it; nil: not showing.
        var shownFor: (key: String, generation: Int)?
    }

    /// Invariant: an indicator is started once per load it shows for, and stopped before
    /// another start or when that load ends, so start and stop calls alternate.
    private static var entries: [ObjectIdentifier: Entry] = [:]

    static func indicator(of owner: AnyObject) -> (any ImageIndicator)? {
        guard let entry = entries[ObjectIdentifier(owner)], entry.owner === owner else { return nil }
        return entry.indicator
    }

    static func setIndicator(_ indicator: (any ImageIndicator)?, of owner: AnyObject) {
        let id = ObjectIdentifier(owner)
        if let old = entries[id], old.owner === owner, old.shownFor != nil { old.indicator.stopAnimating() }
        entries = entries.filter { $0.value.owner != nil }
        entries[id] = indicator.map { Entry(owner: owner, indicator: $0) }
    }

    /// Load `generation` of slot `key` started: the indicator shows for it (a load it showed
    /// for before is over).
    static func loadStarted(on owner: AnyObject, key: String, generation: Int) {
        let id = ObjectIdentifier(owner)
        guard var entry = entries[id], entry.owner === owner else { return }
        if entry.shownFor != nil { entry.indicator.stopAnimating() }
        entry.shownFor = (key, generation)
        entries[id] = entry
        entry.indicator.startAnimating(on: owner)
    }

    static func progressed(on owner: AnyObject, key: String, generation: Int, fraction: Double?) {
        guard let entry = entries[ObjectIdentifier(owner)], entry.owner === owner,
              let shown = entry.shownFor, shown.key == key, shown.generation == generation else { return }
        entry.indicator.updateProgress(fraction)
    }

    /// The load of slot `key` ended (any outcome); `generation` nil: whichever load of the
    /// slot it showed for (a cancel).
    static func loadEnded(on owner: AnyObject, key: String?, generation: Int?) {
        let id = ObjectIdentifier(owner)
        guard var entry = entries[id], entry.owner === owner, let shown = entry.shownFor,
              key == nil || shown.key == key, generation == nil || shown.generation == generation else { return }
        entry.shownFor = nil
        entries[id] = entry
        entry.indicator.stopAnimating()
    }
}

extension ImageDisplaying {
    /// The indicator shown while this view's image loads (nil: none, the default).
    public var imageIndicator: (any ImageIndicator)? {
        get { ImageIndicators.indicator(of: self) }
        set { ImageIndicators.setIndicator(newValue, of: self) }
    }
}
