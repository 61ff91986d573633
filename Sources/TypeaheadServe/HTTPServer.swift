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
    /// Called once the response is sent (or the connection is gone): what the answer held, such
    /// as its share of `AnswerBudget`, is given back then.
    public var onComplete: (@Sendable () -> Void)?

    public init(
        status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([]),
        onComplete: (@Sendable () -> Void)? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.onComplete = onComplete
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

/// An HTTP/1.1 server on libmicrohttpd: a thread per connection (so a long answer on one never
/// holds another's headers, which the deadlines below would then cut), each request's body read
/// whole (up to a cap) and handed to one handler, which returns the response. Its costs are bounded by
/// construction: a body is refused as soon as it passes the cap (announced or chunked), idle
/// connections are closed after a timeout, a request's headers must arrive within a deadline and
/// its body within another (`ConnectionWatch`: trickling one byte a second does not hold a
/// connection), and the number of connections is bounded.
public final class HTTPServer: @unchecked Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// Bodies larger than this get 413 (in `tooLarge`'s shape) without being read further.
    public let maximumBodyBytes: Int
    let handler: Handler
    let tooLarge: @Sendable (Int) -> HTTPResponse
    private var daemon: OpaquePointer?
    /// The connections' deadlines.
    let watch: ConnectionWatch
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
        watch = ConnectionWatch()
    }

    /// The most connections at once by default: enough that hundreds of trickling clients leave
    /// room for others (each is closed at its deadline), within the process's file limit.
    public static var defaultConnectionLimit: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 256 }
        return Int(max(64, min(1024, Int(limit.rlim_cur) - 64)))
    }

    /// Starts listening on `host` (an IPv4 address, or `localhost`) and `port` (0: any free port).
    ///   - headerSeconds: the time a request's headers may take to arrive (from the connection, or
    ///     from the previous request's end), and `bodySeconds` its body, after which the connection
    ///     is closed whatever it still sends.
    public func start(
        host: String, port: UInt16, timeoutSeconds: Int = 30, connectionLimit: Int = HTTPServer.defaultConnectionLimit,
        headerSeconds: Double = 10, bodySeconds: Double = 30
    ) throws(HTTPServerError) {
        precondition(daemon == nil, "already started")
        let address = host == "localhost" ? "127.0.0.1" : host
        var parsed = in_addr()
        guard inet_pton(AF_INET, address, &parsed) == 1 else {
            throw HTTPServerError(description: "--host expects an IPv4 address such as 127.0.0.1, not \"\(host)\"")
        }
        errno = 0
        daemon = typeahead_mhd_start(
            parsed.s_addr, port, UInt32(timeoutSeconds), UInt32(connectionLimit),
            accessHandler, Unmanaged.passUnretained(self).toOpaque(), completedHandler,
            Unmanaged.passUnretained(watch).toOpaque(), notifyHandler, Unmanaged.passUnretained(watch).toOpaque())
        guard let daemon else {
            let reason = errno == EADDRINUSE ? "the port is in use" : String(cString: strerror(errno))
            throw HTTPServerError(description: "cannot listen on \(address):\(port): \(reason)")
        }
        self.host = address
        self.port = typeahead_mhd_port(daemon)
        watch.startWatching(headerSeconds: headerSeconds, bodySeconds: bodySeconds)
    }

    /// Stops listening and waits for the requests being answered.
    public func stop() {
        guard let daemon else { return }
        watch.stopWatching()
        MHD_stop_daemon(daemon)
        self.daemon = nil
    }

    deinit { stop() }

    /// Queues `response` on a connection.
    func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        var made: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            // One copy, which libmicrohttpd frees once sent: the answer is not held twice (its
            // bytes and libmicrohttpd's copy of them) for as long as a slow client reads.
            guard let buffer = malloc(max(1, bytes.count)) else { return mhdNo }
            bytes.withUnsafeBytes { if let base = $0.baseAddress { memcpy(buffer, base, bytes.count) } }
            made = MHD_create_response_from_buffer(bytes.count, buffer, mustFree)
            if made == nil { free(buffer) }
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
private let mustFree = MHD_ResponseMemoryMode(rawValue: 1)!

/// A request's state between libmicrohttpd's calls: the body as it arrives.
private final class RequestState {
    var body: [UInt8] = []
    /// The body was larger than the cap (announced, or as it arrived): refused, nothing more read.
    var refused = false
    /// The response's `onComplete`, called when the request ends.
    var onComplete: (@Sendable () -> Void)?

    deinit { onComplete?() }
}

private let accessHandler: MHD_AccessHandlerCallback = {
    cls, connection, url, method, _, uploadData, uploadDataSize, state in
    guard let cls, let connection, let state, let uploadDataSize else { return mhdNo }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    // The first call of a request only announces it (its headers are read).
    guard let pointer = state.pointee else {
        let request = RequestState()
        state.pointee = Unmanaged.passRetained(request).toOpaque()
        // The headers are in: the body's deadline starts.
        server.watch.enter(.body, connection)
        // A body announced larger than the cap is refused before it is sent.
        if let length = MHD_lookup_connection_value(connection, headerKind, "Content-Length"),
            let bytes = Int(String(cString: length)), bytes > server.maximumBodyBytes
        {
            request.refused = true
            server.watch.enter(.responding, connection)
            return server.queue(server.tooLarge(server.maximumBodyBytes), on: connection)
        }
        return mhdYes
    }
    let request = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()
    if uploadDataSize.pointee > 0 {
        let count = uploadDataSize.pointee
        uploadDataSize.pointee = 0
        if request.refused { return mhdYes }
        if request.body.count + count > server.maximumBodyBytes {
            // A body without a length that grows past the cap: refused at once, with the cap's
            // response when libmicrohttpd takes one mid-body, else by closing the connection
            // (nothing more is read either way).
            request.body = []
            request.refused = true
            server.watch.enter(.responding, connection)
            return server.queue(server.tooLarge(server.maximumBodyBytes), on: connection)
        }
        if let uploadData {
            request.body.append(contentsOf: UnsafeRawBufferPointer(start: uploadData, count: count))
        }
        return mhdYes
    }
    if request.refused { return mhdYes }
    server.watch.enter(.responding, connection)
    let response = server.handler(
        HTTPRequest(
            method: method.map { String(cString: $0) } ?? "GET", path: url.map { String(cString: $0) } ?? "/",
            body: request.body,
            lookup: { name in
                MHD_lookup_connection_value(connection, headerKind, name).map { String(cString: $0) }
            }))
    request.onComplete = response.onComplete
    return server.queue(response, on: connection)
}

private let completedHandler: MHD_RequestCompletedCallback = { cls, connection, state, _ in
    // The connection waits for its next request's headers, from now.
    if let cls, let connection {
        Unmanaged<ConnectionWatch>.fromOpaque(cls).takeUnretainedValue().enter(.headers, connection)
    }
    guard let state, let pointer = state.pointee else { return }
    Unmanaged<RequestState>.fromOpaque(pointer).release()
    state.pointee = nil
}

private let notifyHandler: MHD_NotifyConnectionCallback = { cls, connection, _, code in
    guard let cls, let connection else { return }
    let watch = Unmanaged<ConnectionWatch>.fromOpaque(cls).takeUnretainedValue()
    if code.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED
        watch.opened(connection, socket: typeahead_mhd_connection_fd(connection))
    } else {
        watch.closed(connection)
    }
}
