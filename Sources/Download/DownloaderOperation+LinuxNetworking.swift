import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OspreyCore

/// Stand-ins for two URLSession features FoundationNetworking lacks (measured here):
///
/// - It never asks the delegate about a 401, so ``Settings/urlCredential`` would never be
///   offered. Instead a 401 whose `WWW-Authenticate` asks for Basic is retried once, on the same
///   host, with the credential in an `Authorization` header.
/// - It ignores `URLRequest.httpShouldHandleCookies` and sends and stores cookies for every
///   request of the session. So the downloader gives the session no cookie storage and the
///   operation sends and stores cookies itself, only with ``DownloaderOptions/handleCookies``.
///
/// On Apple platforms both do nothing: URLSession handles them as documented.
extension DownloaderOperation {
    /// Restarts the transfer with Basic credentials when `response` is a 401 they can answer;
    /// true when it did (the caller then drops `response`).
    func retriedWithBasicAuthentication(after response: URLResponse) -> Bool {
        #if canImport(FoundationNetworking)
        guard let http = response as? HTTPURLResponse, http.statusCode == 401,
              let credential = settings.urlCredential, let user = credential.user,
              let password = credential.password,
              http.value(forHTTPHeaderField: "WWW-Authenticate")?.lowercased().hasPrefix("basic") == true,
              request.value(forHTTPHeaderField: "Authorization") == nil,
              // Never hand the credential to another host a redirect led to.
              http.url?.host == request.url?.host, http.url?.port == request.url?.port
        else { return false }
        let isFirstTry = state.withLock { state in
            defer { state.didRetryAuthentication = true }
            return !state.didRetryAuthentication
        }
        guard isFirstTry else { return false }
        var retry = request
        retry.url = http.url ?? request.url
        let token = Data("\(user):\(password)".utf8).base64EncodedString()
        retry.setValue("Basic \(token)", forHTTPHeaderField: "Authorization")
        restartTransfer(with: retry)
        return true
        #else
        return false
        #endif
    }

    /// Replaces the running task with one for `request`, from scratch.
    private func restartTransfer(with request: URLRequest) {
        let restarted = settings.sessionGate.whileOpen { () -> Bool in
            let task = makeDataTask(for: request, in: session)
            settings.router.register(task, for: self, idleDeadline: idleDeadline())
            let (keep, previous) = state.withLock { state -> (Bool, URLSessionDataTask?) in
                guard !state.isClosed else { return (false, nil) }
                let previous = state.task
                state.task = task
                state.data = Data()
                state.reservedBytes = 0
                state.response = nil
                state.expectedBytes = nil
                state.reportedBytes = 0
                // The new request asks for the whole body: kept bytes no longer apply.
                state.resume = nil
                state.resumableValidator = nil
                if state.broadcastBytes > 0 { state.isFeedDisabled = true }
                state.lastActivity = settings.clock.now()
                return (true, previous)
            }
            if let previous {
                settings.router.unregister(previous)
                cancelGivenUp(previous)
            }
            if keep {
                task.resume()
            } else {
                settings.router.unregister(task)
            }
            return true
        }
        if restarted == nil { fail(ImageError(.cancelled, url: url)) }
    }

    /// Stores the response's `Set-Cookie` headers when this download handles cookies.
    func storeCookies(from response: URLResponse) {
        #if canImport(FoundationNetworking)
        guard options.contains(.handleCookies), let storage = settings.cookieStorage,
              let http = response as? HTTPURLResponse, let url = http.url else { return }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name] = value }
        }
        let cookies = HTTPCookie.cookies(withResponseHeaderFields: fields, for: url)
        if !cookies.isEmpty { storage.setCookies(cookies, for: url, mainDocumentURL: nil) }
        #endif
    }
}

extension ImageDownloader {
    /// Adds the stored cookies for `request`'s URL when `options` ask for cookie handling
    /// (FoundationNetworking only; see ``DownloaderOperation``'s Linux notes).
    func addCookies(to request: inout URLRequest, options: DownloaderOptions) {
        #if canImport(FoundationNetworking)
        guard options.contains(.handleCookies), let storage = cookieStorage, let url = request.url,
              let cookies = storage.cookies(for: url), !cookies.isEmpty,
              let header = HTTPCookie.requestHeaderFields(with: cookies)["Cookie"] else { return }
        request.setValue(header, forHTTPHeaderField: "Cookie")
        #endif
    }
}
