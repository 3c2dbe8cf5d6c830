import Dispatch
import Osprey
import OspreyTestSupport
import XCTest

/// `.main` callbacks under XCTest, whose test methods run on the process's main thread (Swift
/// Testing's main-actor tests do not: see APITrapTests).
final class MainQueueXCTests: XCTestCase {
    func testMainQueueIsRecognisedUnderXCTest() {
        XCTAssertTrue(CallbackQueue.isOnMainQueue)
        let onMain = Recorder<Bool>()
        let elsewhere = Recorder<Bool>()
        let mainAnswered = expectation(description: "main queue block ran")
        let elsewhereAnswered = expectation(description: "global queue block ran")
        // XCTest drains the main queue while it waits, so the main-queue block runs meanwhile.
        DispatchQueue.main.async {
            onMain.record(CallbackQueue.isOnMainQueue)
            mainAnswered.fulfill()
        }
        DispatchQueue.global().async {
            elsewhere.record(CallbackQueue.isOnMainQueue)
            elsewhereAnswered.fulfill()
        }
        wait(for: [mainAnswered, elsewhereAnswered], timeout: 60)
        XCTAssertEqual(onMain.values, [true])
        XCTAssertEqual(elsewhere.values, [false])
    }
}
