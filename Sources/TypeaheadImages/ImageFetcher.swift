import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How `typeahead images fetch` downloads.
public struct FetchOptions: Sendable {
    /// The largest image downloaded, in bytes; a larger one is stopped as soon as it is known.
    public var maxBytes = 10_000_000
    /// Seconds an image may take, all in all.
    public var timeout = 20.0
    /// Downloads at once.
    public var jobs = 4
    /// Redirects followed (to http or https only).
    public var maxRedirects = 5

    public init() {}
}

/// Downloads images over HTTP(S) with a size cap, a timeout and a redirect limit, and accepts only
/// what decodes as a PNG, JPEG or WebP (an SVG, an HTML error page or a truncated file is refused).
public final class ImageFetcher: @unchecked Sendable {
    public let options: FetchOptions
    private let delegate: Delegate
    private let session: URLSession

    public init(options: FetchOptions = FetchOptions()) {
        self.options = options
        delegate = Delegate(maxBytes: options.maxBytes, maxRedirects: options.maxRedirects)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = options.timeout
        configuration.timeoutIntervalForResource = options.timeout
        configuration.httpMaximumConnectionsPerHost = max(1, options.jobs)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    /// Downloads every URL (`jobs` at a time); each one's image bytes and format, or why not.
    public func fetch(_ urls: [String]) -> [String: Result<(bytes: [UInt8], format: ImageFormat), ImageError>] {
        let results = Locked<[String: Result<(bytes: [UInt8], format: ImageFormat), ImageError>]>([:])
        let slots = DispatchSemaphore(value: max(1, options.jobs))
        let group = DispatchGroup()
        for url in urls {
            guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? "") else {
                results.update { $0[url] = .failure(ImageError("not an http(s) URL")) }
                continue
            }
            slots.wait()
            group.enter()
            var request = URLRequest(url: parsed)
            request.setValue("image/webp,image/png,image/jpeg", forHTTPHeaderField: "Accept")
            request.setValue("typeahead-images-fetch", forHTTPHeaderField: "User-Agent")
            let task = session.dataTask(with: request)
            delegate.start(task.taskIdentifier) { outcome in
                let checked = outcome.flatMap { bytes -> Result<(bytes: [UInt8], format: ImageFormat), ImageError> in
                    Result { () throws(ImageError) in try Self.check(bytes) }
                }
                results.update { $0[url] = checked }
                slots.signal()
                group.leave()
            }
            task.resume()
        }
        group.wait()
        return results.value
    }

    /// The bytes are a whole PNG, JPEG or WebP within the limits: decoded (to a tiny size) to prove it.
    static func check(_ bytes: [UInt8]) throws(ImageError) -> (bytes: [UInt8], format: ImageFormat) {
        guard let format = ImageFormat.sniff(bytes) else {
            _ = try Thumbnailer.make(bytes, sizes: [16])  // throws the reason (SVG, HTML, empty…)
            throw ImageError("not a PNG, JPEG or WebP image")
        }
        _ = try Thumbnailer.make(bytes, sizes: [16], limits: ImageLimits(maxBytes: .max))
        return (bytes, format)
    }

    /// Collects each task's bytes and applies the limits as the response arrives.
    private final class Delegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let maxBytes: Int
        let maxRedirects: Int
        private let lock = NSLock()
        private var buffers: [Int: Data] = [:]
        private var failures: [Int: ImageError] = [:]
        private var redirects: [Int: Int] = [:]
        private var completions: [Int: (Result<[UInt8], ImageError>) -> Void] = [:]

        init(maxBytes: Int, maxRedirects: Int) {
            self.maxBytes = maxBytes
            self.maxRedirects = maxRedirects
        }

        func start(_ id: Int, completion: @escaping (Result<[UInt8], ImageError>) -> Void) {
            lock.withLock {
                completions[id] = completion
                buffers[id] = Data()
            }
        }

        private func fail(_ id: Int, _ message: String) {
            lock.withLock { if failures[id] == nil { failures[id] = ImageError(message) } }
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
        ) {
            let id = dataTask.taskIdentifier
            guard let http = response as? HTTPURLResponse else {
                fail(id, "not an HTTP response")
                return completionHandler(.cancel)
            }
            guard (200..<300).contains(http.statusCode) else {
                fail(id, "HTTP \(http.statusCode)")
                return completionHandler(.cancel)
            }
            if response.expectedContentLength > Int64(maxBytes) {
                fail(id, "\(response.expectedContentLength) bytes, more than the limit of \(maxBytes)")
                return completionHandler(.cancel)
            }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let id = dataTask.taskIdentifier
            let tooLarge = lock.withLock { () -> Bool in
                buffers[id, default: Data()].append(data)
                return buffers[id]!.count > maxBytes
            }
            if tooLarge {
                fail(id, "more than the limit of \(maxBytes) bytes")
                dataTask.cancel()
            }
        }

        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
        ) {
            let id = task.taskIdentifier
            let count = lock.withLock { () -> Int in
                redirects[id, default: 0] += 1
                return redirects[id]!
            }
            let scheme = request.url?.scheme?.lowercased() ?? ""
            if scheme != "http" && scheme != "https" {
                fail(id, "redirected to a \(scheme.isEmpty ? "non-HTTP" : scheme + ":") URL")
                return completionHandler(nil)  // the redirect itself is then the response, refused
            }
            if count > maxRedirects {
                fail(id, "more than \(maxRedirects) redirects")
                return completionHandler(nil)  // the redirect itself is then the response, refused
            }
            completionHandler(request)
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let id = task.taskIdentifier
            let (completion, bytes, failure) = lock.withLock {
                let found = (
                    completions.removeValue(forKey: id), buffers.removeValue(forKey: id),
                    failures.removeValue(forKey: id)
                )
                redirects[id] = nil
                return found
            }
            let outcome: Result<[UInt8], ImageError>
            if let failure {
                outcome = .failure(failure)
            } else if let error {
                let code = (error as NSError).code
                outcome = .failure(
                    ImageError(
                        code == NSURLErrorTimedOut
                            ? "timed out"
                            : code == NSURLErrorCannotConnectToHost ? "cannot connect" : "\(error.localizedDescription)"
                    ))
            } else {
                outcome = .success([UInt8](bytes ?? Data()))
            }
            completion?(outcome)
        }
    }
}

/// A value behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func update(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}
