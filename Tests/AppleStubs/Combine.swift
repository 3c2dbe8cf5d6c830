// Stand-in for Apple's Combine, for .ci/apple-typecheck only (never linked; see README.md).
// Only what an `ObservableObject` with `@Published` properties needs.

/// Mirrors `Combine.ObservableObjectPublisher` (a final class; `send()` announces a change). [sdk: unchecked: no Combine .swiftinterface found in the stored mirrors in this pass]
public final class ObservableObjectPublisher {
    /// Mirrors `ObservableObjectPublisher.init()`. [sdk: unchecked: no Combine .swiftinterface found in the stored mirrors in this pass]
    public init() {}
    /// Mirrors `ObservableObjectPublisher.send()`. [sdk: unchecked: no Combine .swiftinterface found in the stored mirrors in this pass]
    public func send() { fatalError() }
}

/// Mirrors `Combine.ObservableObject` (`AnyObject`, with an `objectWillChange` publisher). [sdk: unchecked: no Combine .swiftinterface found in the stored mirrors in this pass]
public protocol ObservableObject: AnyObject {
    /// Mirrors `ObservableObject.ObjectWillChangePublisher`. [sdk: unchecked: no Combine .swiftinterface found in the stored mirrors in this pass]
    associatedtype ObjectWillChangePublisher = ObservableObjectPublisher
    /// Mirrors `ObservableObject.objectWillChange: Self.ObjectWillChangePublisher { get }`. [sdk: unchecked: no Combine .swiftinterface found in the stored mirrors in this pass]
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// Mirrors the default `ObservableObject.objectWillChange` (synthesized from the `@Published` [sdk: unchecked: no Combine .swiftinterface found in the stored mirrors in this pass]
    /// properties; a `nonisolated` requirement met by every class, whatever its actor).
    public var objectWillChange: ObservableObjectPublisher { fatalError() }
}

/// Mirrors `Combine.Published` (a property wrapper; only usable in classes). [sdk: unchecked: no Combine .swiftinterface found in the stored mirrors in this pass]
@propertyWrapper
public struct Published<Value> {
    private var value: Value
    /// Mirrors `Published.init(wrappedValue: Value)`. [sdk: unchecked: no Combine .swiftinterface found in the stored mirrors in this pass]
    public init(wrappedValue: Value) { value = wrappedValue }
    /// Mirrors `Published.wrappedValue` (unavailable in the SDK, which routes through the [sdk: unchecked: no Combine .swiftinterface found in the stored mirrors in this pass]
    /// enclosing instance; a stored value here, which type-checks the same uses).
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }
}
