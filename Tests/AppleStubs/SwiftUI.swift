// Stand-in for Apple's SwiftUI, for .ci/apple-typecheck only (never linked; see README.md).
// Modifiers return `some View` (the SDK's do too, over `ModifiedContent`): only the shapes
// callers see are declared. Built after this pass's UI framework, whose image type
// `Image(uiImage:)` / `Image(nsImage:)` take.
@_exported import Foundation
@_exported import Combine
#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif

/// Mirrors `SwiftUI.View` (`@MainActor @preconcurrency`, `body` built by `@ViewBuilder`). [sdk: checked, docs SwiftUI/view.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@MainActor @preconcurrency protocol View`, `associatedtype Body : View`, `var body: Self.Body`)]
@MainActor @preconcurrency
public protocol View {
    /// Mirrors `View.Body`. [sdk: checked, docs SwiftUI/view.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@MainActor @preconcurrency protocol View`, `associatedtype Body : View`, `var body: Self.Body`)]
    associatedtype Body: View
    /// Mirrors `View.body: Self.Body { get }`. [sdk: checked, docs SwiftUI/view.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@MainActor @preconcurrency protocol View`, `associatedtype Body : View`, `var body: Self.Body`)]
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Mirrors `extension Never: View` (the body of primitive views). [sdk: unchecked: the docs page for `Never: View` was not read]
extension Never: View {
    /// Mirrors `Never.body`. [sdk: unchecked: the docs page for `Never: View` was not read]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.ViewBuilder` (a result builder). [sdk: checked, docs SwiftUI/viewbuilder.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@resultBuilder struct ViewBuilder`; `buildEither(first:)`/`(second:)` return `_ConditionalContent<TrueContent, FalseContent>`)]
@resultBuilder
public struct ViewBuilder {
    /// Mirrors `ViewBuilder.buildBlock() -> EmptyView`. [sdk: checked, docs SwiftUI/viewbuilder.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@resultBuilder struct ViewBuilder`; `buildEither(first:)`/`(second:)` return `_ConditionalContent<TrueContent, FalseContent>`)]
    public static func buildBlock() -> EmptyView { fatalError() }
    /// Mirrors `ViewBuilder.buildBlock<Content: View>(_ content: Content) -> Content`. [sdk: checked, docs SwiftUI/viewbuilder.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@resultBuilder struct ViewBuilder`; `buildEither(first:)`/`(second:)` return `_ConditionalContent<TrueContent, FalseContent>`)]
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// Mirrors `ViewBuilder.buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)>`. [sdk: unchecked: SwiftUI/viewbuilder.md lists `buildBlock(_:)` without its generic signature]
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        fatalError()
    }
    /// Mirrors `ViewBuilder.buildIf<Content: View>(_ content: Content?) -> Content?`. [sdk: checked, docs SwiftUI/viewbuilder.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@resultBuilder struct ViewBuilder`; `buildEither(first:)`/`(second:)` return `_ConditionalContent<TrueContent, FalseContent>`)]
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// Mirrors `ViewBuilder.buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>`. [sdk: checked, docs SwiftUI/viewbuilder.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@resultBuilder struct ViewBuilder`; `buildEither(first:)`/`(second:)` return `_ConditionalContent<TrueContent, FalseContent>`)]
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
    /// Mirrors `ViewBuilder.buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>`. [sdk: checked, docs SwiftUI/viewbuilder.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@resultBuilder struct ViewBuilder`; `buildEither(first:)`/`(second:)` return `_ConditionalContent<TrueContent, FalseContent>`)]
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
}

/// Mirrors `extension Optional: View where Wrapped: View`. [sdk: unchecked: the docs page for `Optional: View` was not read]
extension Optional: View where Wrapped: View {
    /// Mirrors `Optional.body`. [sdk: unchecked: the docs page for `Optional: View` was not read]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.EmptyView`. [sdk: checked, docs SwiftUI/emptyview.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`nonisolated struct` in the current SDK; the stand-in struct is not isolated either)]
public struct EmptyView: View {
    /// Mirrors `EmptyView.init()`. [sdk: checked, docs SwiftUI/emptyview.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`nonisolated struct` in the current SDK; the stand-in struct is not isolated either)]
    public init() {}
    /// Mirrors `EmptyView.body: Never`. [sdk: unchecked: the docs page for `Never: View` was not read]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.TupleView<T>`. [sdk: checked, docs SwiftUI/tupleview.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
public struct TupleView<T>: View {
    /// Mirrors `TupleView.body: Never`. [sdk: unchecked: the docs page for `Never: View` was not read]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI._ConditionalContent<TrueContent, FalseContent>`. [sdk: checked, docs SwiftUI/viewbuilder.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@resultBuilder struct ViewBuilder`; `buildEither(first:)`/`(second:)` return `_ConditionalContent<TrueContent, FalseContent>`)]
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    /// Mirrors `_ConditionalContent.body: Never`. [sdk: unchecked: the docs page for `Never: View` was not read]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.AnyView`. [sdk: checked, docs SwiftUI/anyview.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`init<V>(_:)`)]
public struct AnyView: View {
    /// Mirrors `AnyView.init<V: View>(_ view: V)`. [sdk: checked, docs SwiftUI/anyview.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`init<V>(_:)`)]
    public init<V: View>(_ view: V) {}
    /// Mirrors `AnyView.body: Never`. [sdk: unchecked: the docs page for `Never: View` was not read]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.Group` (as a view). [sdk: unchecked: group.md and text.md not read in this pass]
public struct Group<Content> {
    /// Mirrors `Group.init(@ViewBuilder content: () -> Content)` (where `Content: View`). [sdk: checked, docs SwiftUI/viewbuilder.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@resultBuilder struct ViewBuilder`; `buildEither(first:)`/`(second:)` return `_ConditionalContent<TrueContent, FalseContent>`)]
    public init(@ViewBuilder content: () -> Content) where Content: View {}
}

/// Mirrors `extension Group: View where Content: View`. [sdk: unchecked: group.md and text.md not read in this pass]
extension Group: View where Content: View {
    /// Mirrors `Group.body: Never`. [sdk: unchecked: the docs page for `Never: View` was not read]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.Text`. [sdk: unchecked: group.md and text.md not read in this pass]
public struct Text: View {
    /// Mirrors `Text.init<S: StringProtocol>(_ content: S)`. [sdk: unchecked: group.md and text.md not read in this pass]
    public init<S: StringProtocol>(_ content: S) {}
    /// Mirrors `Text.body: Never`. [sdk: unchecked: the docs page for `Never: View` was not read]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.ProgressView` (as a view). [sdk: checked, docs SwiftUI/progressview.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct constrains `Label : View, CurrentValueLabel : View` itself (the stand-in constrained only its `View` conformance): fixed; `init()` and `init<V>(value:total:)` same]
public struct ProgressView<Label: View, CurrentValueLabel: View> {
    /// Mirrors `ProgressView.body: Never`. [sdk: unchecked: the docs page for `Never: View` was not read]
    public var body: Never { fatalError() }
}

/// Mirrors `ProgressView: View` (its `Label` and `CurrentValueLabel` are `View`s). [sdk: checked, docs SwiftUI/progressview.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct constrains `Label : View, CurrentValueLabel : View` itself (the stand-in constrained only its `View` conformance): fixed; `init()` and `init<V>(value:total:)` same]
extension ProgressView: View {}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// Mirrors `ProgressView.init()` (indeterminate, where `Label == EmptyView, CurrentValueLabel == EmptyView`). [sdk: checked, docs SwiftUI/emptyview.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`nonisolated struct` in the current SDK; the stand-in struct is not isolated either)]
    public init() {}
    /// Mirrors `ProgressView.init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0)`. [sdk: checked, docs SwiftUI/progressview.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK struct constrains `Label : View, CurrentValueLabel : View` itself (the stand-in constrained only its `View` conformance): fixed; `init()` and `init<V>(value:total:)` same]
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {}
}

/// Mirrors `SwiftUI.Color` (a view). [sdk: checked, docs SwiftUI/color/gray.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`static let gray: Color`, `static let clear: Color`)]
public struct Color: View, Hashable, Sendable {
    /// Mirrors `Color.clear`. [sdk: checked, docs SwiftUI/color/gray.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`static let gray: Color`, `static let clear: Color`)]
    public static let clear = Color()
    /// Mirrors `Color.gray`. [sdk: checked, docs SwiftUI/color/gray.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`static let gray: Color`, `static let clear: Color`)]
    public static let gray = Color()
    /// Mirrors `Color.body: Never`. [sdk: unchecked: the docs page for `Never: View` was not read]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.EdgeInsets`. [sdk: checked, docs SwiftUI/edgeinsets/init.md (See Also: `init()`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
public struct EdgeInsets: Equatable, Sendable {
    /// Mirrors `EdgeInsets.init()`. [sdk: checked, docs SwiftUI/edgeinsets/init.md (See Also: `init()`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    public init() {}
}

/// Mirrors `SwiftUI.Image` (a view). [sdk: unchecked: image.md not read (its members were)]
public struct Image: View, Equatable, Sendable {
    /// Mirrors `Image.ResizingMode`. [sdk: checked, docs SwiftUI/image/resizingmode.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`stretch`, `tile`; Hashable and Sendable)]
    public enum ResizingMode: Sendable {
        /// Mirrors `Image.ResizingMode.tile`. [sdk: checked, docs SwiftUI/image/resizingmode.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`stretch`, `tile`; Hashable and Sendable)]
        case tile
        /// Mirrors `Image.ResizingMode.stretch`. [sdk: checked, docs SwiftUI/image/resizingmode.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`stretch`, `tile`; Hashable and Sendable)]
        case stretch
    }
    #if canImport(UIKit)
    /// Mirrors `Image.init(uiImage: UIImage)`. [sdk: checked, docs SwiftUI/image/init-uiimage.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    public init(uiImage: UIImage) {}
    #elseif canImport(AppKit)
    /// Mirrors `Image.init(nsImage: NSImage)`. [sdk: checked, docs SwiftUI/image/init-nsimage.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`nonisolated` in the current SDK)]
    public init(nsImage: NSImage) {}
    #endif
    /// Mirrors `Image.resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image`. [sdk: checked, docs SwiftUI/edgeinsets/init.md (See Also: `init()`) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image {
        self
    }
    /// Mirrors `Image.body: Never`. [sdk: unchecked: the docs page for `Never: View` was not read]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.GeometryProxy`. [sdk: checked, docs SwiftUI/geometryproxy/size.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`var size: CGSize { get }`)]
public struct GeometryProxy {
    /// Mirrors `GeometryProxy.size: CGSize`. [sdk: checked, docs SwiftUI/geometryproxy/size.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`var size: CGSize { get }`)]
    public var size: CGSize { fatalError() }
}

/// Mirrors `SwiftUI.GeometryReader<Content: View>`. [sdk: unchecked: geometryreader.md not read (its init was)]
public struct GeometryReader<Content: View>: View {
    /// Mirrors `GeometryReader.init(@ViewBuilder content: @escaping (GeometryProxy) -> Content)`. [sdk: checked, docs SwiftUI/viewbuilder.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@resultBuilder struct ViewBuilder`; `buildEither(first:)`/`(second:)` return `_ConditionalContent<TrueContent, FalseContent>`)]
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
    /// Mirrors `GeometryReader.body: Never`. [sdk: unchecked: the docs page for `Never: View` was not read]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.Animation`. [sdk: checked, docs SwiftUI/animation/easein-duration.md (the type its methods return) of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
public struct Animation: Equatable, Sendable {
    /// Mirrors `static func Animation.easeIn(duration: Double) -> Animation`. [sdk: checked, docs SwiftUI/animation/easein-duration.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`duration: TimeInterval`, the same type as `Double`)]
    public static func easeIn(duration: Double) -> Animation { Animation() }
    /// Mirrors `static var Animation.default: Animation`. [sdk: checked, docs SwiftUI/animation/default.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): the SDK has `static let`; the stand-in's get-only `static var` reads the same to callers]
    public static var `default`: Animation { Animation() }
}

/// Mirrors `SwiftUI.EnvironmentValues`. [sdk: checked, docs SwiftUI/environmentvalues/displayscale.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`var displayScale: CGFloat { get set }`)]
public struct EnvironmentValues {
    /// Mirrors `EnvironmentValues.displayScale: CGFloat`. [sdk: checked, docs SwiftUI/environmentvalues/displayscale.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`var displayScale: CGFloat { get set }`)]
    public var displayScale: CGFloat {
        get { fatalError() }
        set { fatalError() }
    }
}

/// Mirrors `SwiftUI.Environment<Value>` (a property wrapper, `DynamicProperty`). [sdk: checked, docs SwiftUI/environment.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@propertyWrapper struct Environment<Value>`, `init(_:)`, `wrappedValue`; its `DynamicProperty` conformance is left out, nothing here needs it)]
@propertyWrapper
public struct Environment<Value> {
    /// Mirrors `Environment.init(_ keyPath: KeyPath<EnvironmentValues, Value>)`. [sdk: checked, docs SwiftUI/environmentvalues/displayscale.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`var displayScale: CGFloat { get set }`)]
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    /// Mirrors `Environment.wrappedValue: Value { get }`. [sdk: checked, docs SwiftUI/environment.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@propertyWrapper struct Environment<Value>`, `init(_:)`, `wrappedValue`; its `DynamicProperty` conformance is left out, nothing here needs it)]
    public var wrappedValue: Value { fatalError() }
}

/// Mirrors `SwiftUI.StateObject<ObjectType: ObservableObject>` (a property wrapper). [sdk: checked, docs SwiftUI/stateobject.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@MainActor @frozen @propertyWrapper @preconcurrency`, `init(wrappedValue: @autoclosure …)`)]
@MainActor @preconcurrency @propertyWrapper
public struct StateObject<ObjectType: ObservableObject> {
    /// Mirrors `StateObject.init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType)`. [sdk: checked, docs SwiftUI/stateobject.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@MainActor @frozen @propertyWrapper @preconcurrency`, `init(wrappedValue: @autoclosure …)`)]
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}
    /// Mirrors `StateObject.wrappedValue: ObjectType { get }`. [sdk: checked, docs SwiftUI/stateobject.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@MainActor @frozen @propertyWrapper @preconcurrency`, `init(wrappedValue: @autoclosure …)`)]
    public var wrappedValue: ObjectType { fatalError() }
}

/// Mirrors `SwiftUI.ObservedObject<ObjectType: ObservableObject>` (a property wrapper). [sdk: checked, docs SwiftUI/observedobject.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@MainActor @propertyWrapper @preconcurrency`)]
@MainActor @preconcurrency @propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject> {
    /// Mirrors `ObservedObject.init(wrappedValue: ObjectType)`. [sdk: checked, docs SwiftUI/observedobject.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@MainActor @propertyWrapper @preconcurrency`)]
    public init(wrappedValue: ObjectType) {}
    /// Mirrors `ObservedObject.wrappedValue: ObjectType`. [sdk: checked, docs SwiftUI/observedobject.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same (`@MainActor @propertyWrapper @preconcurrency`)]
    public var wrappedValue: ObjectType { fatalError() }
}

extension View {
    /// Mirrors `View.onAppear(perform action: (() -> Void)? = nil) -> some View`. [sdk: checked, docs SwiftUI/view/onappear-perform.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same shape; `nonisolated` in the current SDK, main-actor here (as in the iOS 17 SDK): Osprey calls it from `body` either way]
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }
    /// Mirrors `View.onDisappear(perform action: (() -> Void)? = nil) -> some View`. [sdk: checked, docs SwiftUI/view/ondisappear-perform.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same shape; `nonisolated` in the current SDK, main-actor here]
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }
    /// Mirrors `View.onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View`. [sdk: checked, the Apple docs text for `View.onChange(of:perform:)` (found with find_string in a docs mirror): same; iOS 14+, deprecated from iOS 17 / macOS 14, which warns only for deployment targets at or above those (Osprey: iOS 15, macOS 12)]
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View {
        self
    }
    /// Mirrors `View.animation<V: Equatable>(_ animation: Animation?, value: V) -> some View`. [sdk: checked, docs SwiftUI/view/animation-value.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same]
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }
    /// Mirrors `View.frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View` (alignment left out). [sdk: checked, docs SwiftUI/view/frame-widthheightalignment.md of Averyy/apple-dev-docs@bef8048 (Apple developer documentation, current SDK): same; the stand-in leaves out `alignment`, so a call passing it would fail here though it compiles on a Mac]
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil) -> some View { self }
}
