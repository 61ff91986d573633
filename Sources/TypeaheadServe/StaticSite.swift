import Foundation

/// Serves the files of a built site: GET and HEAD, `index.html` for a folder, no listing, nothing
/// outside the folder (no `..`, no hidden file, no link leading out), a strong ETag with
/// `If-None-Match`, and single byte ranges.
public struct StaticSite: Sendable {
    /// The site's folder, absolute and with links resolved.
    public let root: String

    /// Fails when `folder` is not a folder.
    public init(folder: String) throws(HTTPServerError) {
        guard let resolved = Self.realPath(folder), Self.isDirectory(resolved) else {
            throw HTTPServerError(description: "\(folder): no such folder; build the site first (typeahead build)")
        }
        root = resolved
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return HTTPResponse(
                status: 405, headers: [("Allow", "GET, HEAD"), ("Content-Type", "text/plain; charset=utf-8")],
                body: .bytes(Array("\(request.method) is not allowed here: the site is read-only\n".utf8)))
        }
        guard let segments = Self.segments(request.path) else { return notFound }
        var path = segments.isEmpty ? root : root + "/" + segments.joined(separator: "/")
        // A link may lead out of the folder: the resolved path must still be inside.
        guard let resolved = Self.realPath(path), resolved == root || resolved.hasPrefix(root + "/") else {
            return notFound
        }
        if Self.isDirectory(resolved) {
            // `/search` → `/search/`, so the folder's relative links resolve inside it. The
            // location is made of the segments, so `//report` cannot become `//report/`, which a
            // browser reads as another host.
            if !request.path.hasSuffix("/") {
                let path = segments.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "" }
                let location = "/" + path.map { $0 + "/" }.joined()
                return HTTPResponse(
                    status: 301, headers: [("Location", location), ("Content-Type", "text/plain; charset=utf-8")],
                    body: .bytes(Array("moved to \(location)\n".utf8)))
            }
            // The folder's index, resolved too: a link named index.html may lead out of the site.
            guard let index = Self.realPath(resolved + "/index.html"), index.hasPrefix(root + "/") else {
                return notFound
            }
            path = index
        } else {
            path = resolved
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return notFound }
        let size = UInt64(info.st_size)
        let tag = Self.etag(size: size, seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
        var headers: [(name: String, value: String)] = [
            ("Content-Type", Self.contentType(path)), ("ETag", tag), ("Accept-Ranges", "bytes"),
            ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff"),
        ]
        if let ifNoneMatch = request.header("If-None-Match"), Self.matches(ifNoneMatch, tag) {
            return HTTPResponse(status: 304, headers: headers.filter { $0.name != "Content-Type" })
        }
        switch Self.range(request.header("Range"), size: size) {
        case .whole:
            return HTTPResponse(status: 200, headers: headers, body: .file(path: path, offset: 0, length: size))
        case .part(let first, let last):
            headers.append(("Content-Range", "bytes \(first)-\(last)/\(size)"))
            return HTTPResponse(
                status: 206, headers: headers, body: .file(path: path, offset: first, length: last - first + 1))
        case .unsatisfiable:
            return HTTPResponse(
                status: 416,
                headers: [("Content-Range", "bytes */\(size)"), ("Content-Type", "text/plain; charset=utf-8")],
                body: .bytes(Array("range not satisfiable: the file has \(size) bytes\n".utf8)))
        }
    }

    /// The 404 page: the site has none of its own, so a short one that leads back to the search.
    var notFound: HTTPResponse {
        HTTPResponse(
            status: 404, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-cache")],
            body: .bytes(Array(Self.notFoundPage.utf8)))
    }

    static let notFoundPage = """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Not found</title></head>
        <body><h1>Not found</h1><p>This site has no such page. <a href="/">Back to the search</a></p></body>
        </html>

        """

    /// The path's segments inside the site, or nil when it must not be served: it does not start
    /// with `/`, or a segment is `..`, hidden (`.name`) or holds a NUL or a backslash. `.` and
    /// empty segments are dropped.
    static func segments(_ path: String) -> [String]? {
        guard path.hasPrefix("/") else { return nil }
        var result: [String] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            if segment == "." { continue }
            if segment.hasPrefix(".") || segment.contains("\0") || segment.contains("\\") { return nil }
            result.append(String(segment))
        }
        return result
    }

    /// `"<size>-<modification time>"` in hex: it changes whenever the build rewrites the file.
    static func etag(size: UInt64, seconds: Int, nanoseconds: Int) -> String {
        "\"\(String(size, radix: 16))-\(String(seconds, radix: 16))-\(String(nanoseconds, radix: 16))\""
    }

    /// Whether an `If-None-Match` value names `tag` (or is `*`); weak tags compare weakly.
    static func matches(_ ifNoneMatch: String, _ tag: String) -> Bool {
        for candidate in ifNoneMatch.split(separator: ",") {
            var value = candidate.trimmingCharacters(in: .whitespaces)
            if value == "*" { return true }
            if value.hasPrefix("W/") { value.removeFirst(2) }
            if value == tag { return true }
        }
        return false
    }

    enum ByteRange: Equatable {
        case whole
        case part(first: UInt64, last: UInt64)
        case unsatisfiable
    }

    /// A `Range` header's one range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) in a file of `size`
    /// bytes. Absent, malformed or several ranges: the whole file (RFC 9110 allows ignoring it).
    static func range(_ header: String?, size: UInt64) -> ByteRange {
        guard let header, header.hasPrefix("bytes=") else { return .whole }
        let spec = header.dropFirst(6).trimmingCharacters(in: .whitespaces)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return .whole }
        let start = spec[..<dash]
        let end = spec[spec.index(after: dash)...]
        func number(_ text: Substring) -> UInt64? {
            text.allSatisfy(\.isASCII) && text.allSatisfy(\.isNumber) && !text.isEmpty ? UInt64(text) : nil
        }
        if start.isEmpty {
            guard let suffix = number(end) else { return .whole }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .part(first: size - min(suffix, size), last: size - 1)
        }
        guard let first = number(start) else { return .whole }
        let last: UInt64
        if end.isEmpty {
            last = size &- 1
        } else {
            guard let given = number(end), given >= first else { return .whole }
            last = min(given, size &- 1)
        }
        guard first < size else { return .unsatisfiable }
        return .part(first: first, last: last)
    }

    /// The media type of a site file, by its extension.
    static func contentType(_ path: String) -> String {
        let types: [String: String] = [
            "html": "text/html; charset=utf-8", "js": "text/javascript; charset=utf-8",
            "css": "text/css; charset=utf-8", "json": "application/json; charset=utf-8",
            "md": "text/markdown; charset=utf-8", "txt": "text/plain; charset=utf-8",
            "xml": "application/xml; charset=utf-8", "svg": "image/svg+xml", "png": "image/png",
            "jpg": "image/jpeg", "jpeg": "image/jpeg", "webp": "image/webp", "gif": "image/gif", "avif": "image/avif",
            "ico": "image/x-icon", "woff2": "font/woff2", "map": "application/json; charset=utf-8",
        ]
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        return types[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
