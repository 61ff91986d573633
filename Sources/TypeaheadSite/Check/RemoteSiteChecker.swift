import Foundation
import Synchronization
import TypeaheadEngine
import TypeaheadModel

/// One search asked of a remote engine.
public struct RemoteQuery: Sendable, Equatable {
    public var index: IndexName
    public var query: String
    public var filter: Scope?
    public var page: Int
    public var hitsPerPage: Int

    public init(index: IndexName, query: String, filter: Scope?, page: Int, hitsPerPage: Int) {
        self.index = index
        self.query = query
        self.filter = filter
        self.page = page
        self.hitsPerPage = hitsPerPage
    }
}

/// What a remote engine answered: the hit count and the page's objectIDs in order.
public struct RemoteAnswer: Sendable, Equatable {
    public var nbHits: Int
    public var objectIDs: [String]

    public init(nbHits: Int, objectIDs: [String]) {
        self.nbHits = nbHits
        self.objectIDs = objectIDs
    }
}

/// The harness against any engine that answers Algolia's search API (`typeahead check --engine`):
/// every prefix-map key, every static result page and every precomputed answer of a site is asked
/// of it, in batches of several queries, a few batches at a time; what it answers is compared with
/// what the site holds. A remote engine may be configured otherwise (another ranking, other
/// typos), so the result is a measure of agreement, with the first differences, not only a verdict.
public struct RemoteSiteChecker {
    public var content: Content
    public var site: String
    /// Queries in one request (`/1/indexes/*/queries`).
    public var batchSize = 50
    /// Requests in flight at once.
    public var concurrency = 8
    public var shownDifferences = 10

    public init(content: Content, site: String) {
        self.content = content
        self.site = site
    }

    /// What the site holds for one query, and how to say it.
    struct Item: Sendable {
        var kind: Kind
        var query: RemoteQuery
        var expected: RemoteAnswer
        /// Whether the hit count is part of what the site holds (answers hold it; keys and pages
        /// only their objectIDs).
        var comparesCount: Bool
        var what: String
    }

    public enum Kind: Int, Sendable, CaseIterable {
        case key, resultPage, answer

        public var plural: String {
            switch self {
            case .key: return "prefix-map keys"
            case .resultPage: return "result pages"
            case .answer: return "precomputed answers"
            }
        }
    }

    public struct Report: Sendable {
        public var engine = ""
        /// Asked and equal, by kind.
        public var asked = [Int](repeating: 0, count: Kind.allCases.count)
        public var equal = [Int](repeating: 0, count: Kind.allCases.count)
        public var differences: [String] = []
        public var requests = 0
        public var retries = 0
        public var seconds = 0.0
        /// A request that failed after its retries: the check stopped there.
        public var failure: String?

        public var totalAsked: Int { asked.reduce(0, +) }
        public var totalEqual: Int { equal.reduce(0, +) }
        /// Equal answers out of those asked, in percent (100 when nothing was asked).
        public var agreement: Double {
            totalAsked == 0 ? 100 : Double(totalEqual) * 100 / Double(totalAsked)
        }

        public var description: String {
            var text =
                "Asked \(engine) for \(grouped(totalAsked)) answers (\(Kind.allCases.map { "\(grouped(asked[$0.rawValue])) \($0.plural)" }.joined(separator: ", "))) in \(grouped(requests)) requests"
                + (retries > 0 ? " (\(grouped(retries)) retried)" : "") + ", \(String(format: "%.2f", seconds)) s.\n"
            if let failure { text += "Stopped: \(failure)\n" }
            text += "Agreement: \(Self.percent(agreement)) (\(grouped(totalEqual)) of \(grouped(totalAsked)) equal)\n"
            for kind in Kind.allCases where asked[kind.rawValue] > 0 {
                let same = equal[kind.rawValue]
                let differ = asked[kind.rawValue] - same
                text += "  \(kind.plural): \(grouped(same)) equal, \(grouped(differ)) differ\n"
            }
            if !differences.isEmpty {
                let count = totalAsked - totalEqual
                text += count > differences.count ? "The first \(differences.count) differences:\n" : "Differences:\n"
                text += differences.map { "- \($0)\n" }.joined()
            }
            return text
        }

        /// 100 % only when every answer is equal (99.996 is not rounded up).
        static func percent(_ value: Double) -> String {
            value == 100 ? "100 %" : String(format: "%.2f %%", min(value, 99.99))
        }
    }

    /// Asks `ask` (one call per batch, from up to `concurrency` threads at once) and compares.
    /// `progress` gets the queries answered so far and the total.
    public func run(
        engineName: String, ask: @escaping @Sendable ([RemoteQuery]) throws -> (answers: [RemoteAnswer], retries: Int),
        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }
    ) throws(SiteReadError) -> Report {
        let started = DispatchTime.now().uptimeNanoseconds
        let items = try gather()
        var report = Report()
        report.engine = engineName
        let batches = stride(from: 0, to: items.count, by: batchSize).map { $0..<min($0 + batchSize, items.count) }
        struct Shared {
            var next = 0
            var done = 0
            var answers: [[RemoteAnswer]?]
            var retries = 0
            var requests = 0
            var failure: String?
        }
        let shared = Mutex(Shared(answers: [[RemoteAnswer]?](repeating: nil, count: batches.count)))
        let workers = max(1, min(concurrency, batches.count))
        let total = items.count
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let b: Int? = shared.withLock { state in
                    guard state.failure == nil, state.next < batches.count else { return nil }
                    defer { state.next += 1 }
                    return state.next
                }
                guard let b else { return }
                let queries = batches[b].map { items[$0].query }
                do {
                    let (answers, retries) = try ask(queries)
                    guard answers.count == queries.count else {
                        throw RemoteEngineError(
                            description: "asked \(queries.count) queries in one request, got \(answers.count) results")
                    }
                    let done = shared.withLock { state in
                        state.answers[b] = answers
                        state.retries += retries
                        state.requests += 1 + retries
                        state.done += queries.count
                        return state.done
                    }
                    progress(done, total)
                } catch {
                    shared.withLock { state in
                        if state.failure == nil { state.failure = "\(error)" }
                    }
                    return
                }
            }
        }
        let state = shared.withLock { $0 }
        report.requests = state.requests
        report.retries = state.retries
        report.failure = state.failure
        for (b, range) in batches.enumerated() {
            guard let answers = state.answers[b] else { continue }
            for (item, answer) in zip(range.map { items[$0] }, answers) {
                report.asked[item.kind.rawValue] += 1
                let same =
                    answer.objectIDs.elementsEqual(item.expected.objectIDs) { ObjectID($0) == ObjectID($1) }
                    && (!item.comparesCount || answer.nbHits == item.expected.nbHits)
                if same {
                    report.equal[item.kind.rawValue] += 1
                } else if report.differences.count < shownDifferences {
                    report.differences.append("\(item.what): " + Self.difference(site: item.expected, engine: answer))
                }
            }
        }
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return report
    }

    /// Where two answers part: the hit count, or the first place whose objectID differs, with a
    /// few of each list from there.
    static func difference(site: RemoteAnswer, engine: RemoteAnswer) -> String {
        let a = site.objectIDs
        let b = engine.objectIDs
        guard
            let first = (0..<min(a.count, b.count)).first(where: { !a[$0].utf8.elementsEqual(b[$0].utf8) })
                ?? (a.count != b.count ? min(a.count, b.count) : nil)
        else {
            return "\(site.nbHits) hits on the site, \(engine.nbHits) from the engine"
        }
        let shown = { (list: [String]) in
            list.count <= first
                ? "nothing"
                : SiteChecker.list(Array(list[first..<min(list.count, first + 3)]))
                    + (list.count > first + 3 ? "…" : "")
        }
        return
            "from hit \(first + 1) the site has \(shown(a)), the engine \(shown(b)) (\(a.count) and \(b.count) hits on the page)"
    }

    /// Everything the site holds that a query answers, in a fixed order: every map's keys (in
    /// map order, keys by code points), every suggestion's static pages (unscoped), every answer.
    func gather() throws(SiteReadError) -> [Item] {
        let reader = SiteReader(site: site)
        return try keyItems(reader) + pageItems(reader) + answerItems(reader)
    }

    /// Every key of every prefix map, in map order, keys by code points.
    private func keyItems(_ reader: SiteReader) throws(SiteReadError) -> [Item] {
        let data = try reader.siteData()
        var items: [Item] = []
        guard case .array(let maps) = data["maps"] ?? .null else {
            throw SiteReadError(description: "\(SiteLayout.siteData): the site data has no maps")
        }
        var problems: [String] = []
        for map in maps {
            let scope = SiteReader.scope(ofMap: map)
            let name = SiteLayout.mapName(scope)
            var shards = 0
            let values = reader.readMap(map, name: name, shards: &shards) { problems.append($0) }
            for key in values.keys.sorted(by: utf8Less) {
                items.append(
                    Item(
                        kind: .key,
                        query: RemoteQuery(
                            index: .suggestions, query: key, filter: scope, page: 0,
                            hitsPerPage: content.config.suggestionsPerKey(in: scope)),
                        expected: RemoteAnswer(nbHits: 0, objectIDs: values[key]!.map(\.text)), comparesCount: false,
                        what: "map \(name), key \"\(key)\""))
            }
        }
        if let problem = problems.first {
            throw SiteReadError(description: "\(site): \(problem)")
        }
        return items
    }

    /// Every static result page of every suggestion (a scope's list has none: docs/CONTRACT.md,
    /// "A scope's list"; the scopes' prefix maps are asked in their scopes).
    private func pageItems(_ reader: SiteReader) -> [Item] {
        let config = content.config
        var items: [Item] = []
        let slugs = Slug.assign(content.suggestions.map(\.objectID))
        for suggestion in content.suggestions {
            for page in 1...max(1, config.resultPages) {
                let file = SiteLayout.resultPage(suggestionSlug: slugs[suggestion.objectID]!, page: page)
                guard let html = reader.read(file) else { break }
                items.append(
                    Item(
                        kind: .resultPage,
                        query: RemoteQuery(
                            index: .products, query: suggestion.query, filter: nil, page: page - 1,
                            hitsPerPage: config.hitsPerPage),
                        expected: RemoteAnswer(nbHits: 0, objectIDs: SiteReader.objectIDs(inResultPage: html)),
                        comparesCount: false, what: "result page \(file)"))
            }
        }
        return items
    }

    /// Every precomputed answer; its record numbers are places in the custom-ranking order.
    private func answerItems(_ reader: SiteReader) throws(SiteReadError) -> [Item] {
        let config = content.config
        var items: [Item] = []
        let ranking = config.ranking
        let order = SearchIndex.rankOrder(
            keys: content.products.map { ranking.key($0.attributes) }, objectIDs: content.products.map(\.objectID),
            ranking: ranking)
        for line in SiteReader.answerLines(reader.answerFiles()) {
            guard case .array(let cells)? = try? JSONParser.parse(line), cells.count == 4 || cells.count == 5,
                let text = cells[0].stringValue, let count = cells[1].numberValue, case .array(let numbers) = cells[2]
            else {
                throw SiteReadError(
                    description:
                        "\(SiteLayout.answersFolder): unreadable line \(String(decoding: line.prefix(80), as: UTF8.self))"
                )
            }
            let ids = numbers.compactMap { $0.numberValue.map(Int.init) }.map { n in
                order.indices.contains(n) ? content.products[order[n]].objectID.text : "#\(n)"
            }
            items.append(
                Item(
                    kind: .answer,
                    query: RemoteQuery(
                        index: .products, query: text, filter: nil, page: 0,
                        hitsPerPage: min(config.hitsPerPage, SearchEngine.paginationLimit)),
                    expected: RemoteAnswer(nbHits: Int(count), objectIDs: ids), comparesCount: true,
                    what: "precomputed answer \"\(text)\""))
        }
        return items
    }
}

/// A remote engine that could not be asked (after its retries), or answered what is not a search.
public struct RemoteEngineError: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}
