import CCurl
import Dispatch
import Foundation

/// How `typeahead images fetch` downloads.
public struct FetchOptions: Sendable {
    /// The largest image downloaded, in bytes (decoded): a larger one is stopped as soon as it is
    /// known, from its announced length or from its bytes as they arrive.
    public var maxBytes = 10_000_000
    /// Seconds an image may take, all in all: connecting, redirects and the whole body.
    public var timeout = 20.0
    /// Downloads at once.
    public var jobs = 4
    /// Redirects followed (to http or https only).
    public var maxRedirects = 5

    public init() {}
}

/// Downloads images over HTTP(S) with libcurl, every limit held while the bytes arrive: the size
/// cap is counted on the bytes as decoded (a gzip bomb stops at the cap, not at its 4 GiB), an
/// announced length over the cap is refused before its body, `timeout` bounds the whole download
/// (redirects and a body trickling a byte a second included), and a redirect is followed by hand:
/// only to http or https, at most `maxRedirects` times. Only what decodes as a PNG, JPEG or WebP is
/// kept (an SVG, an HTML error page or a truncated file is refused).
public final class ImageFetcher: @unchecked Sendable {
    public let options: FetchOptions

    /// libcurl's global state, set up once before any thread uses it.
    private static let setUp: Void = { _ = curl_global_init(3) }()  // CURL_GLOBAL_ALL

    public init(options: FetchOptions = FetchOptions()) {
        self.options = options
        Self.setUp
    }

    /// Downloads every URL (`jobs` at a time); each one's image bytes and format, or why not.
    public func fetch(_ urls: [String]) -> [String: Result<(bytes: [UInt8], format: ImageFormat), ImageError>] {
        let results = Locked<[String: Result<(bytes: [UInt8], format: ImageFormat), ImageError>]>([:])
        let queue = Locked(Array(urls.reversed()))
        // `jobs` workers on threads of their own (concurrentPerform would stop at the core count:
        // a download waits on the network, not on a core).
        let group = DispatchGroup()
        for _ in 0..<max(1, min(options.jobs, urls.count)) {
            DispatchQueue.global().async(group: group) {
                while let url = queue.take() {
                    let outcome = self.download(url).flatMap { bytes in
                        Result { () throws(ImageError) in try Self.check(bytes) }
                    }
                    results.update { $0[url] = outcome }
                }
            }
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

    /// One URL's body, its redirects followed by hand within one deadline.
    func download(_ url: String) -> Result<[UInt8], ImageError> {
        guard Self.isHTTP(url) else { return .failure(ImageError("not an http(s) URL")) }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(options.timeout * 1e9)
        var current = url
        var redirects = 0
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return .failure(ImageError("timed out")) }
            switch transfer(current, milliseconds: Int((deadline - now) / 1_000_000) + 1) {
            case .body(let bytes): return .success(bytes)
            case .failure(let error): return .failure(error)
            case .redirect(let location):
                guard Self.isHTTP(location) else {
                    let scheme = location.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
                    let named = scheme.isEmpty || scheme == location ? "non-HTTP" : scheme.lowercased() + ":"
                    return .failure(ImageError("redirected to a \(named) URL"))
                }
                redirects += 1
                guard redirects <= options.maxRedirects else {
                    return .failure(ImageError("more than \(options.maxRedirects) redirects"))
                }
                current = location
            }
        }
    }

    static func isHTTP(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    private enum Transfer {
        case body([UInt8])
        case redirect(String)
        case failure(ImageError)
    }

    /// What libcurl's write callback fills: the body, refused past `limit` bytes.
    private final class Sink {
        let limit: Int
        var bytes: [UInt8] = []
        var overLimit = false
        /// The response's Content-Length, when it has one.
        var announced: Int?
        init(limit: Int) { self.limit = limit }
    }

    /// One request (no redirect followed), within `milliseconds`.
    private func transfer(_ url: String, milliseconds: Int) -> Transfer {
        guard let handle = curl_easy_init() else { return .failure(ImageError("cannot start a download")) }
        defer { curl_easy_cleanup(handle) }
        let sink = Sink(limit: options.maxBytes)
        let headers = curl_slist_append(nil, "Accept: image/webp,image/png,image/jpeg")
        defer { curl_slist_free_all(headers) }
        _ = typeahead_curl_string(handle, CURLOPT_URL, url)
        _ = typeahead_curl_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = typeahead_curl_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        _ = typeahead_curl_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = typeahead_curl_long(handle, CURLOPT_TIMEOUT_MS, milliseconds)
        _ = typeahead_curl_string(handle, CURLOPT_ACCEPT_ENCODING, "")  // decoded before it is counted
        _ = typeahead_curl_offset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(options.maxBytes))
        _ = typeahead_curl_string(handle, CURLOPT_USERAGENT, "typeahead-images-fetch")
        _ = typeahead_curl_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headers))
        _ = typeahead_curl_write_function(handle) { data, size, count, context in
            guard let data, let context else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue()
            let n = size * count
            guard sink.bytes.count + n <= sink.limit else {
                sink.overLimit = true
                return 0  // libcurl stops the transfer
            }
            data.withMemoryRebound(to: UInt8.self, capacity: n) {
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: n))
            }
            return n
        }
        // The announced length, to say it when it is refused (libcurl stops before the body then).
        _ = typeahead_curl_header_function(handle) { data, size, count, context in
            guard let data, let context else { return 0 }
            let n = size * count
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: n), as: UTF8.self)
            if line.lowercased().hasPrefix("content-length:") {
                let value = line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespacesAndNewlines)
                Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().announced = Int(value)
            }
            return n
        }
        let context = Unmanaged.passUnretained(sink).toOpaque()
        _ = typeahead_curl_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = typeahead_curl_pointer(handle, CURLOPT_HEADERDATA, context)
        let code = withExtendedLifetime(sink) { curl_easy_perform(handle) }

        var status = 0
        _ = typeahead_curl_info_long(handle, CURLINFO_RESPONSE_CODE, &status)
        if code == CURLE_OK, (300..<400).contains(status) {
            var location: UnsafeMutablePointer<CChar>?
            _ = typeahead_curl_info_string(handle, CURLINFO_REDIRECT_URL, &location)
            guard let location else { return .failure(ImageError("HTTP \(status) without a Location")) }
            return .redirect(String(cString: location))
        }
        if sink.overLimit { return .failure(ImageError("more than the limit of \(options.maxBytes) bytes")) }
        switch code {
        case CURLE_OK:
            guard (200..<300).contains(status) else { return .failure(ImageError("HTTP \(status)")) }
            return .body(sink.bytes)
        case CURLE_FILESIZE_EXCEEDED:
            return .failure(
                ImageError(
                    sink.announced.map { "\($0) bytes, more than the limit of \(options.maxBytes)" }
                        ?? "more than the limit of \(options.maxBytes) bytes"))
        case CURLE_OPERATION_TIMEDOUT: return .failure(ImageError("timed out"))
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST: return .failure(ImageError("cannot connect"))
        default:
            if status >= 400 { return .failure(ImageError("HTTP \(status)")) }
            return .failure(ImageError(String(cString: curl_easy_strerror(code))))
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

extension Locked {
    /// The last element of a list, taken out (nil when it is empty).
    func take<Element>() -> Element? where Value == [Element] {
        lock.withLock { stored.popLast() }
    }
}
