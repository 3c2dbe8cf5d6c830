import Foundation
import OspreyTestTraits
import Testing
import OspreyCore
@testable import OspreyCodecs

@Suite("ImageError", .offCooperativePool)
struct ImageErrorTests {
    @Test("every code has its own readable summary")
    func summaries() {
        let summaries = ImageError.Code.allCases.map(\.summary)
        #expect(Set(summaries).count == ImageError.Code.allCases.count)
        #expect(summaries.allSatisfy { $0.count > 10 })
    }

    @Test("description names the code, status, URL and underlying error")
    func description() {
        let url = URL(string: "http://127.0.0.1:8080/missing.png")!
        let error = ImageError(.invalidDownloadStatusCode, url: url, statusCode: 404,
                               underlying: URLError(.badServerResponse))
        let text = error.description
        #expect(text.hasPrefix("ImageError.invalidDownloadStatusCode: "))
        #expect(text.contains("HTTP 404"))
        #expect(text.contains("http://127.0.0.1:8080/missing.png"))
        #expect(text.contains("URLError \(URLError.Code.badServerResponse.rawValue)"))
        #expect(String(describing: error) == text)
    }

    @Test("a bare code describes itself without empty context")
    func bare() {
        #expect(ImageError(.cancelled).description == "ImageError.cancelled: the load was cancelled")
    }

    @Test("the code can be switched on and compared")
    func code() {
        let error: any Error = ImageError(.timedOut)
        #expect((error as? ImageError)?.code == .timedOut)
    }
}
