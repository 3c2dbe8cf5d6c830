// Stand-in for Apple's QuartzCore (Core Animation), for .ci/apple-typecheck only (never
// linked; see README.md). AppKit re-exports it, as the real AppKit does.
@_exported import Foundation

/// Mirrors `CoreFoundation.CFTimeInterval` (`Double`). [sdk: unchecked]
public typealias CFTimeInterval = Double

/// Mirrors `QuartzCore.CAAnimation`. [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
open class CAAnimation: NSObject {
    /// Mirrors `CAAnimation.duration: CFTimeInterval` (from `CAMediaTiming`). [sdk: unchecked]
    open var duration: CFTimeInterval = 0
}

/// Mirrors `QuartzCore.CATransitionType` (a `String` raw-value struct). [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
public struct CATransitionType: Hashable, Sendable {
    /// Mirrors `CATransitionType.rawValue`. [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
    public let rawValue: String
    /// Mirrors `CATransitionType.init(rawValue:)`. [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Mirrors `CATransitionType.fade`. [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
    public static let fade = CATransitionType(rawValue: "fade")
    /// Mirrors `CATransitionType.push`. [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
    public static let push = CATransitionType(rawValue: "push")
}

/// Mirrors `QuartzCore.CATransitionSubtype` (a `String` raw-value struct). [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
public struct CATransitionSubtype: Hashable, Sendable {
    /// Mirrors `CATransitionSubtype.rawValue`. [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
    public let rawValue: String
    /// Mirrors `CATransitionSubtype.init(rawValue:)`. [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Mirrors `CATransitionSubtype.fromLeft`. [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// Mirrors `CATransitionSubtype.fromRight`. [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// Mirrors `CATransitionSubtype.fromTop`. [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// Mirrors `CATransitionSubtype.fromBottom`. [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// Mirrors `QuartzCore.CATransition`. [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
open class CATransition: CAAnimation {
    /// Mirrors `CATransition.init()`. [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
    public override init() { fatalError() }
    /// Mirrors `CATransition.type: CATransitionType`. [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
    open var type: CATransitionType = .fade
    /// Mirrors `CATransition.subtype: CATransitionSubtype?`. [sdk: unchecked: no stored mirror holds CAAnimation.h (the stored MacOSX10.15.sdk (phracker/MacOSX-SDKs) QuartzCore folder lacks it)]
    open var subtype: CATransitionSubtype?
}

/// Mirrors `QuartzCore.CALayer`. [sdk: unchecked: QuartzCore/CALayer.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs) is stored but was not read]
open class CALayer: NSObject {
    /// Mirrors `CALayer.add(_ anim: CAAnimation, forKey key: String?)`. [sdk: unchecked: QuartzCore/CALayer.h of MacOSX10.15.sdk (phracker/MacOSX-SDKs) is stored but was not read]
    open func add(_ anim: CAAnimation, forKey key: String?) { fatalError() }
}
