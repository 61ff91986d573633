import Foundation
import Testing
import TypeaheadTestSupport

@testable import TypeaheadServe

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The libmicrohttpd server on a real socket: bodies, the body cap, headers, any free port.
struct HTTPServerTests {
    static func fetch(_ request: URLRequest) -> (Int, Data, HTTPURLResponse?) {
        final class Box: @unchecked Sendable { var value: (Int, Data, HTTPURLResponse?) = (0, Data(), nil) }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        URLSession(configuration: .ephemeral).dataTask(with: request) { data, response, _ in
            let http = response as? HTTPURLResponse
            box.value = (http?.statusCode ?? 0, data ?? Data(), http)
            done.signal()
        }.resume()
        done.wait()
        return box.value
    }

    @Test func echoesTheBodyAndHeadersOnAFreePortOfLoopback() throws {
        let server = HTTPServer(maximumBodyBytes: 1000) { request in
            HTTPResponse(
                status: 201, headers: [("X-Seen", request.header("x-custom") ?? "none")],
                body: .bytes(Array("\(request.method) \(request.path) ".utf8) + request.body))
        }
        try server.start(host: "127.0.0.1", port: 0)
        defer { server.stop() }
        #expect(server.port > 0)
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/a%20b?q=1")!)
        request.httpMethod = "POST"
        request.setValue("yes", forHTTPHeaderField: "X-Custom")
        request.httpBody = Data(repeating: UInt8(ascii: "x"), count: 1000)
        let (status, data, response) = Self.fetch(request)
        #expect(status == 201)
        #expect(response?.value(forHTTPHeaderField: "X-Seen") == "yes")
        // The path arrives decoded, without its query string.
        #expect(String(decoding: data, as: UTF8.self) == "POST /a b " + String(repeating: "x", count: 1000))
    }

    /// A body of 200,000 bytes, announced (`Content-Length`) or not (chunked), to a server capped at
    /// 1,000: refused before it is read (413) or once it passes the cap (the connection is closed:
    /// libmicrohttpd takes no response mid-body), never read to its end; the server then answers.
    @Test(arguments: [false, true]) func aBodyOverTheCapIsRefused(chunked: Bool) throws {
        let server = HTTPServer(
            maximumBodyBytes: 1000, tooLarge: { HTTPResponse(status: 413, body: .bytes(Array("over \($0)".utf8))) },
            handler: { _ in HTTPResponse(status: 200) })
        try server.start(host: "127.0.0.1", port: 0)
        defer { server.stop() }
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/")!)
        request.httpMethod = "POST"
        let body = Data(repeating: 0, count: 200_000)
        if chunked {
            request.httpBodyStream = InputStream(data: body)
        } else {
            // The client waits for the server's word before sending the body, as a careful client
            // does: the 413 comes instead, and no write races the server's close.
            request.setValue("100-continue", forHTTPHeaderField: "Expect")
            request.httpBody = body
        }
        let (status, data, _) = Self.fetch(request)
        if chunked {
            #expect(status == 413 || status == 0, "\(status)")
        } else {
            #expect(status == 413)
            #expect(String(decoding: data, as: UTF8.self) == "over 1000")
        }
        let (after, _, _) = Self.fetch(URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/")!))
        #expect(after == 200)
    }

    @Test func aFileBodyIsSentFromDisk() throws {
        let folder = try TestSupport.temporaryDirectory("server-file")
        let file = try TestSupport.write("0123456789", to: "f.txt", in: folder)
        let server = HTTPServer { _ in HTTPResponse(status: 206, body: .file(path: file.path, offset: 3, length: 4)) }
        try server.start(host: "localhost", port: 0)
        defer { server.stop() }
        let (status, data, _) = Self.fetch(URLRequest(url: URL(string: "http://127.0.0.1:\(server.port)/")!))
        #expect(status == 206)
        #expect(String(decoding: data, as: UTF8.self) == "3456")
    }

    @Test func aBadHostOrABusyPortIsAClearError() throws {
        let server = HTTPServer { _ in HTTPResponse(status: 200) }
        #expect(throws: HTTPServerError.self) { try server.start(host: "example.com", port: 0) }
        try server.start(host: "127.0.0.1", port: 0)
        defer { server.stop() }
        let second = HTTPServer { _ in HTTPResponse(status: 200) }
        do {
            try second.start(host: "127.0.0.1", port: server.port)
            Issue.record("a second server started on a busy port")
        } catch {
            #expect(error.description.contains("in use"))
        }
    }
}
