import Osprey

/// A view (or any main-actor object) that shows one image and can be bound to a URL with
/// `setImage(with:placeholder:options:)`.
///
/// UIKit and AppKit views conform on Apple platforms; on Linux any class can conform, which is
/// how the binding's logic is tested here.
@MainActor
public protocol ImageDisplaying: AnyObject {
    /// The image the view shows now; the binding sets it.
    var displayedImage: PlatformImage? { get set }
}
