// Stand-in for Apple's Combine, for .ci/apple-typecheck only (never linked; see README.md).
// Only what an `ObservableObject` with `@Published` properties needs.

/// Mirrors `Combine.ObservableObjectPublisher` (a final class; `send()` announces a change). [sdk: checked, docs Combine/observableobjectpublisher.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`final class`, `init()`, `send()`)]
public final class ObservableObjectPublisher {
    /// Mirrors `ObservableObjectPublisher.init()`. [sdk: checked, docs Combine/observableobjectpublisher.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`final class`, `init()`, `send()`)]
    public init() {}
    /// Mirrors `ObservableObjectPublisher.send()`. [sdk: checked, docs Combine/observableobjectpublisher.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`final class`, `init()`, `send()`)]
    public func send() { fatalError() }
}

/// Mirrors `Combine.ObservableObject` (`AnyObject`, with an `objectWillChange` publisher). [sdk: checked, docs Combine/observableobject.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`protocol ObservableObject : AnyObject`, `associatedtype ObjectWillChangePublisher : Publisher = ObservableObjectPublisher`, synthesized `objectWillChange`)]
public protocol ObservableObject: AnyObject {
    /// Mirrors `ObservableObject.ObjectWillChangePublisher`. [sdk: checked, docs Combine/observableobject.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`protocol ObservableObject : AnyObject`, `associatedtype ObjectWillChangePublisher : Publisher = ObservableObjectPublisher`, synthesized `objectWillChange`)]
    associatedtype ObjectWillChangePublisher = ObservableObjectPublisher
    /// Mirrors `ObservableObject.objectWillChange: Self.ObjectWillChangePublisher { get }`. [sdk: checked, docs Combine/observableobject.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`protocol ObservableObject : AnyObject`, `associatedtype ObjectWillChangePublisher : Publisher = ObservableObjectPublisher`, synthesized `objectWillChange`)]
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// Mirrors the default `ObservableObject.objectWillChange` (synthesized from the `@Published` [sdk: checked, docs Combine/published.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@propertyWrapper struct Published<Value>`, `init(wrappedValue:)`)]
    /// properties; a `nonisolated` requirement met by every class, whatever its actor).
    public var objectWillChange: ObservableObjectPublisher { fatalError() }
}

/// Mirrors `Combine.Published` (a property wrapper; only usable in classes). [sdk: checked, docs Combine/published.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@propertyWrapper struct Published<Value>`, `init(wrappedValue:)`)]
@propertyWrapper
public struct Published<Value> {
    private var value: Value
    /// Mirrors `Published.init(wrappedValue: Value)`. [sdk: checked, docs Combine/published.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@propertyWrapper struct Published<Value>`, `init(wrappedValue:)`)]
    public init(wrappedValue: Value) { value = wrappedValue }
    /// Mirrors `Published.wrappedValue` (unavailable in the SDK, which routes through the [sdk: unchecked: Combine/published.md lists no `wrappedValue` (consistent with the SDK making it unavailable); the .swiftinterface was not read]
    /// enclosing instance; a stored value here, which type-checks the same uses).
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }
}
