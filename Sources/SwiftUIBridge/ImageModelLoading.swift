import Foundation
import Osprey

/// The loader seam of ``ImageLoadingModel``: starts one load and reports on the main actor.
/// ``ManagerModelLoader`` (over an ``ImageManager``) is the one apps use; tests drive the
/// model with their own.
@MainActor
public protocol ImageModelLoading: AnyObject {
    /// Starts loading `url`; `progress` and then `completed` (exactly once) run on the main
    /// actor. The returned handle cancels the load or changes its priority.
    func loadImage(with url: URL?, options: ImageOptions, context: ImageContext,
                   progress: @escaping @MainActor (ImageProgress) -> Void,
                   completed: @escaping @MainActor (Result<ImageResult, ImageError>) -> Void) -> any ImageModelLoad
}

/// A load the model started.
@MainActor
public protocol ImageModelLoad: AnyObject {
    /// Stops the load; its completion still arrives (with `.cancelled`), and the model ignores it.
    func cancel()
    /// Moves the load in the downloader's waiting list (no effect once it runs).
    func setPriority(_ priority: LoadPriority)
}

/// ``ImageModelLoading`` through an ``ImageManager``: results arrive on the main queue.
@MainActor
public final class ManagerModelLoader: ImageModelLoading {
    /// The manager loads go through.
    public let manager: ImageManager

    /// A loader over `manager` (``ImageManager/default`` by default).
    public init(manager: ImageManager = .default) {
        self.manager = manager
    }

    public func loadImage(with url: URL?, options: ImageOptions, context: ImageContext,
                          progress: @escaping @MainActor (ImageProgress) -> Void,
                          completed: @escaping @MainActor (Result<ImageResult, ImageError>) -> Void) -> any ImageModelLoad {
        var context = context
        // The model's state is main-actor state: every callback has to arrive there.
        context.callbackQueue = .main
        let operation = manager.loadImage(
            with: url, options: options, context: context,
            progress: { report in CallbackQueue.onMainActor { progress(report) } },
            completed: { result in CallbackQueue.onMainActor { completed(result) } })
        return OperationHandle(operation)
    }

    private final class OperationHandle: ImageModelLoad {
        let operation: ImageLoadOperation
        init(_ operation: ImageLoadOperation) { self.operation = operation }
        func cancel() { operation.cancel() }
        func setPriority(_ priority: LoadPriority) { operation.setPriority(priority) }
    }
}
