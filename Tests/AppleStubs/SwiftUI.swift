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

/// Mirrors `SwiftUI.View` (`@MainActor @preconcurrency`, `body` built by `@ViewBuilder`). [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
@MainActor @preconcurrency
public protocol View {
    /// Mirrors `View.Body`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    associatedtype Body: View
    /// Mirrors `View.body: Self.Body { get }`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Mirrors `extension Never: View` (the body of primitive views). [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
extension Never: View {
    /// Mirrors `Never.body`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.ViewBuilder` (a result builder). [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
@resultBuilder
public struct ViewBuilder {
    /// Mirrors `ViewBuilder.buildBlock() -> EmptyView`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public static func buildBlock() -> EmptyView { fatalError() }
    /// Mirrors `ViewBuilder.buildBlock<Content: View>(_ content: Content) -> Content`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// Mirrors `ViewBuilder.buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)>`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        fatalError()
    }
    /// Mirrors `ViewBuilder.buildIf<Content: View>(_ content: Content?) -> Content?`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// Mirrors `ViewBuilder.buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
    /// Mirrors `ViewBuilder.buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
}

/// Mirrors `extension Optional: View where Wrapped: View`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
extension Optional: View where Wrapped: View {
    /// Mirrors `Optional.body`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.EmptyView`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
public struct EmptyView: View {
    /// Mirrors `EmptyView.init()`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public init() {}
    /// Mirrors `EmptyView.body: Never`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.TupleView<T>`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
public struct TupleView<T>: View {
    /// Mirrors `TupleView.body: Never`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI._ConditionalContent<TrueContent, FalseContent>`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    /// Mirrors `_ConditionalContent.body: Never`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.AnyView`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
public struct AnyView: View {
    /// Mirrors `AnyView.init<V: View>(_ view: V)`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public init<V: View>(_ view: V) {}
    /// Mirrors `AnyView.body: Never`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.Group` (as a view). [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
public struct Group<Content> {
    /// Mirrors `Group.init(@ViewBuilder content: () -> Content)` (where `Content: View`). [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public init(@ViewBuilder content: () -> Content) where Content: View {}
}

/// Mirrors `extension Group: View where Content: View`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
extension Group: View where Content: View {
    /// Mirrors `Group.body: Never`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.Text`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
public struct Text: View {
    /// Mirrors `Text.init<S: StringProtocol>(_ content: S)`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public init<S: StringProtocol>(_ content: S) {}
    /// Mirrors `Text.body: Never`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.ProgressView` (as a view). [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
public struct ProgressView<Label, CurrentValueLabel> {
    /// Mirrors `ProgressView.body: Never`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var body: Never { fatalError() }
}

/// Mirrors `extension ProgressView: View where Label: View, CurrentValueLabel: View`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
extension ProgressView: View where Label: View, CurrentValueLabel: View {}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// Mirrors `ProgressView.init()` (indeterminate, where `Label == EmptyView, CurrentValueLabel == EmptyView`). [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public init() {}
    /// Mirrors `ProgressView.init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0)`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {}
}

/// Mirrors `SwiftUI.Color` (a view). [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
public struct Color: View, Hashable, Sendable {
    /// Mirrors `Color.clear`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public static let clear = Color()
    /// Mirrors `Color.gray`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public static let gray = Color()
    /// Mirrors `Color.body: Never`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.EdgeInsets`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
public struct EdgeInsets: Equatable, Sendable {
    /// Mirrors `EdgeInsets.init()`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public init() {}
}

/// Mirrors `SwiftUI.Image` (a view). [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
public struct Image: View, Equatable, Sendable {
    /// Mirrors `Image.ResizingMode`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public enum ResizingMode: Sendable {
        /// Mirrors `Image.ResizingMode.tile`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
        case tile
        /// Mirrors `Image.ResizingMode.stretch`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
        case stretch
    }
    #if canImport(UIKit)
    /// Mirrors `Image.init(uiImage: UIImage)`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public init(uiImage: UIImage) {}
    #elseif canImport(AppKit)
    /// Mirrors `Image.init(nsImage: NSImage)`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public init(nsImage: NSImage) {}
    #endif
    /// Mirrors `Image.resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image {
        self
    }
    /// Mirrors `Image.body: Never`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.GeometryProxy`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
public struct GeometryProxy {
    /// Mirrors `GeometryProxy.size: CGSize`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var size: CGSize { fatalError() }
}

/// Mirrors `SwiftUI.GeometryReader<Content: View>`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
public struct GeometryReader<Content: View>: View {
    /// Mirrors `GeometryReader.init(@ViewBuilder content: @escaping (GeometryProxy) -> Content)`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
    /// Mirrors `GeometryReader.body: Never`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.Animation`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
public struct Animation: Equatable, Sendable {
    /// Mirrors `static func Animation.easeIn(duration: Double) -> Animation`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public static func easeIn(duration: Double) -> Animation { Animation() }
    /// Mirrors `static var Animation.default: Animation`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public static var `default`: Animation { Animation() }
}

/// Mirrors `SwiftUI.EnvironmentValues`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
public struct EnvironmentValues {
    /// Mirrors `EnvironmentValues.displayScale: CGFloat`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var displayScale: CGFloat {
        get { fatalError() }
        set { fatalError() }
    }
}

/// Mirrors `SwiftUI.Environment<Value>` (a property wrapper, `DynamicProperty`). [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
@propertyWrapper
public struct Environment<Value> {
    /// Mirrors `Environment.init(_ keyPath: KeyPath<EnvironmentValues, Value>)`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    /// Mirrors `Environment.wrappedValue: Value { get }`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var wrappedValue: Value { fatalError() }
}

/// Mirrors `SwiftUI.StateObject<ObjectType: ObservableObject>` (a property wrapper). [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
@MainActor @preconcurrency @propertyWrapper
public struct StateObject<ObjectType: ObservableObject> {
    /// Mirrors `StateObject.init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType)`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}
    /// Mirrors `StateObject.wrappedValue: ObjectType { get }`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var wrappedValue: ObjectType { fatalError() }
}

/// Mirrors `SwiftUI.ObservedObject<ObjectType: ObservableObject>` (a property wrapper). [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
@MainActor @preconcurrency @propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject> {
    /// Mirrors `ObservedObject.init(wrappedValue: ObjectType)`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public init(wrappedValue: ObjectType) {}
    /// Mirrors `ObservedObject.wrappedValue: ObjectType`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public var wrappedValue: ObjectType { fatalError() }
}

extension View {
    /// Mirrors `View.onAppear(perform action: (() -> Void)? = nil) -> some View`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }
    /// Mirrors `View.onDisappear(perform action: (() -> Void)? = nil) -> some View`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }
    /// Mirrors `View.onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View {
        self
    }
    /// Mirrors `View.animation<V: Equatable>(_ animation: Animation?, value: V) -> some View`. [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }
    /// Mirrors `View.frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View` (alignment left out). [sdk: unchecked: the iPhoneOS17.0.sdk (xybp888/iOS-SDKs) SwiftUI .swiftinterface is stored but 1.5 MB; not searched symbol by symbol in this pass]
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil) -> some View { self }
}
