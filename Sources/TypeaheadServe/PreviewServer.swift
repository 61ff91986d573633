import Foundation
import Synchronization
import TypeaheadEngine
import TypeaheadModel

/// `typeahead serve`: the built site's files, and beside them (under `/1/`) the live engine over
/// Algolia's search API. The engine can be replaced while requests are answered (after a
/// rebuild): a request uses the engine that was current when it arrived.
public final class PreviewServer: Sendable {
    public static let maximumBodyBytes = 1 << 20

    /// What requests share: the current engine, and the requests answered by the API and by the files.
    private final class State: Sendable {
        let engine: Mutex<SearchEngine>
        let counts = Mutex((api: 0, files: 0))

        init(_ engine: SearchEngine) { self.engine = Mutex(engine) }
    }

    private let state: State
    private let server: HTTPServer

    /// - Parameter aliases: other names of the indices, as a shop's Algolia app names them.
    public init(siteFolder: String, engine: SearchEngine, aliases: [String: IndexName] = [:]) throws(HTTPServerError) {
        let state = State(engine)
        self.state = state
        let site = try StaticSite(folder: siteFolder)
        let api = AlgoliaAPI(engine: { state.engine.withLock { $0 } }, aliases: aliases)
        server = HTTPServer(
            maximumBodyBytes: Self.maximumBodyBytes,
            tooLarge: { cap in
                AlgoliaAPI.json(
                    413,
                    .object([
                        "message": .string("The body is larger than \(cap) bytes"), "status": .number(413),
                    ]))
            },
            handler: { request in
                if request.path.hasPrefix("/1/") {
                    state.counts.withLock { $0.api += 1 }
                    return api.respond(to: request)
                }
                state.counts.withLock { $0.files += 1 }
                return site.respond(to: request)
            })
    }

    /// Starts listening; `port` 0 takes any free port (see `url`).
    public func start(host: String, port: UInt16) throws(HTTPServerError) {
        try server.start(host: host, port: port)
    }

    public func stop() { server.stop() }

    /// `http://host:port/`.
    public var url: String { "http://\(server.host):\(server.port)/" }

    /// Answers with `engine` from now on.
    public func replace(engine: SearchEngine) {
        state.engine.withLock { $0 = engine }
    }

    public var requestCounts: (api: Int, files: Int) { state.counts.withLock { $0 } }
}

/// Notices changes under some folders by polling: a file added, removed, resized or touched.
public struct FolderWatcher: Sendable {
    public var folders: [String]

    public init(folders: [String]) {
        self.folders = folders
    }

    /// What the folders hold now: each file's path, size and modification time, sorted.
    public func fingerprint() -> [String] {
        var entries: [String] = []
        for folder in folders {
            guard let enumerator = FileManager.default.enumerator(atPath: folder) else {
                entries.append("\(folder) (missing)")
                continue
            }
            while let path = enumerator.nextObject() as? String {
                let full = folder + "/" + path
                var info = stat()
                guard stat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                entries.append("\(full)\u{0}\(info.st_size)\u{0}\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)")
            }
        }
        return entries.sorted()
    }
}
