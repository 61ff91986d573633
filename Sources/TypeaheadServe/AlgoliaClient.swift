import Foundation
import TypeaheadEngine
import TypeaheadModel
import TypeaheadSite

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Asks an engine that speaks Algolia's search API (Algolia itself, or `typeahead serve`) for
/// several searches in one request (`POST /1/indexes/*/queries`), retrying what may pass: a
/// connection that failed or timed out, 429 and 5xx. The API key is sent as Algolia's header and
/// never appears in an error or in what is printed.
public final class AlgoliaClient: Sendable {
    /// `https://APP-dsn.algolia.net`, `http://127.0.0.1:8080`…
    public let base: URL
    let applicationID: String
    let apiKey: String?
    let indexNames: [IndexName: String]
    let session: URLSession
    /// Tries after the first.
    public let retries: Int

    public init(
        base: URL, applicationID: String, apiKey: String?, indexNames: [IndexName: String] = [:], retries: Int = 3,
        timeoutSeconds: Double = 30
    ) {
        self.base = base
        self.applicationID = applicationID
        self.apiKey = apiKey
        self.indexNames = indexNames
        self.retries = retries
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeoutSeconds
        configuration.httpMaximumConnectionsPerHost = 16
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    /// The body of a `queries` request for these searches.
    public func body(_ queries: [RemoteQuery]) -> JSONValue {
        .object([
            "requests": .array(
                queries.map { query in
                    var members: [String: JSONValue] = [
                        "indexName": .string(indexNames[query.index] ?? query.index.rawValue),
                        "query": .string(query.query), "page": .number(Double(query.page)),
                        "hitsPerPage": .number(Double(query.hitsPerPage)),
                        // Only objectIDs are compared: no highlights to make and send.
                        "attributesToHighlight": .array([]),
                    ]
                    if let filter = query.filter { members["filters"] = .string(Self.filters(filter)) }
                    return .object(members)
                })
        ])
    }

    /// `ATTR:"VALUE"`, the value's quotes and backslashes escaped.
    public static func filters(_ scope: Scope) -> String {
        let escaped = scope.value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "\"", with: "\\\"")
        return "\(scope.attribute):\"\(escaped)\""
    }

    /// Asks the searches; returns their answers in order and how many tries were repeated.
    public func search(_ queries: [RemoteQuery]) throws(RemoteEngineError) -> (answers: [RemoteAnswer], retries: Int) {
        let url = base.appendingPathComponent("1/indexes/*/queries")
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(applicationID, forHTTPHeaderField: "X-Algolia-Application-Id")
        if let apiKey { request.setValue(apiKey, forHTTPHeaderField: "X-Algolia-API-Key") }
        request.httpBody = Data(JSONWriter.string(body(queries)).utf8)
        var attempt = 0
        while true {
            let (status, data, failure) = send(request)
            let retryable = failure != nil || status == 429 || (500...599).contains(status)
            if !retryable {
                guard status == 200 else {
                    throw RemoteEngineError(description: "\(redacted(url)) answered \(status): \(Self.message(data))")
                }
                return (try Self.answers(data, count: queries.count, from: url), attempt)
            }
            guard attempt < retries else {
                throw RemoteEngineError(
                    description: "\(redacted(url)): " + (failure ?? "answered \(status): \(Self.message(data))")
                        + " (after \(retries + 1) tries)")
            }
            attempt += 1
            Thread.sleep(forTimeInterval: 0.25 * Double(1 << (attempt - 1)))
        }
    }

    /// The engine's URL as it may be printed: without user or password.
    public var displayURL: String { redacted(base) }

    /// A URL without user or password.
    private func redacted(_ url: URL) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.user = nil
        components?.password = nil
        return components?.string ?? "(the engine)"
    }

    private func send(_ request: URLRequest) -> (status: Int, data: Data, failure: String?) {
        final class Box: @unchecked Sendable {
            var result: (Int, Data, String?) = (0, Data(), "no answer")
        }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { data, response, error in
            if let error {
                box.result = (0, Data(), error.localizedDescription)
            } else {
                box.result = ((response as? HTTPURLResponse)?.statusCode ?? 0, data ?? Data(), nil)
            }
            done.signal()
        }.resume()
        done.wait()
        return box.result
    }

    /// Algolia's error message, or the start of the body.
    static func message(_ data: Data) -> String {
        if let value = try? JSONParser.parse([UInt8](data)), let message = value["message"]?.stringValue {
            return message
        }
        return String(decoding: data.prefix(200), as: UTF8.self)
    }

    static func answers(_ data: Data, count: Int, from url: URL) throws(RemoteEngineError) -> [RemoteAnswer] {
        guard let value = try? JSONParser.parse([UInt8](data)), case .array(let results)? = value["results"] else {
            throw RemoteEngineError(description: "\(url.absoluteString): the answer has no \"results\" array")
        }
        var answers: [RemoteAnswer] = []
        for (n, result) in results.enumerated() {
            guard case .array(let hits)? = result["hits"], let nbHits = result["nbHits"]?.numberValue else {
                throw RemoteEngineError(description: "\(url.absoluteString): results[\(n)] has no hits or nbHits")
            }
            answers.append(RemoteAnswer(nbHits: Int(nbHits), objectIDs: hits.map { $0["objectID"]?.stringValue ?? "" }))
        }
        return answers
    }
}
