// The ready-made ``ImageIndicator``s: a spinner and a progress bar, on UIKit and AppKit.
// When they show and go is decided by the binding (tested on Linux with a custom indicator);
// these only draw. Type-checked against the stand-ins in Tests/AppleStubs by .ci/apple-typecheck.
#if canImport(UIKit) && !os(watchOS)
import UIKit
import Osprey

/// A `UIActivityIndicatorView` centred on the view while its image loads.
@MainActor
public final class ActivityImageIndicator: ImageIndicator {
    /// The spinner (style it as you like).
    public let indicatorView: UIActivityIndicatorView

    /// A spinner of `style` (`.medium` by default).
    public init(style: UIActivityIndicatorView.Style = .medium) {
        indicatorView = UIActivityIndicatorView(style: style)
        indicatorView.hidesWhenStopped = true
        indicatorView.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
    }

    public func startAnimating(on view: AnyObject) {
        guard let view = view as? UIView else { return }
        indicatorView.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        view.addSubview(indicatorView)
        indicatorView.startAnimating()
    }

    public func updateProgress(_ fraction: Double?) {}

    public func stopAnimating() {
        indicatorView.stopAnimating()
        indicatorView.removeFromSuperview()
    }
}

/// A `UIProgressView` across the middle of the view while its image loads, filled as the
/// bytes arrive.
@MainActor
public final class ProgressImageIndicator: ImageIndicator {
    /// The bar (style it as you like).
    public let progressView: UIProgressView

    /// A bar of `style` (`.default` by default).
    public init(style: UIProgressView.Style = .default) {
        progressView = UIProgressView(progressViewStyle: style)
        progressView.autoresizingMask = [.flexibleWidth, .flexibleTopMargin, .flexibleBottomMargin]
    }

    public func startAnimating(on view: AnyObject) {
        guard let view = view as? UIView else { return }
        let height = progressView.frame.height
        progressView.frame = CGRect(x: 0, y: view.bounds.midY - height / 2, width: view.bounds.width, height: height)
        progressView.progress = 0
        view.addSubview(progressView)
    }

    public func updateProgress(_ fraction: Double?) {
        progressView.setProgress(Float(fraction ?? 0), animated: true)
    }

    public func stopAnimating() {
        progressView.removeFromSuperview()
    }
}
#elseif canImport(AppKit)
import AppKit
import Osprey

/// A spinning `NSProgressIndicator` centred on the view while its image loads.
@MainActor
public final class ActivityImageIndicator: ImageIndicator {
    /// The spinner (style it as you like).
    public let indicatorView: NSProgressIndicator

    /// A small spinner.
    public init() {
        indicatorView = NSProgressIndicator()
        indicatorView.style = .spinning
        indicatorView.isIndeterminate = true
        indicatorView.isDisplayedWhenStopped = false
        indicatorView.autoresizingMask = [.minXMargin, .maxXMargin, .minYMargin, .maxYMargin]
    }

    public func startAnimating(on view: AnyObject) {
        guard let view = view as? NSView else { return }
        let side = 16.0
        indicatorView.frame = NSRect(x: view.bounds.midX - side / 2, y: view.bounds.midY - side / 2,
                                     width: side, height: side)
        view.addSubview(indicatorView)
        indicatorView.startAnimation(nil)
    }

    public func updateProgress(_ fraction: Double?) {}

    public func stopAnimating() {
        indicatorView.stopAnimation(nil)
        indicatorView.removeFromSuperview()
    }
}

/// A bar `NSProgressIndicator` across the middle of the view while its image loads, filled
/// as the bytes arrive.
@MainActor
public final class ProgressImageIndicator: ImageIndicator {
    /// The bar (style it as you like).
    public let indicatorView: NSProgressIndicator

    /// A determinate bar from 0 to 1.
    public init() {
        indicatorView = NSProgressIndicator()
        indicatorView.style = .bar
        indicatorView.isIndeterminate = false
        indicatorView.minValue = 0
        indicatorView.maxValue = 1
        indicatorView.autoresizingMask = [.width, .minYMargin, .maxYMargin]
    }

    public func startAnimating(on view: AnyObject) {
        guard let view = view as? NSView else { return }
        let height = 20.0
        indicatorView.frame = NSRect(x: 0, y: view.bounds.midY - height / 2, width: view.bounds.width, height: height)
        indicatorView.doubleValue = 0
        view.addSubview(indicatorView)
    }

    public func updateProgress(_ fraction: Double?) {
        indicatorView.doubleValue = fraction ?? 0
    }

    public func stopAnimating() {
        indicatorView.removeFromSuperview()
    }
}
#endif
