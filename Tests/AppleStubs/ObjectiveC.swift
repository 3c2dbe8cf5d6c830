// Stand-in for Apple's ObjectiveC runtime module, for .ci/apple-typecheck only (never linked;
// see README.md). Declares the associated-object calls Osprey uses to keep a DecodedImage on
// the platform image made from it.

/// Mirrors `ObjectiveC.objc_AssociationPolicy` (an imported C enum, `@unchecked Sendable`). [sdk: unchecked: objc/runtime.h is not in the stored mirrors; only third-party copies of the enum were found]
public enum objc_AssociationPolicy: UInt, @unchecked Sendable {
    /// Mirrors `objc_AssociationPolicy.OBJC_ASSOCIATION_RETAIN` (atomic, retained). [sdk: unchecked: objc/runtime.h is not in the stored mirrors; only third-party copies of the enum were found]
    case OBJC_ASSOCIATION_RETAIN = 769
}

/// Mirrors `ObjectiveC.objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy)`. [sdk: checked, the Apple docs text of `objc_setAssociatedObject(_:_:_:_:)` (a docs mirror found with find_string, repository not named) and a generated ObjectiveC interface quoting both functions: same (`_ object: Any, _ key: UnsafeRawPointer`, `Any?`)]
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?,
                                     _ policy: objc_AssociationPolicy) { fatalError() }

/// Mirrors `ObjectiveC.objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any?`. [sdk: checked, the Apple docs text of `objc_setAssociatedObject(_:_:_:_:)` (a docs mirror found with find_string, repository not named) and a generated ObjectiveC interface quoting both functions: same (`_ object: Any, _ key: UnsafeRawPointer`, `Any?`)]
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? { fatalError() }
