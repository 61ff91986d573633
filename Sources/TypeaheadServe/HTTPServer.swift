import CMicroHTTPD
import Foundation

/// One HTTP request, as the server's handler sees it.
public struct HTTPRequest {
    /// `GET`, `HEAD`, `POST`…
    public var method: String
    /// The path, percent-decoded by libmicrohttpd, without the query string.
    public var path: String
    /// The body (at most the server's `maximumBodyBytes`).
    public var body: [UInt8]
    private let lookup: (String) -> String?

    public init(method: String, path: String, body: [UInt8] = [], headers: [String: String] = [:]) {
        self.method = method
        self.path = path
        self.body = body
        let lowered = Dictionary(uniqueKeysWithValues: headers.map { ($0.key.lowercased(), $0.value) })
        lookup = { lowered[$0.lowercased()] }
    }

    init(method: String, path: String, body: [UInt8], lookup: @escaping (String) -> String?) {
        self.method = method
        self.path = path
        self.body = body
        self.lookup = lookup
    }

    /// A request header's value (names are case-insensitive), nil when absent.
    public func header(_ name: String) -> String? { lookup(name) }
}

/// What the server sends back.
public struct HTTPResponse: Sendable {
    public enum Body: Sendable, Equatable {
        case bytes([UInt8])
        /// `length` bytes of a file from `offset`, read by the server as it sends them.
        case file(path: String, offset: UInt64, length: UInt64)
    }

    public var status: Int
    /// Content-Length is the server's: never set it here.
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of a header set on this response.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Why the server could not start.
public struct HTTPServerError: Error, CustomStringConvertible {
    public var description: String
}

/// An HTTP/1.1 server on libmicrohttpd: a pool of threads, each request's body read whole (up to a
/// cap) and handed to one handler, which returns the response. Idle connections are closed after
/// a timeout, and the number of connections is bounded.
public final class HTTPServer: @unchecked Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// Bodies larger than this get 413 (in `tooLarge`'s shape) without being read further.
    public let maximumBodyBytes: Int
    let handler: Handler
    let tooLarge: @Sendable (Int) -> HTTPResponse
    private var daemon: OpaquePointer?
    /// The address and port it listens on.
    public private(set) var host = ""
    public private(set) var port: UInt16 = 0

    /// - Parameters:
    ///   - tooLarge: the response to a body over `maximumBodyBytes` (given the cap).
    public init(
        maximumBodyBytes: Int = 1 << 20,
        tooLarge: @escaping @Sendable (Int) -> HTTPResponse = { _ in HTTPResponse(status: 413) },
        handler: @escaping Handler
    ) {
        self.maximumBodyBytes = maximumBodyBytes
        self.handler = handler
        self.tooLarge = tooLarge
    }

    /// Starts listening on `host` (an IPv4 address, or `localhost`) and `port` (0: any free port).
    public func start(
        host: String, port: UInt16, threads: Int = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount),
        timeoutSeconds: Int = 30, connectionLimit: Int = 256
    ) throws(HTTPServerError) {
        precondition(daemon == nil, "already started")
        let address = host == "localhost" ? "127.0.0.1" : host
        var parsed = in_addr()
        guard inet_pton(AF_INET, address, &parsed) == 1 else {
            throw HTTPServerError(description: "--host expects an IPv4 address such as 127.0.0.1, not \"\(host)\"")
        }
        errno = 0
        daemon = typeahead_mhd_start(
            parsed.s_addr, port, UInt32(threads), UInt32(timeoutSeconds), UInt32(connectionLimit),
            accessHandler, Unmanaged.passUnretained(self).toOpaque(), completedHandler, nil)
        guard let daemon else {
            let reason = errno == EADDRINUSE ? "the port is in use" : String(cString: strerror(errno))
            throw HTTPServerError(description: "cannot listen on \(address):\(port): \(reason)")
        }
        self.host = address
        self.port = typeahead_mhd_port(daemon)
    }

    /// Stops listening and waits for the requests being answered.
    public func stop() {
        guard let daemon else { return }
        MHD_stop_daemon(daemon)
        self.daemon = nil
    }

    deinit { stop() }

    /// Queues `response` on a connection.
    func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        var made: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            made = bytes.withUnsafeBytes {
                MHD_create_response_from_buffer(
                    bytes.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), mustCopy)
            }
        case .file(let path, let offset, let length):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                return queue(HTTPResponse(status: 404, body: .bytes(Array("not found\n".utf8))), on: connection)
            }
            // libmicrohttpd closes the descriptor when the response is destroyed.
            made = MHD_create_response_from_fd_at_offset64(length, descriptor, offset)
            if made == nil { close(descriptor) }
        }
        guard let made else { return mhdNo }
        for (name, value) in response.headers { MHD_add_response_header(made, name, value) }
        let result = MHD_queue_response(connection, UInt32(response.status), made)
        MHD_destroy_response(made)
        return result
    }
}

// libmicrohttpd's closed enums, by value (their imported case names vary with the importer).
private let mhdYes = MHD_Result(rawValue: 1)!
private let mhdNo = MHD_Result(rawValue: 0)!
private let headerKind = MHD_ValueKind(rawValue: 1)!
private let mustCopy = MHD_ResponseMemoryMode(rawValue: 2)!

/// A request's state between libmicrohttpd's calls: the body as it arrives.
private final class RequestState {
    var body: [UInt8] = []
    /// The body was announced larger than the cap, and 413 was queued at once.
    var refused = false
    /// The body grew past the cap as it arrived: 413 once it has.
    var overCap = false
}

private let accessHandler: MHD_AccessHandlerCallback = {
    cls, connection, url, method, _, uploadData, uploadDataSize, state in
    guard let cls, let connection, let state, let uploadDataSize else { return mhdNo }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    // The first call of a request only announces it (its headers are read).
    guard let pointer = state.pointee else {
        let request = RequestState()
        state.pointee = Unmanaged.passRetained(request).toOpaque()
        // A body announced larger than the cap is refused before it is sent.
        if let length = MHD_lookup_connection_value(connection, headerKind, "Content-Length"),
            let bytes = Int(String(cString: length)), bytes > server.maximumBodyBytes
        {
            request.refused = true
            return server.queue(server.tooLarge(server.maximumBodyBytes), on: connection)
        }
        return mhdYes
    }
    let request = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()
    if uploadDataSize.pointee > 0 {
        let count = uploadDataSize.pointee
        uploadDataSize.pointee = 0
        if request.refused { return mhdYes }
        if request.overCap || request.body.count + count > server.maximumBodyBytes {
            // A body without a length that grows past the cap: the rest is read and dropped.
            request.overCap = true
            request.body = []
            return mhdYes
        }
        if let uploadData {
            request.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: count))
        }
        return mhdYes
    }
    if request.refused { return mhdYes }
    if request.overCap { return server.queue(server.tooLarge(server.maximumBodyBytes), on: connection) }
    let response = server.handler(
        HTTPRequest(
            method: method.map { String(cString: $0) } ?? "GET", path: url.map { String(cString: $0) } ?? "/",
            body: request.body,
            lookup: { name in
                MHD_lookup_connection_value(connection, headerKind, name).map { String(cString: $0) }
            }))
    return server.queue(response, on: connection)
}

private let completedHandler: MHD_RequestCompletedCallback = { _, _, state, _ in
    guard let state, let pointer = state.pointee else { return }
    Unmanaged<RequestState>.fromOpaque(pointer).release()
    state.pointee = nil
}
