import Dispatch
import Foundation
import OspreyCore

/// A decoder whose decode never ends on its own: it runs until the
/// ``DecodeOptions/cancellation`` it was given is set, and records what it saw. Tests use it to
/// show that cancelling a load reaches a decode in progress, by conditions only (no timing):
/// the decode has started, the flag was (or was not) set, the decode ended because of it.
///
/// Bytes: `"SPIN"` then anything. A safety net ends a decode whose flag never comes after
/// ``giveUpAfter`` seconds (recorded as `sawCancellation == false`), so a broken wiring
/// fails the test instead of hanging it.
public final class SpinDecoder: ImageDecoding {
    /// What one decode saw.
    public struct Run: Sendable {
        /// The flag the decode was given (nil: none was given).
        public let cancellation: DecodeCancellation?
        /// Whether the decode has returned.
        public var ended = false
        /// Whether it returned because the flag was set.
        public var sawCancellation = false
    }

    /// Invariant: one entry per `decode` call, in call order; an entry's `ended` only goes
    /// from false to true.
    private let runs = Locked<[Run]>([])
    /// How long a decode spins without seeing its flag before it gives up (a failing test).
    public let giveUpAfter: TimeInterval

    /// The bytes this decoder accepts.
    public static let bytes = Data("SPIN-image".utf8)

    /// A decoder that gives up after `giveUpAfter` seconds without a cancel.
    public init(giveUpAfter: TimeInterval = 600) {
        self.giveUpAfter = giveUpAfter
    }

    /// Every decode so far.
    public var allRuns: [Run] { runs.withLock { $0 } }

    /// Accepts bytes starting with `"SPIN"`.
    public func canDecode(_ data: Data) -> Bool { data.starts(with: Data("SPIN".utf8)) }

    /// Spins (yielding the CPU) until the flag is set, then throws `.cancelled`.
    public func decode(_ data: Data, options: DecodeOptions) throws(ImageError) -> DecodedImage {
        let index = runs.withLock { runs -> Int in
            runs.append(Run(cancellation: options.cancellation))
            return runs.count - 1
        }
        let giveUp = Date().addingTimeInterval(giveUpAfter)
        while true {
            if let cancellation = options.cancellation, cancellation.isCancelled {
                runs.withLock { $0[index].ended = true; $0[index].sawCancellation = true }
                try cancellation.check()
            }
            if Date() > giveUp {
                runs.withLock { $0[index].ended = true }
                throw ImageError(.badImageData)
            }
            usleep(1_000)
        }
    }
}

/// Waits (polling, with a generous limit) until `condition` holds; false when it never did.
public func waitForCondition(timeout: Duration = .seconds(300), _ condition: @Sendable () -> Bool) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
        guard clock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}
