// Stand-in for Apple's Combine, for .ci/apple-typecheck only (never linked; see README.md).
// Only what an `ObservableObject` with `@Published` properties needs.

/// Mirrors `Combine.ObservableObjectPublisher` (a final class; `send()` announces a change).
public final class ObservableObjectPublisher {
    /// Mirrors `ObservableObjectPublisher.init()`.
    public init() {}
    /// Mirrors `ObservableObjectPublisher.send()`.
    public func send() { fatalError() }
}

/// Mirrors `Combine.ObservableObject` (`AnyObject`, with an `objectWillChange` publisher).
public protocol ObservableObject: AnyObject {
    /// Mirrors `ObservableObject.ObjectWillChangePublisher`.
    associatedtype ObjectWillChangePublisher = ObservableObjectPublisher
    /// Mirrors `ObservableObject.objectWillChange: Self.ObjectWillChangePublisher { get }`.
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// Mirrors the default `ObservableObject.objectWillChange` (synthesized from the `@Published`
    /// properties; a `nonisolated` requirement met by every class, whatever its actor).
    public var objectWillChange: ObservableObjectPublisher { fatalError() }
}

/// Mirrors `Combine.Published` (a property wrapper; only usable in classes).
@propertyWrapper
public struct Published<Value> {
    private var value: Value
    /// Mirrors `Published.init(wrappedValue: Value)`.
    public init(wrappedValue: Value) { value = wrappedValue }
    /// Mirrors `Published.wrappedValue` (unavailable in the SDK, which routes through the
    /// enclosing instance; a stored value here, which type-checks the same uses).
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }
}
