// Stand-in for Apple's ObjectiveC runtime module, for .ci/apple-typecheck only (never linked;
// see README.md). Declares the associated-object calls Osprey uses to keep a DecodedImage on
// the platform image made from it.

/// Mirrors `ObjectiveC.objc_AssociationPolicy` (an imported C enum, `@unchecked Sendable`). [sdk: unchecked: objc/runtime.h is not in the stored mirrors and the docs mirror has no page under the tried names]
public enum objc_AssociationPolicy: UInt, @unchecked Sendable {
    /// Mirrors `objc_AssociationPolicy.OBJC_ASSOCIATION_RETAIN` (atomic, retained). [sdk: unchecked: objc/runtime.h is not in the stored mirrors and the docs mirror has no page under the tried names]
    case OBJC_ASSOCIATION_RETAIN = 769
}

/// Mirrors `ObjectiveC.objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy)`. [sdk: unchecked: objc/runtime.h is not in the stored mirrors and the docs mirror has no page under the tried names]
public func objc_setAssociatedObject(_ object: Any, _ key: UnsafeRawPointer, _ value: Any?,
                                     _ policy: objc_AssociationPolicy) { fatalError() }

/// Mirrors `ObjectiveC.objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any?`. [sdk: unchecked: objc/runtime.h is not in the stored mirrors and the docs mirror has no page under the tried names]
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? { fatalError() }
