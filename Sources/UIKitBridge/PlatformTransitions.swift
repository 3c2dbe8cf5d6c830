// The drawing of ``ImageTransition`` on Apple views: thin adapters, since when a transition
// runs is decided by ImageTransition.shouldRun (tested on Linux). Type-checked against the
// stand-ins in Tests/AppleStubs by .ci/apple-typecheck.
#if canImport(UIKit) && !os(watchOS)
import UIKit
import Osprey

@MainActor
enum PlatformTransitions {
    /// Runs `set` inside the `UIView.transition` that `transition` names; on an object that
    /// is not a view, just `set`.
    static func perform(_ transition: ImageTransition, on owner: AnyObject, set: @escaping @MainActor () -> Void) {
        guard let view = owner as? UIView else { return set() }
        let style: UIView.AnimationOptions
        switch transition {
        case .fade: style = .transitionCrossDissolve
        case .flipFromLeft: style = .transitionFlipFromLeft
        case .flipFromRight: style = .transitionFlipFromRight
        case .flipFromTop: style = .transitionFlipFromTop
        case .flipFromBottom: style = .transitionFlipFromBottom
        case .curlUp: style = .transitionCurlUp
        case .curlDown: style = .transitionCurlDown
        case .none, .custom: return set()
        }
        UIView.transition(with: view, duration: transition.duration, options: [style, .allowUserInteraction],
                          animations: { set() }, completion: nil)
    }
}
#elseif canImport(AppKit)
import AppKit
import QuartzCore
import Osprey

@MainActor
enum PlatformTransitions {
    /// Adds the layer transition `transition` names to the view's layer, then runs `set`.
    /// AppKit views have no flip or curl: a flip slides the image in from its edge, a curl
    /// fades.
    static func perform(_ transition: ImageTransition, on owner: AnyObject, set: @escaping @MainActor () -> Void) {
        guard let view = owner as? NSView else { return set() }
        let animation = CATransition()
        animation.duration = transition.duration
        switch transition {
        case .fade, .curlUp, .curlDown: animation.type = .fade
        case .flipFromLeft: (animation.type, animation.subtype) = (.push, .fromLeft)
        case .flipFromRight: (animation.type, animation.subtype) = (.push, .fromRight)
        case .flipFromTop: (animation.type, animation.subtype) = (.push, .fromTop)
        case .flipFromBottom: (animation.type, animation.subtype) = (.push, .fromBottom)
        case .none, .custom: return set()
        }
        view.wantsLayer = true
        view.layer?.add(animation, forKey: "osprey.imageTransition")
        set()
    }
}
#endif
