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

/// Mirrors `SwiftUI.View` (`@MainActor @preconcurrency`, `body` built by `@ViewBuilder`).
@MainActor @preconcurrency
public protocol View {
    /// Mirrors `View.Body`.
    associatedtype Body: View
    /// Mirrors `View.body: Self.Body { get }`.
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Mirrors `extension Never: View` (the body of primitive views).
extension Never: View {
    /// Mirrors `Never.body`.
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.ViewBuilder` (a result builder).
@resultBuilder
public struct ViewBuilder {
    /// Mirrors `ViewBuilder.buildBlock() -> EmptyView`.
    public static func buildBlock() -> EmptyView { fatalError() }
    /// Mirrors `ViewBuilder.buildBlock<Content: View>(_ content: Content) -> Content`.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// Mirrors `ViewBuilder.buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)>`.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        fatalError()
    }
    /// Mirrors `ViewBuilder.buildIf<Content: View>(_ content: Content?) -> Content?`.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// Mirrors `ViewBuilder.buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent>`.
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
    /// Mirrors `ViewBuilder.buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent>`.
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
}

/// Mirrors `extension Optional: View where Wrapped: View`.
extension Optional: View where Wrapped: View {
    /// Mirrors `Optional.body`.
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.EmptyView`.
public struct EmptyView: View {
    /// Mirrors `EmptyView.init()`.
    public init() {}
    /// Mirrors `EmptyView.body: Never`.
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.TupleView<T>`.
public struct TupleView<T>: View {
    /// Mirrors `TupleView.body: Never`.
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI._ConditionalContent<TrueContent, FalseContent>`.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    /// Mirrors `_ConditionalContent.body: Never`.
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.AnyView`.
public struct AnyView: View {
    /// Mirrors `AnyView.init<V: View>(_ view: V)`.
    public init<V: View>(_ view: V) {}
    /// Mirrors `AnyView.body: Never`.
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.Group` (as a view).
public struct Group<Content> {
    /// Mirrors `Group.init(@ViewBuilder content: () -> Content)` (where `Content: View`).
    public init(@ViewBuilder content: () -> Content) where Content: View {}
}

/// Mirrors `extension Group: View where Content: View`.
extension Group: View where Content: View {
    /// Mirrors `Group.body: Never`.
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.Text`.
public struct Text: View {
    /// Mirrors `Text.init<S: StringProtocol>(_ content: S)`.
    public init<S: StringProtocol>(_ content: S) {}
    /// Mirrors `Text.body: Never`.
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.ProgressView` (as a view).
public struct ProgressView<Label, CurrentValueLabel> {
    /// Mirrors `ProgressView.body: Never`.
    public var body: Never { fatalError() }
}

/// Mirrors `extension ProgressView: View where Label: View, CurrentValueLabel: View`.
extension ProgressView: View where Label: View, CurrentValueLabel: View {}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// Mirrors `ProgressView.init()` (indeterminate, where `Label == EmptyView, CurrentValueLabel == EmptyView`).
    public init() {}
    /// Mirrors `ProgressView.init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0)`.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {}
}

/// Mirrors `SwiftUI.Color` (a view).
public struct Color: View, Hashable, Sendable {
    /// Mirrors `Color.clear`.
    public static let clear = Color()
    /// Mirrors `Color.gray`.
    public static let gray = Color()
    /// Mirrors `Color.body: Never`.
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.EdgeInsets`.
public struct EdgeInsets: Equatable, Sendable {
    /// Mirrors `EdgeInsets.init()`.
    public init() {}
}

/// Mirrors `SwiftUI.Image` (a view).
public struct Image: View, Equatable, Sendable {
    /// Mirrors `Image.ResizingMode`.
    public enum ResizingMode: Sendable {
        /// Mirrors `Image.ResizingMode.tile`.
        case tile
        /// Mirrors `Image.ResizingMode.stretch`.
        case stretch
    }
    #if canImport(UIKit)
    /// Mirrors `Image.init(uiImage: UIImage)`.
    public init(uiImage: UIImage) {}
    #elseif canImport(AppKit)
    /// Mirrors `Image.init(nsImage: NSImage)`.
    public init(nsImage: NSImage) {}
    #endif
    /// Mirrors `Image.resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image`.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image {
        self
    }
    /// Mirrors `Image.body: Never`.
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.GeometryProxy`.
public struct GeometryProxy {
    /// Mirrors `GeometryProxy.size: CGSize`.
    public var size: CGSize { fatalError() }
}

/// Mirrors `SwiftUI.GeometryReader<Content: View>`.
public struct GeometryReader<Content: View>: View {
    /// Mirrors `GeometryReader.init(@ViewBuilder content: @escaping (GeometryProxy) -> Content)`.
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
    /// Mirrors `GeometryReader.body: Never`.
    public var body: Never { fatalError() }
}

/// Mirrors `SwiftUI.Animation`.
public struct Animation: Equatable, Sendable {
    /// Mirrors `static func Animation.easeIn(duration: Double) -> Animation`.
    public static func easeIn(duration: Double) -> Animation { Animation() }
    /// Mirrors `static var Animation.default: Animation`.
    public static var `default`: Animation { Animation() }
}

/// Mirrors `SwiftUI.EnvironmentValues`.
public struct EnvironmentValues {
    /// Mirrors `EnvironmentValues.displayScale: CGFloat`.
    public var displayScale: CGFloat {
        get { fatalError() }
        set { fatalError() }
    }
}

/// Mirrors `SwiftUI.Environment<Value>` (a property wrapper, `DynamicProperty`).
@propertyWrapper
public struct Environment<Value> {
    /// Mirrors `Environment.init(_ keyPath: KeyPath<EnvironmentValues, Value>)`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    /// Mirrors `Environment.wrappedValue: Value { get }`.
    public var wrappedValue: Value { fatalError() }
}

/// Mirrors `SwiftUI.StateObject<ObjectType: ObservableObject>` (a property wrapper).
@MainActor @preconcurrency @propertyWrapper
public struct StateObject<ObjectType: ObservableObject> {
    /// Mirrors `StateObject.init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType)`.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}
    /// Mirrors `StateObject.wrappedValue: ObjectType { get }`.
    public var wrappedValue: ObjectType { fatalError() }
}

/// Mirrors `SwiftUI.ObservedObject<ObjectType: ObservableObject>` (a property wrapper).
@MainActor @preconcurrency @propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject> {
    /// Mirrors `ObservedObject.init(wrappedValue: ObjectType)`.
    public init(wrappedValue: ObjectType) {}
    /// Mirrors `ObservedObject.wrappedValue: ObjectType`.
    public var wrappedValue: ObjectType { fatalError() }
}

extension View {
    /// Mirrors `View.onAppear(perform action: (() -> Void)? = nil) -> some View`.
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }
    /// Mirrors `View.onDisappear(perform action: (() -> Void)? = nil) -> some View`.
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }
    /// Mirrors `View.onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View`.
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View {
        self
    }
    /// Mirrors `View.animation<V: Equatable>(_ animation: Animation?, value: V) -> some View`.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }
    /// Mirrors `View.frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View` (alignment left out).
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil) -> some View { self }
}
