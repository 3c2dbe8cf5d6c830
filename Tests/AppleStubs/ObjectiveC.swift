// Stand-in for Apple's ObjectiveC runtime module, for .ci/apple-typecheck only (never linked;
// see README.md). Declares the associated-object calls Osprey uses to keep a DecodedImage on
// the platform image made from it.

/// Mirrors `ObjectiveC.objc_AssociationPolicy` (an imported C enum, `@unchecked Sendable`). [sdk: unchecked in this pass]
public enum objc_AssociationPolicy: UInt, @unchecked Sendable {
    /// Mirrors `objc_AssociationPolicy.OBJC_ASSOCIATION_RETAIN` (atomic, retained). [sdk: unchecked in this pass]
    case OBJC_ASSOCIATION_RETAIN = 769
}

/// Mirrors `ObjectiveC.objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy)`. [sdk: unchecked in this pass]
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?,
                                     _ policy: objc_AssociationPolicy) { fatalError() }

/// Mirrors `ObjectiveC.objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any?`. [sdk: unchecked in this pass]
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? { fatalError() }
