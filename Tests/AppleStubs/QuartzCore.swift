// Stand-in for Apple's QuartzCore (Core Animation), for .ci/apple-typecheck only (never
// linked; see README.md). AppKit re-exports it, as the real AppKit does.
@_exported import Foundation

/// Mirrors `CoreFoundation.CFTimeInterval` (`Double`). [sdk: unchecked: CFDate.h and CAMediaTiming.h not read]
public typealias CFTimeInterval = Double

/// Mirrors `QuartzCore.CAAnimation`. [sdk: checked, docs QuartzCore/catransition.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): a class, `Sendable` in the current SDK; the stand-in leaves it non-`Sendable` (stricter, so the code also compiles with older SDKs)]
open class CAAnimation: NSObject {
    /// Mirrors `CAAnimation.duration: CFTimeInterval` (from `CAMediaTiming`). [sdk: unchecked: CFDate.h and CAMediaTiming.h not read]
    open var duration: CFTimeInterval = 0
}

/// Mirrors `QuartzCore.CATransitionType` (a `String` raw-value struct). [sdk: checked, docs QuartzCore/catransitiontype.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct is `RawRepresentable` (the stand-in was not): fixed; `static let` constants same]
public struct CATransitionType: Hashable, RawRepresentable, Sendable {
    /// Mirrors `CATransitionType.rawValue`. [sdk: checked, docs QuartzCore/catransitiontype.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct is `RawRepresentable` (the stand-in was not): fixed; `static let` constants same]
    public let rawValue: String
    /// Mirrors `CATransitionType.init(rawValue:)`. [sdk: checked, docs QuartzCore/catransitiontype.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct is `RawRepresentable` (the stand-in was not): fixed; `static let` constants same]
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Mirrors `CATransitionType.fade`. [sdk: checked, docs QuartzCore/catransitiontype.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct is `RawRepresentable` (the stand-in was not): fixed; `static let` constants same]
    public static let fade = CATransitionType(rawValue: "fade")
    /// Mirrors `CATransitionType.push`. [sdk: checked, docs QuartzCore/catransitiontype.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct is `RawRepresentable` (the stand-in was not): fixed; `static let` constants same]
    public static let push = CATransitionType(rawValue: "push")
}

/// Mirrors `QuartzCore.CATransitionSubtype` (a `String` raw-value struct). [sdk: checked, docs QuartzCore/catransitionsubtype.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct is `RawRepresentable` (the stand-in was not): fixed; `static let` constants same]
public struct CATransitionSubtype: Hashable, RawRepresentable, Sendable {
    /// Mirrors `CATransitionSubtype.rawValue`. [sdk: checked, docs QuartzCore/catransitionsubtype.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct is `RawRepresentable` (the stand-in was not): fixed; `static let` constants same]
    public let rawValue: String
    /// Mirrors `CATransitionSubtype.init(rawValue:)`. [sdk: checked, docs QuartzCore/catransitionsubtype.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct is `RawRepresentable` (the stand-in was not): fixed; `static let` constants same]
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Mirrors `CATransitionSubtype.fromLeft`. [sdk: checked, docs QuartzCore/catransitionsubtype.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct is `RawRepresentable` (the stand-in was not): fixed; `static let` constants same]
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    /// Mirrors `CATransitionSubtype.fromRight`. [sdk: checked, docs QuartzCore/catransitionsubtype.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct is `RawRepresentable` (the stand-in was not): fixed; `static let` constants same]
    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    /// Mirrors `CATransitionSubtype.fromTop`. [sdk: checked, docs QuartzCore/catransitionsubtype.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct is `RawRepresentable` (the stand-in was not): fixed; `static let` constants same]
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    /// Mirrors `CATransitionSubtype.fromBottom`. [sdk: checked, docs QuartzCore/catransitionsubtype.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct is `RawRepresentable` (the stand-in was not): fixed; `static let` constants same]
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// Mirrors `QuartzCore.CATransition`. [sdk: checked, docs QuartzCore/catransition.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`Sendable` in the current SDK, left out as for `CAAnimation`)]
open class CATransition: CAAnimation {
    /// Mirrors `CATransition.init()`. [sdk: checked, docs QuartzCore/catransition.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`Sendable` in the current SDK, left out as for `CAAnimation`)]
    public override init() { fatalError() }
    /// Mirrors `CATransition.type: CATransitionType`. [sdk: checked, docs QuartzCore/catransitiontype.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct is `RawRepresentable` (the stand-in was not): fixed; `static let` constants same]
    open var type: CATransitionType = .fade
    /// Mirrors `CATransition.subtype: CATransitionSubtype?`. [sdk: checked, docs QuartzCore/catransitionsubtype.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct is `RawRepresentable` (the stand-in was not): fixed; `static let` constants same]
    open var subtype: CATransitionSubtype?
}

/// Mirrors `QuartzCore.CALayer`. [sdk: checked, docs QuartzCore/calayer/add-forkey.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
open class CALayer: NSObject {
    /// Mirrors `CALayer.add(_ anim: CAAnimation, forKey key: String?)`. [sdk: checked, docs QuartzCore/calayer/add-forkey.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    open func add(_ anim: CAAnimation, forKey key: String?) { fatalError() }
}
