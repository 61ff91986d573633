import Dispatch
import Foundation
import Synchronization
import TypeaheadEngine
import TypeaheadModel

/// Makes Query Suggestions from a catalogue and its query logs, as Algolia's Query Suggestions
/// builder does (`docs/SUGGESTIONS.md`): candidates, clean, reject, complete, vet,
/// merge, write. Deterministic: the same catalogue, configuration and log entries, in any order,
/// give the same records.
public struct SuggestionsBuilder: Sendable {
    public var content: Content
    public var config: SuggestionsConfig
    public var log: [LogEntry]
    /// The products engine the queries are completed and vetted with.
    let engine: SearchEngine
    /// The same without descriptions: a suggestion must name products outside them.
    let naming: SearchEngine?
    /// How many of the first hits a prefix is completed from.
    public static let completionHits = 20

    public init(content: Content, config: SuggestionsConfig, log: [LogEntry]) {
        self.content = content
        self.config = config
        self.log = log
        engine = SearchEngine(content: Content(products: content.products, suggestions: [], config: content.config))
        naming = Self.namingEngine(for: content)
    }

    /// Why a candidate was not kept.
    public enum Reason: String, Sendable, CaseIterable {
        case empty = "empty"
        case tooLong = "too long"
        case tooShort = "too short"
        case specialCharacters = "special characters"
        case excluded = "excluded"
        case tooFewHits = "too few hits"
        case onlyInDescriptions = "mostly in descriptions"
    }

    /// What a run did.
    public struct Summary: Sendable, Equatable {
        /// Log entries, and generated facet combinations.
        public var logEntries = 0
        public var generated = 0
        /// Distinct queries after cleaning.
        public var distinct = 0
        /// Prefixes completed to a whole word (`samsu` → `samsung`).
        public var completed = 0
        public var rejected: [Reason: Int] = [:]
        /// Candidates added to another equal after cleaning or completion.
        public var merged = 0
        /// Suggestions merged into their other number (`cases` into `case`).
        public var mergedPlurals = 0
        /// Suggestions merged into the same words in another order (`iphone apple` into `apple iphone`).
        public var mergedOrders = 0
        public var kept = 0
        /// Seconds spent in each step, in order (for the terminal, never the file).
        public var phases: [(name: String, seconds: Double)] = []

        public var candidates: Int { logEntries + generated }

        public static func == (a: Summary, b: Summary) -> Bool {
            a.logEntries == b.logEntries && a.generated == b.generated && a.distinct == b.distinct
                && a.completed == b.completed && a.rejected == b.rejected && a.merged == b.merged
                && a.mergedPlurals == b.mergedPlurals && a.mergedOrders == b.mergedOrders && a.kept == b.kept
        }
    }

    /// One suggestion made.
    public struct Record: Sendable, Equatable {
        public var query: String
        public var popularity: Int
        public var exactNbHits: Int
        /// For each configured facet attribute, its top values among the exact hits, with counts.
        public var facets: [(attribute: String, values: [(value: String, count: Int)])]

        public static func == (a: Record, b: Record) -> Bool {
            a.query == b.query && a.popularity == b.popularity && a.exactNbHits == b.exactNbHits
                && a.facets.map(\.attribute) == b.facets.map(\.attribute)
                && zip(a.facets, b.facets).allSatisfy { x, y in
                    x.values.map(\.value) == y.values.map(\.value) && x.values.map(\.count) == y.values.map(\.count)
                }
        }
    }

    public struct Output: Sendable {
        /// Sorted by query bytes (the objectID).
        public var records: [Record]
        public var summary: Summary
        /// Algolia-style lines for every query not kept: `skipping "x": 2 hits, expected 5`.
        public var skipped: [String]
    }

    // MARK: - The steps

    public func run() -> Output {
        let rules = config.exclude.map(ExcludeRule.init)
        var summary = Summary()
        var skipped: [(query: String, line: String)] = []
        var clock = DispatchTime.now().uptimeNanoseconds
        func lap(_ name: String) {
            let now = DispatchTime.now().uptimeNanoseconds
            summary.phases.append((name, Double(now - clock) / 1e9))
            clock = now
        }

        // 1. Candidates: the log, then every generated facet-value combination (count 0).
        var candidates = log
        let generated = generatedQueries()
        summary.logEntries = log.count
        summary.generated = generated.count
        candidates += generated.map { LogEntry(query: $0, count: 0) }

        // 2. Clean, and add up the counts of equal queries.
        var queries = cleaned(candidates, &summary)

        lap("clean")

        // 3. Reject: too short, special characters, excluded.
        queries = queries.filter { candidate in
            guard let (reason, why) = rejection(candidate.query, rules: rules) else { return true }
            summary.rejected[reason, default: 0] += 1
            skipped.append((candidate.query, "skipping \"\(Self.shown(candidate.query))\": \(why)"))
            return false
        }

        lap("reject")

        // 4. Complete a prefix, on all cores; queries that become equal add their counts.
        queries = completed(queries, &summary)

        lap("complete")

        // 5. Vet with an exact search (whole words, no typo, no prefix), on all cores.
        var records = vetted(queries, &summary, &skipped)

        lap("vet")

        // 6. Merge the same words in another order, and singular and plural forms, into the more popular one.
        records = mergeEquivalents(records, &summary, &skipped)
        summary.kept = records.count
        lap("merge")
        skipped.sort { utf8Less($0.query, $1.query) }
        return Output(records: records, summary: summary, skipped: skipped.map(\.line))
    }

    /// Step 2: every candidate cleaned (empty ones rejected), equal queries' counts added up,
    /// sorted by bytes.
    private func cleaned(_ candidates: [LogEntry], _ summary: inout Summary) -> [(query: String, count: Int)] {
        var counts: [ByteKey: Int] = [:]
        for candidate in candidates {
            let cleaned = Self.folded(Self.clean(candidate.query))
            if cleaned.isEmpty {
                summary.rejected[.empty, default: 0] += 1
                continue
            }
            let key = ByteKey(cleaned)
            if counts[key] != nil { summary.merged += 1 }
            counts[key] = RecordLimits.addingCounts(counts[key] ?? 0, candidate.count)
        }
        summary.distinct = counts.count
        var queries = counts.map { (query: String(decoding: $0.key.utf8, as: UTF8.self), count: $0.value) }
        queries.sort { utf8Less($0.query, $1.query) }
        return queries
    }

    /// Step 4: the last word of each query completed (a prefix becomes the word it stands for), on
    /// all cores; queries that become equal add their counts.
    private func completed(
        _ queries: [(query: String, count: Int)], _ summary: inout Summary
    ) -> [(query: String, count: Int)] {
        let completions = parallelMap(queries.map(\.query)) { query, scratch in
            engine.products.completion(ofLastWordIn: query, topHits: Self.completionHits, scratch: scratch)
        }
        var completedCounts: [ByteKey: Int] = [:]
        for (candidate, completion) in zip(queries, completions) {
            var query = candidate.query
            if let completion {
                query = Self.folded(Self.replacingLastWord(of: query, with: completion))
                summary.completed += 1
            }
            let key = ByteKey(query)
            if completedCounts[key] != nil { summary.merged += 1 }
            completedCounts[key] = RecordLimits.addingCounts(completedCounts[key] ?? 0, candidate.count)
        }
        var queries: [(query: String, count: Int)] = completedCounts.map {
            (String(decoding: $0.key.utf8, as: UTF8.self), $0.value)
        }
        queries.sort { utf8Less($0.query, $1.query) }
        return queries
    }

    /// Step 5: each query vetted with an exact search, on all cores: kept with its hits and facets
    /// when it finds `minHits` products.
    private func vetted(
        _ queries: [(query: String, count: Int)], _ summary: inout Summary,
        _ skipped: inout [(query: String, line: String)]
    ) -> [Record] {
        let facets = FacetCounter(products: content.products, facets: config.facets)
        let naming = self.naming
        let vetted = parallelMap(queries.map(\.query)) { query, scratch in
            let vet = facets.vet(query, in: engine.products, scratch: scratch)
            let named = naming.map { Self.exactHits(query, in: $0.products, scratch: scratch) } ?? vet.hits
            return (vet.hits, vet.facets, named)
        }
        var records: [Record] = []
        for (candidate, (hits, values, named)) in zip(queries, vetted) {
            // A completed last word may make a query longer than `build` takes.
            if let problem = RecordLimits.queryProblem(candidate.query) {
                summary.rejected[.tooLong, default: 0] += 1
                skipped.append((candidate.query, "skipping \"\(Self.shown(candidate.query))\": \(problem)"))
                continue
            }
            guard hits >= config.minHits else {
                summary.rejected[.tooFewHits, default: 0] += 1
                skipped.append(
                    (candidate.query, "skipping \"\(candidate.query)\": \(hits) hits, expected \(config.minHits)"))
                continue
            }
            // It names products: `minHits` outside descriptions, or one for a query searched `minHits` times.
            guard named >= config.minHits || (named > 0 && candidate.count >= config.minHits) else {
                summary.rejected[.onlyInDescriptions, default: 0] += 1
                let line = "\(named) hits outside descriptions, expected \(config.minHits)"
                skipped.append((candidate.query, "skipping \"\(candidate.query)\": \(line)"))
                continue
            }
            records.append(
                Record(query: candidate.query, popularity: candidate.count, exactNbHits: hits, facets: values))
        }
        return records
    }

    /// Step 2: trimmed, inner white space one space, lower case (locale-free), in NFC so that one
    /// text has one spelling.
    static func clean(_ query: String) -> String {
        var query = query
        if let ascii = query.withUTF8({ cleanASCII($0) }) { return ascii }
        let words = query.precomposedStringWithCanonicalMapping.lowercased().split { $0.isWhitespace }
        return words.joined(separator: " ")
    }

    /// `clean` of an ASCII text, byte by byte (most logged queries); nil for any other text.
    private static func cleanASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                pendingSpace = !output.isEmpty
                continue
            }
            if pendingSpace {
                output.append(0x20)
                pendingSpace = false
            }
            output.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A query as a message shows it: its first 80 characters, then `…`.
    static func shown(_ query: String) -> String {
        query.count > 80 ? String(query.prefix(80)) + "…" : query
    }

    /// Step 3: why `query` is rejected, or nil.
    func rejection(_ query: String, rules: [ExcludeRule]) -> (Reason, String)? {
        // What `build` would refuse (the same limits), before anything reads the whole query.
        if let problem = RecordLimits.queryProblem(query) { return (.tooLong, problem) }
        let letters = query.unicodeScalars.filter(TextNormalizer.isWordScalar).count
        if letters < config.minLetters {
            return (.tooShort, "\(letters) letters, expected \(config.minLetters)")
        }
        if !config.allowSpecialCharacters,
            let special = query.unicodeScalars.first(where: {
                $0 != " " && !TextNormalizer.isWordScalar($0)
                    && ![.nonspacingMark, .spacingMark, .enclosingMark].contains($0.properties.generalCategory)
            })
        {
            return (.specialCharacters, "special character \"\(special)\"")
        }
        let words = TextNormalizer.words(query)
        if let rule = rules.first(where: { $0.matches(query, queryWords: words) }) {
            return (.excluded, "excluded by \"\(rule.text)\"")
        }
        return nil
    }

    /// The query with its last word (as the contract splits words) replaced.
    static func replacingLastWord(of query: String, with word: String) -> String {
        var words = TextNormalizer.words(query)
        words[words.count - 1] = word
        return words.joined(separator: " ")
    }

    /// Every `generate` combination of facet values that occurs in some product, cleaned, sorted.
    func generatedQueries() -> [String] {
        var seen = Set<ByteKey>()
        var result: [String] = []
        for combination in config.generate {
            for product in content.products {
                var texts = [""]
                for (position, attribute) in combination.enumerated() {
                    let values = Self.generatedValues(of: product, attribute, following: position > 0)
                    texts = texts.flatMap { prefix in values.map { prefix.isEmpty ? $0 : prefix + " " + $0 } }
                }
                for text in texts where !text.isEmpty && seen.insert(ByteKey(text)).inserted {
                    result.append(text)
                }
            }
        }
        return result.sorted(by: utf8Less)
    }

    private func mergeEquivalents(
        _ records: [Record], _ summary: inout Summary, _ skipped: inout [(query: String, line: String)]
    ) -> [Record] {
        var groups: [ByteKey: [Record]] = [:]
        for record in records {
            groups[ByteKey(Self.equivalenceKey(record.query, plurals: config.mergePlurals)), default: []].append(record)
        }
        var merged: [Record] = []
        for group in groups.values {
            // The more popular form stays (then the one with more hits, then the shorter, then by bytes).
            let ordered = group.sorted { a, b in
                if a.popularity != b.popularity { return a.popularity > b.popularity }
                if a.exactNbHits != b.exactNbHits { return a.exactNbHits > b.exactNbHits }
                if a.query.utf8.count != b.query.utf8.count { return a.query.utf8.count < b.query.utf8.count }
                return utf8Less(a.query, b.query)
            }
            var kept = ordered[0]
            for other in ordered.dropFirst() {
                kept.popularity = RecordLimits.addingCounts(kept.popularity, other.popularity)
                let reordered =
                    Self.equivalenceKey(other.query, plurals: false) == Self.equivalenceKey(kept.query, plurals: false)
                if reordered { summary.mergedOrders += 1 } else { summary.mergedPlurals += 1 }
                let why = reordered ? "the same words" : "singular and plural"
                skipped.append((other.query, "merging \"\(other.query)\" into \"\(kept.query)\" (\(why))"))
            }
            merged.append(kept)
        }
        return merged.sorted { utf8Less($0.query, $1.query) }
    }
}
