// Stand-in for Apple's QuartzCore (Core Animation), for .ci/apple-typecheck only (never
// linked; see README.md). AppKit re-exports it, as the real AppKit does.
@_exported import Foundation

/// Mirrors `CoreFoundation.CFTimeInterval` (`Double`).
public typealias CFTimeInterval = Double

/// Mirrors `QuartzCore.CAAnimation`.
open class CAAnimation: NSObject {
    /// Mirrors `CAAnimation.duration: CFTimeInterval` (from `CAMediaTiming`).
    open var duration: CFTimeInterval = 0
}

/// Mirrors `QuartzCore.CATransitionType` (a `String` raw-value struct).
public struct CATransitionType: Hashable, Sendable {
    /// Mirrors `CATransitionType.rawValue`.
    public let rawValue: String
    /// Mirrors `CATransitionType.init(rawValue:)`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Mirrors `CATransitionType.fade`.
    public static let fade = CATransitionType(rawValue: "fade")
    /// Mirrors `CATransitionType.push`.
    public static let push = CATransitionType(rawValue: "push")
}

/// Mirrors `QuartzCore.CATransitionSubtype` (a `String` raw-value struct).
public struct CATransitionSubtype: Hashable, Sendable {
    /// Mirrors `CATransitionSubtype.rawValue`.
    public let rawValue: String
    /// Mirrors `CATransitionSubtype.init(rawValue:)`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Mirrors `CATransitionSubtype.fromLeft`.
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// Mirrors `CATransitionSubtype.fromRight`.
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// Mirrors `CATransitionSubtype.fromTop`.
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// Mirrors `CATransitionSubtype.fromBottom`.
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// Mirrors `QuartzCore.CATransition`.
open class CATransition: CAAnimation {
    /// Mirrors `CATransition.init()`.
    public override init() { fatalError() }
    /// Mirrors `CATransition.type: CATransitionType`.
    open var type: CATransitionType = .fade
    /// Mirrors `CATransition.subtype: CATransitionSubtype?`.
    open var subtype: CATransitionSubtype?
}

/// Mirrors `QuartzCore.CALayer`.
open class CALayer: NSObject {
    /// Mirrors `CALayer.add(_ anim: CAAnimation, forKey key: String?)`.
    open func add(_ anim: CAAnimation, forKey key: String?) { fatalError() }
}
