import Foundation
import Synchronization
import TypeaheadEngine
import TypeaheadModel

// The client indices, the answers and the static pages proven against the engine.
extension SiteChecker {
    /// The page's two client indices are exactly what the engine's indices give: every file of
    /// `data/products/` and `data/suggestions/` byte for byte (the suggestions over the ones proven
    /// offered above, per scope), no other file there, and the manifests in `data/site.js`.
    func checkClientIndices(
        engine: SearchEngine, data: JSONValue, offered: [[Bool]], images: SiteImages, pages: PageAnswers,
        report: inout Report
    ) {
        let (products, suggestions) = (MemorySink(), MemorySink())
        let expected: [(IndexName, ShardedIndex.Output, MemorySink)] = [
            (
                .products,
                ShardedIndex.products(
                    into: products, engine: engine, productSlugs: Slug.assign(content.products.map(\.objectID)),
                    images: images),
                products
            ),
            (
                .suggestions,
                ShardedIndex.suggestions(
                    into: suggestions, engine: engine, offered: offered[0],
                    scopes: zip(content.config.scopes, offered.dropFirst()).map { ($0, $1) }),
                suggestions
            ),
        ]
        // In path order.
        let files = expected.map { _, _, sink in
            sink.files.sorted { utf8Less($0.key, $1.key) }.map { (path: $0.key, bytes: $0.value) }
        }
        for ((name, index, _), files) in zip(expected, files) {
            if data[name.rawValue] != index.manifest {
                report.differ(
                    "\(SiteLayout.siteData): the \(name.rawValue) index manifest differs from the engine's",
                    limit: shownDifferences)
            }
            let folder = SiteLayout.clientIndex(name)
            var unexpected = Set(SiteReader.files(under: reader.path(folder)).map { folder + $0 })
            for (path, bytes) in files {
                unexpected.remove(path)
                guard let data = FileManager.default.contents(atPath: reader.path(path)) else {
                    report.differ("\(path): missing", limit: shownDifferences)
                    continue
                }
                if !data.elementsEqual(bytes) {
                    report.differ(
                        "\(path): \(ComparingSink.firstDifference(found: [UInt8](data), expected: bytes))",
                        limit: shownDifferences)
                }
            }
            for path in unexpected.sorted(by: utf8Less) {
                report.differ("\(path): not part of the index", limit: shownDifferences)
            }
        }
        _ = checkAnswers(engine: engine, files: files[0], pages: pages, report: &report)
    }

    /// Asks the engine directly for every precomputed answer (the files were just proven equal to
    /// the build's, which found them along the prefix map's keys; this proves that walk right).
    /// Returns the engine's answers, by text, for the byte proof's build to take (`AskedAnswers`).
    func checkAnswers(
        engine: SearchEngine, shards: [String], pages: PageAnswers, report: inout Report
    ) -> AskedAnswers {
        let numbers = Self.rankNumbers(engine)
        let reader = self.reader
        var known = AskedAnswers()
        var next = 0
        // A few shards at a time (about 16 MB of lines): a million products' are 0.8 GB.
        while next < shards.count {
            var files: [(path: String, bytes: [UInt8])] = []
            var size = 0
            while next < shards.count, size < 16 << 20 {
                let bytes = [UInt8](FileManager.default.contents(atPath: reader.path(shards[next])) ?? Data())
                files.append((shards[next], bytes))
                size += bytes.count
                next += 1
            }
            let lines = SiteReader.answerLines(files)
            files = []
            check(lines, engine: engine, numbers: numbers, pages: pages, into: &known, report: &report)
        }
        return known
    }

    /// The same, of answer files in memory.
    func checkAnswers(
        engine: SearchEngine, files: [(path: String, bytes: [UInt8])], pages: PageAnswers, report: inout Report
    ) -> AskedAnswers {
        var known = AskedAnswers()
        check(
            SiteReader.answerLines(files), engine: engine, numbers: Self.rankNumbers(engine), pages: pages,
            into: &known, report: &report)
        return known
    }

    /// The first pages the result pages' check asked of the engine (`checkResultPages`), by
    /// query: a precomputed answer whose text is a suggestion's query has that page's hit count
    /// and first hits, and only their placed typos are asked again (a sixth of the answers' time
    /// at 30,000 products). A suggestion whose words were made optional is asked afresh: its
    /// answer names the optional words, which a page does not keep.
    struct PageAnswers: Sendable {
        var byText: [ByteKey: (nbHits: Int, records: [Int32])] = [:]

        init(_ vettings: AskedVettings, engine: SearchEngine, numbers: [Int32]) {
            // At most the pagination limit (site.json's hitsPerPage is 1 to 1,000): the first
            // page `placedFirstPage` answers.
            let perPage = engine.content.config.hitsPerPage
            var record = [Int32](repeating: -1, count: numbers.count)
            for (r, number) in numbers.enumerated() { record[Int(number)] = Int32(r) }
            for suggestion in engine.content.suggestions {
                // The unscoped list is the first of every scope.
                guard let unscoped = vettings.bySuggestion[suggestion.objectID]?.first, let hits = unscoped.hits,
                    !unscoped.relaxed
                else { continue }
                byText[ByteKey(suggestion.query)] = (hits, unscoped.numbers.prefix(perPage).map { record[Int($0)] })
            }
        }
    }

    /// Asks the engine each line's text, on every core, and compares the line with its answer.
    private func check(
        _ lines: [[UInt8]], engine: SearchEngine, numbers: [Int32], pages: PageAnswers,
        into known: inout AskedAnswers, report: inout Report
    ) {
        report.answers += lines.count
        let fromPages = Atomic(0)
        let found = Mutex([String?](repeating: nil, count: lines.count))
        let asked = Mutex([(ByteKey, AskedAnswers.Answer)?](repeating: nil, count: lines.count))
        DispatchQueue.concurrentPerform(iterations: lines.count) { i in
            guard let line = try? JSONParser.parse(lines[i]), case .array(let cells) = line,
                let text = cells.first?.stringValue
            else {
                found.withLock {
                    $0[i] =
                        "\(SiteLayout.answersFolder): unreadable line \"\(String(decoding: lines[i].prefix(80), as: UTF8.self))\""
                }
                return
            }
            let answer: (nbHits: Int, records: [Int32], placed: [[UInt8]], optionalWords: [Bool]?)
            if let page = pages.byText[ByteKey(text)] {
                answer = (page.nbHits, page.records, engine.placedTypos(text, records: page.records), nil)
                fromPages.add(1, ordering: .relaxed)
            } else {
                answer = engine.placedFirstPage(text)
            }
            let known = AskedAnswers.Answer(
                nbHits: answer.nbHits, numbers: answer.records.map { numbers[Int($0)] }, placed: answer.placed,
                optionalWords: answer.optionalWords)
            asked.withLock { $0[i] = (ByteKey(text), known) }
            var want: [JSONValue] = [
                .string(text), .number(Double(answer.nbHits)),
                .array(answer.records.map { .number(Double(numbers[Int($0)])) }),
                .array(answer.placed.map { .number(Double(ShardedIndex.placedCode($0))) }),
            ]
            if let optional = answer.optionalWords {
                want.append(.number(Double(ShardedIndex.optionalCode(optional))))
            }
            let expected: JSONValue = .array(want)
            if line != expected {
                found.withLock {
                    $0[i] =
                        "precomputed answer \"\(text)\": found \(String(decoding: lines[i].prefix(120), as: UTF8.self)), the engine answers \(answer.nbHits) hits, numbers \(answer.records.prefix(5).map { numbers[Int($0)] })…"
                }
            }
        }
        for difference in found.withLock({ $0 }) {
            if let difference { report.differ(difference, limit: shownDifferences) }
        }
        for case (let text, let answer)? in asked.withLock({ $0 }) { known.answers[text] = answer }
        report.answersFromPages += fromPages.load(ordering: .relaxed)
    }

    /// What checking a batch of suggestions' pages found.
    struct CheckedBatch: Sendable {
        var pages = 0
        var offered: [(Int, [Bool])] = []
        var vetted: [(Int, [AskedVettings.Scoped])] = []
        var differences: [String] = []

        mutating func add(
            _ one: (
                suggestion: Int, offered: [Bool], vetted: [AskedVettings.Scoped], pages: Int, differences: [String]
            )
        ) {
            pages += one.pages
            offered.append((one.suggestion, one.offered))
            vetted.append((one.suggestion, one.vetted))
            differences += one.differences
        }
    }

    /// A facet summary as a difference shows it: `brand: Apple 3, Sony 1; price: 2 4`.
    static func describe(_ entries: [FacetSummary.Entry]) -> String {
        entries.isEmpty
            ? "nothing"
            : entries.map { entry in
                "\(entry.attribute.isEmpty ? "" : entry.attribute + ": ")"
                    + entry.values.map { "\($0.value) \($0.count)" }.joined(separator: ", ")
            }.joined(separator: "; ")
    }

    /// Every category page: its products are the engine's first page for the category, its
    /// subcategories and their counts the engine's facet counts; there is a page for every
    /// category of the levels that have them.
    func checkCategoryPages(engine: SearchEngine, report: inout Report) {
        let config = content.config
        for (level, path) in CategoryPages.all(engine) {
            let file = SiteLayout.category(path)
            report.categoryPages += 1
            guard let html = reader.read(file) else {
                report.differ("category page \(file) (\"\(path)\") is missing", limit: shownDifferences)
                continue
            }
            let page = engine.search(CategoryPages.request(path, level: level, config: config))
            let expected = page.hits.map { content.products[$0.record].objectID }
            let found = SiteReader.objectIDs(inResultPage: html)
            if !found.map({ ObjectID($0) }).elementsEqual(expected) {
                report.differ(
                    "category page \(file): expected \(Self.list(expected)), found \(Self.list(found))",
                    limit: shownDifferences)
            }
            let children = CategoryPages.subcategories(engine, level: level, path: path)
            let subcategories =
                children.isEmpty
                ? [] : [FacetSummary.Entry(attribute: "", values: children.map { ($0.path, $0.count) })]
            let shown = SiteReader.facetEntries(in: html)
            if shown != subcategories {
                report.differ(
                    "category page \(file): the subcategories are \(Self.describe(shown)), the engine's \(Self.describe(subcategories))",
                    limit: shownDifferences)
            }
        }
    }

    /// The static pages of suggestion `s`, against the engine asked afresh, and its hits in every
    /// scope that lists it (whether it is offered there: its hits reach `minHits`). A scope's list
    /// has no pages (docs/CONTRACT.md, "A scope's list"): the byte proof finds any file there.
    static func checkPages(
        of s: Int, content: Content, engine: SearchEngine, scopes: [Scope?], slug: String, reader: SiteReader,
        numbers: [Int32], scratch: SearchScratch
    ) -> (suggestion: Int, offered: [Bool], vetted: [AskedVettings.Scoped], pages: Int, differences: [String]) {
        let config = content.config
        let suggestion = content.suggestions[s]
        var offered = [Bool](repeating: false, count: scopes.count)
        var vetted = [AskedVettings.Scoped](
            repeating: AskedVettings.Scoped(hits: nil, numbers: [], summary: nil), count: scopes.count)
        var checkedPages = 0
        var differences: [String] = []
        // Its hits in each scope that lists it, counted in one pass over its matches, not ranked
        // (ranking them, a scope at a time, was a tenth of a check's time at 30,000 products).
        let listed = scopes.indices.filter { k in scopes[k].map { suggestion.isListed(in: $0) } ?? false }
        var counted = [Int](repeating: 0, count: scopes.count)
        if !listed.isEmpty {
            let filters = listed.map { engine.allowed(.products, scopes[$0]!) }
            engine.products.forEachMatch(
                suggestion.query, allowed: nil, typoTolerance: true, prefixLast: true, scratch: scratch
            ) { record in
                for (j, k) in listed.enumerated() where filters[j][record] { counted[k] += 1 }
            }
        }
        for (k, scope) in scopes.enumerated() {
            if let scope {
                guard suggestion.isListed(in: scope) else { continue }
                if counted[k] > 0 {
                    vetted[k] = AskedVettings.Scoped(hits: counted[k], numbers: [], summary: nil, relaxed: false)
                    offered[k] = counted[k] >= config.minHits
                    continue
                }
                // No hit with every word: the engine makes words optional, as a query in the scope does.
                let outcome = engine.products.search(
                    suggestion.query, allowed: engine.allowed(.products, scope), best: 0, scratch: scratch)
                vetted[k] = AskedVettings.Scoped(
                    hits: outcome.count, numbers: [], summary: nil, relaxed: outcome.wordsRemoved)
                offered[k] = outcome.count >= config.minHits
                continue
            }
            var request = SearchRequest(
                index: .products, query: suggestion.query, attributesToHighlight: [], attributesToSnippet: [])
            // The first page's facet summary, from every hit of this query (not the build's tally).
            request.summarize = !engine.summaryTable.attributes.isEmpty
            let pages = engine.firstPages(request, count: config.resultPages)
            let nbHits = pages.first?.nbHits ?? 0
            // What the byte proof's build takes as this suggestion's vetting (`AskedVettings`).
            vetted[k] = AskedVettings.Scoped(
                hits: nbHits, numbers: pages.flatMap { $0.hits.map { numbers[$0.record] } },
                summary: pages.first?.summary, relaxed: pages.first?.droppedWords != nil)
            offered[k] = nbHits >= config.minHits
            // The first resultPages pages are static; none past them.
            let nbPages =
                offered[k] && nbHits > 0
                ? SiteLayout.staticPages(nbPages: pages.first!.nbPages, resultPages: config.resultPages) : 0
            for page in pages where nbPages > 0 {
                let file = SiteLayout.resultPage(suggestionSlug: slug, page: page.request.page + 1)
                let expected = page.hits.map { content.products[$0.record].objectID }
                checkedPages += 1
                guard let html = reader.read(file) else {
                    differences.append(
                        "result page \(file) (\"\(suggestion.query)\", page \(page.request.page + 1) of \(nbPages)) is missing"
                    )
                    continue
                }
                let found = SiteReader.objectIDs(inResultPage: html)
                if !found.map({ ObjectID($0) }).elementsEqual(expected) {
                    differences.append("result page \(file): expected \(list(expected)), found \(list(found))")
                }
                let summary = page.request.page == 0 ? page.summary?.shownEntries ?? [] : []
                let shown = SiteReader.facetEntries(in: html)
                if shown != summary {
                    differences.append(
                        "result page \(file): the facet summary says \(describe(shown)), the engine \(describe(summary))"
                    )
                }
            }
            // No page past the last, and no pages at all for a suggestion left out.
            let extra = SiteLayout.resultPage(
                suggestionSlug: slug, page: max(nbPages, 1) + (nbPages == 0 ? 0 : 1))
            if FileManager.default.fileExists(atPath: reader.path(extra)) {
                let why = nbPages > 0 ? "has \(nbPages) pages" : "has \(nbHits) hits, minHits is \(config.minHits)"
                differences.append("result page \(extra) should not exist (\"\(suggestion.query)\" \(why))")
            }
        }
        return (s, offered, vetted, checkedPages, differences)
    }
}
