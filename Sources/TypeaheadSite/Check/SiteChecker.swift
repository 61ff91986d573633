import Foundation
import Synchronization
import TypeaheadEngine
import TypeaheadModel

/// The harness: reads back what a site contains (parsing its files, not reusing a build's memory)
/// and compares every prefix-map key and every static result page with the live engine's answer,
/// asked afresh for each (a direct query, not the builder's incremental path).
public struct SiteChecker {
    public var content: Content
    public var site: String
    /// The content folder, for the products' pictures (nil: none, every product shows its placeholder).
    public var contentDirectory: String?
    /// How many differences are described in full.
    public var shownDifferences = 10
    /// The templates the site was built with: when given, every file of the site is proven equal,
    /// byte for byte, to what the content and templates produce (built afresh, in memory, one
    /// file at a time), and a file the build would not make is reported.
    public var templates: TemplateSet?

    public init(content: Content, site: String, contentDirectory: String? = nil, templates: TemplateSet? = nil) {
        self.content = content
        self.site = site
        self.contentDirectory = contentDirectory
        self.templates = templates
    }

    /// What a check found.
    public struct Report: Sendable {
        public var maps = 0
        public var keys = 0
        public var shards = 0
        public var resultPages = 0
        public var categoryPages = 0
        public var pictures = 0
        public var answers = 0
        /// Files proven byte for byte (0: not asked, no templates given).
        public var files = 0
        public var differences: [String] = []
        public var differenceCount = 0
        public var seconds = 0.0
        /// Precomputed answers of a suggestion's query, taken from its result page's hits (only
        /// their placed typos asked again: `PageAnswers`).
        var answersFromPages = 0
        /// The byte proof's build: answers and vetting taken from this check's (not asked again).
        var answersTaken = 0
        var vettingsTaken = false
        /// The byte proof's build took this check's engine (not a second one).
        var engineTaken = false
        /// The digest and size of every file proven (for the next check's proof).
        var digests: [String: (digest: ContentDigest, size: Int)] = [:]
        /// An incremental check: what it did (nil: the full proof).
        public var sinceProof: String?
        /// What became of the proof beside the site (written, moved on, kept, or why none).
        public var proofNote: String?

        mutating func differ(_ text: String, limit: Int) {
            differenceCount += 1
            if differences.count < limit { differences.append(text) }
        }

        /// The text `typeahead check` prints.
        public var description: String {
            var text =
                sinceProof.map {
                    "Checked every byte of \(files) files since the last proof in \(String(format: "%.2f", seconds)) s: \($0).\n"
                }
                ?? "Checked \(keys) keys in \(maps) prefix maps (\(shards) shards) and \(resultPages) result pages\(categoryPages > 0 ? " and \(categoryPages) category pages" : "")\(answers > 0 ? " and \(answers) precomputed answers" : "")\(files > 0 ? ", and every byte of \(files) files," : "")\(pictures > 0 ? " and \(pictures) pictures" : "") in \(String(format: "%.2f", seconds)) s.\n"
            if sinceProof != nil {
                text +=
                    differenceCount == 0
                    ? "Every file is what the content and templates make, byte for byte, and no other is there.\n"
                    : "\(differenceCount) difference\(differenceCount == 1 ? "" : "s") from the proven site and the build from it\(differenceCount > differences.count ? " (the first \(differences.count))" : ""):\n"
                        + differences.map { "- \($0)\n" }.joined()
            } else if differenceCount == 0 {
                text += "Every precomputed answer equals the live engine's.\n"
                if files > 0 {
                    text += "Every file is what the content and templates make, byte for byte, and no other is there.\n"
                }
            } else {
                text += "\(differenceCount) difference\(differenceCount == 1 ? "" : "s") from the live engine"
                if files > 0 { text += " and a fresh build" }
                text += differenceCount > differences.count ? " (the first \(differences.count)):\n" : ":\n"
                text += differences.map { "- \($0)\n" }.joined()
            }
            if let proofNote { text += "The proof: \(proofNote).\n" }
            return text
        }
    }

    /// Checks everything the site answers; what differs is in the report. Throws only for a site
    /// that cannot be read at all (no site data, no maps).
    public func run() throws(SiteCheckError) -> Report {
        let started = DispatchTime.now().uptimeNanoseconds
        let identity = SiteProof.identity(of: site)
        var report = Report()
        let engine = SearchEngine(content: content)
        let data = try siteData()
        // The pictures, resized afresh from the content: the same files, byte for byte (with the
        // templates, the byte proof below resizes and compares them as the build does).
        var images = SiteImages.none
        if let contentDirectory, templates == nil {
            do {
                images = try SiteImages.prepare(content: content, contentDirectory: contentDirectory)
            } catch {
                throw .cannotRebuild(error.issues.map(\.description).joined(separator: "\n"))
            }
        }
        if templates == nil { checkPictures(images, report: &report) }
        let config = content.config
        guard case .array(let maps) = data["maps"] ?? .null else {
            throw .unreadable(SiteReadError(description: "\(SiteLayout.siteData): the site data has no maps"))
        }

        let scopes = config.everyScope
        let (offered, vettings) = try checkResultPages(engine: engine, scopes: scopes, report: &report)
        var known = AskedAnswers()
        checkCategoryPages(engine: engine, report: &report)
        let pages = PageAnswers(vettings, engine: engine, numbers: Self.rankNumbers(engine))
        if templates == nil {
            checkClientIndices(
                engine: engine, data: data, offered: offered, images: images, pages: pages, report: &report)
        } else {
            // The byte proof below builds the client indices anyway and compares their files: the
            // answers are read from the site, to be asked of the engine, rather than walked twice;
            // the engine's answers then serve that build's answers' walk (`AskedAnswers`).
            known = checkAnswers(engine: engine, shards: reader.answerShards(), pages: pages, report: &report)
        }

        checkMaps(maps, engine: engine, offered: offered, scopes: scopes, report: &report)

        // One walk of the site's folder: its links and empty folders, and its files for the byte proof.
        let entries = SiteReader.entries(under: site)
        if let templates {
            try proveEveryByte(
                templates: templates, files: entries.files, known: known, vettings: vettings, engine: engine,
                report: &report)
        }
        checkEntries(entries, report: &report)
        if templates != nil, report.differenceCount == 0 {
            report.proofNote = recordProof(report: report, identity: identity)
        }

        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return report
    }

    /// A site holds regular files and the folders that lead to them: a link (even to an identical
    /// file, which `serve` would not answer) or another special file is named, and so is an empty
    /// folder (the build makes none).
    func checkEntries(_ entries: SiteReader.Entries, report: inout Report) {
        for path in entries.links {
            report.differ(
                "\(path): a link or special file, not a regular file (a site holds files only)", limit: shownDifferences
            )
        }
        for path in entries.emptyFolders {
            report.differ("\(path)/: an empty folder the build does not make", limit: shownDifferences)
        }
    }

    /// Every static result page, each suggestion's hits asked afresh in every scope (a full query,
    /// not the build's count), so the vetted set is proven along with the pages: a suggestion with
    /// fewer than `minHits` hits has no page, and one with fewer in a scope is in no key of that
    /// scope's map nor in its list of `data/suggestions/`. Returns, for each scope, which
    /// suggestions are offered. The engine takes these counts as its vetting (`adoptVettings`): it
    /// would otherwise count every suggestion again for its suggestions index (`checkMaps`); and so
    /// does the byte proof's build, with the unscoped best hits and facet summaries (`AskedVettings`).
    private func checkResultPages(
        engine: SearchEngine, scopes: [Scope?], report: inout Report
    ) throws(SiteCheckError) -> (offered: [[Bool]], vettings: AskedVettings) {
        var offered = scopes.map { _ in [Bool](repeating: false, count: content.suggestions.count) }
        var hits = scopes.map { _ in [Int?](repeating: nil, count: content.suggestions.count) }
        var known = AskedVettings()
        let numbers = Self.rankNumbers(engine)
        let suggestionSlugs = Slug.assign(content.suggestions.map(\.objectID))
        // Suggestions are checked on all cores, a batch at a time; their findings are merged in
        // suggestion order, so the report is the same as a serial check's.
        let checkedContent = self.content
        let reader = self.reader
        let batches: [CheckedBatch]
        do {
            batches = try SiteBuilder.inBatches(count: checkedContent.suggestions.count) { range in
                var checked = CheckedBatch()
                let scratch = SearchScratch(vocabularySize: engine.products.vocabularySize)
                for s in range {
                    checked.add(
                        Self.checkPages(
                            of: s, content: checkedContent, engine: engine, scopes: scopes,
                            slug: suggestionSlugs[checkedContent.suggestions[s].objectID]!, reader: reader,
                            numbers: numbers, scratch: scratch))
                }
                return checked
            } progress: { _ in
            }
        } catch {
            throw .unreadable(SiteReadError(description: "checking the result pages: \(error)"))
        }
        for batch in batches {
            report.resultPages += batch.pages
            for (s, flags) in batch.offered {
                for (k, flag) in flags.enumerated() where flag { offered[k][s] = true }
            }
            for (s, vetted) in batch.vetted {
                for (k, scoped) in vetted.enumerated() { hits[k][s] = scoped.hits }
                known.bySuggestion[content.suggestions[s].objectID] = vetted
            }
            for difference in batch.differences { report.differ(difference, limit: shownDifferences) }
        }
        engine.adoptVettings(
            scopes.indices.map { SuggestionVetting(scope: scopes[$0], minHits: content.config.minHits, hits: hits[$0]) }
        )
        return (offered, known)
    }

    /// Every prefix map: the maps are those of the configured scopes, each has every key of its
    /// offered suggestions and no other, and each key shows the engine's first suggestions.
    private func checkMaps(
        _ maps: [JSONValue], engine: SearchEngine, offered: [[Bool]], scopes: [Scope?], report: inout Report
    ) {
        let foundScopes = maps.map(SiteReader.scope(ofMap:))
        if foundScopes != scopes {
            report.differ(
                "prefix maps: expected maps for \(scopes.map(SiteLayout.mapName)), found \(foundScopes.map(SiteLayout.mapName))",
                limit: shownDifferences)
        }
        for (map, scope) in zip(maps, foundScopes) {
            report.maps += 1
            let name = SiteLayout.mapName(scope)
            // The suggestions index holds the vetted suggestions only, as proven above.
            let allowed = scopes.firstIndex(of: scope).map { offered[$0] } ?? offered[0]
            let found = readMap(map, name: name, report: &report)
            let expectedKeys = Self.keys(
                content.suggestions.indices.filter { allowed[$0] }.map { content.suggestions[$0].query })
            for key in expectedKeys where found[key] == nil {
                report.differ("map \(name): key \"\(key)\" is missing", limit: shownDifferences)
            }
            // Only the keys not expected are sorted (to be told in order): usually none.
            let expectedSet = Set(expectedKeys.map(ByteKey.init))
            for key in found.keys.filter({ !expectedSet.contains(ByteKey($0)) }).sorted(by: utf8Less) {
                report.differ("map \(name): unexpected key \"\(key)\"", limit: shownDifferences)
            }
            // Each key asked of the engine on all cores, a slice of keys a task (a scratch each);
            // compared in key order.
            let suggestionsIndex = engine.searchIndex(.suggestions)
            let perKey = content.config.suggestionsPerKey(in: scope)
            let keys = expectedKeys
            let slices = max(1, min(keys.count / 256, ProcessInfo.processInfo.activeProcessorCount * 8))
            let answers = Mutex([[Int]](repeating: [], count: keys.count))
            DispatchQueue.concurrentPerform(iterations: slices) { slice in
                let scratch = SearchScratch(vocabularySize: suggestionsIndex.vocabularySize)
                let range = (keys.count * slice / slices)..<(keys.count * (slice + 1) / slices)
                let found = range.map {
                    suggestionsIndex.search(keys[$0], allowed: allowed, best: perKey, scratch: scratch)
                }
                answers.withLock {
                    for (i, outcome) in zip(range, found) { $0[i] = outcome.ranked.prefix(perKey).map(\.record) }
                }
            }
            let ranked = answers.withLock { $0 }
            for (i, key) in keys.enumerated() {
                guard let value = found[key] else { continue }
                report.keys += 1
                let expected = ranked[i].map { content.suggestions[$0].objectID }
                if value != expected {
                    report.differ(
                        "map \(name), key \"\(key)\": expected \(Self.list(expected)), found \(Self.list(value))",
                        limit: shownDifferences)
                }
            }
        }
    }

    /// Builds the site afresh into a sink that compares each file with the site's, then lists
    /// the site's `files` the build does not make. The build's answers' walk takes the `known`
    /// answers (the engine's own, each compared with the site's line already) instead of ranking
    /// their texts again, and its vetting the `vettings` each suggestion's pages were checked
    /// with; which texts it answers, and which pages it writes, is its own.
    private func proveEveryByte(
        templates: TemplateSet, files: [String], known: AskedAnswers, vettings: AskedVettings,
        engine: SearchEngine, report: inout Report
    ) throws(SiteCheckError) {
        let sink = ComparingSink(site: site)
        do {
            var builder = SiteBuilder(content: content, templates: templates, contentDirectory: contentDirectory)
            builder.askedAnswers = known
            builder.askedVettings = vettings
            builder.engine = engine
            let summary = try builder.build(into: sink)
            (report.answersTaken, report.vettingsTaken) = (summary.answersGiven, summary.vettingsGiven)
            report.engineTaken = summary.engineGiven
        } catch {
            throw .cannotRebuild("building the site afresh to compare: \(error)")
        }
        report.digests = sink.digests
        report.digests[SiteWriter.markerName] = (
            ContentDigest(Array(SiteWriter.markerContents.utf8)), SiteWriter.markerContents.utf8.count
        )
        let produced = compare(sink, files: files, report: &report)
        report.files = produced.count
        report.pictures =
            produced.filter { $0.hasPrefix(SiteLayout.picturesFolder + "/") && $0 != SiteLayout.pictureIndex }.count
    }

    /// What a build into `sink` found: each file that differs, the marker, and every file of
    /// `files` (the site's) the build did not make. Returns the paths made, the marker with them.
    func compare(_ sink: ComparingSink, files: [String], report: inout Report) -> Set<String> {
        var (produced, differences) = sink.result
        produced.insert(SiteWriter.markerName)
        if FileManager.default.contents(atPath: reader.path(SiteWriter.markerName)).map({
            !$0.elementsEqual(SiteWriter.markerContents.utf8)
        }) ?? true {
            differences.append((SiteWriter.markerName, "missing or changed"))
        }
        for (path, text) in differences { report.differ("\(path): \(text)", limit: shownDifferences) }
        for path in files where !produced.contains(path) {
            report.differ("\(path): not made by the build (a stray file)", limit: shownDifferences)
        }
        return produced
    }

    /// Every picture is in `images/` with the bytes the content gives, and nothing else is there.
    private func checkPictures(_ images: SiteImages, report: inout Report) {
        var unexpected = Set(
            SiteReader.files(under: reader.path(SiteLayout.picturesFolder)).map { SiteLayout.picturesFolder + "/" + $0 }
        )
        for path in images.files.keys.sorted(by: utf8Less) {
            unexpected.remove(path)
            if path != SiteLayout.pictureIndex { report.pictures += 1 }
            guard let data = FileManager.default.contents(atPath: reader.path(path)) else {
                report.differ("\(path): missing", limit: shownDifferences)
                continue
            }
            if !data.elementsEqual(images.files[path]!) {
                report.differ("\(path): differs from the picture the content gives", limit: shownDifferences)
            }
        }
        for path in unexpected.sorted(by: utf8Less) {
            report.differ("\(path): no product shows this picture", limit: shownDifferences)
        }
    }

    // MARK: - Reading the site

    var reader: SiteReader { SiteReader(site: site) }
    func path(_ relative: String) -> String { reader.path(relative) }
    func read(_ relative: String) -> String? { reader.read(relative) }
    func siteData() throws(SiteCheckError) -> JSONValue {
        do { return try reader.siteData() } catch { throw .unreadable(error) }
    }
    func readMap(_ map: JSONValue, name: String, report: inout Report) -> [String: [ObjectID]] {
        var problems: [String] = []
        let values = reader.readMap(map, name: name, shards: &report.shards) { problems.append($0) }
        for problem in problems { report.differ(problem, limit: shownDifferences) }
        return values
    }

    // MARK: - Helpers

    /// Each product record's number: its place in the index's rank order (custom ranking, then
    /// objectID), the same in any engine of the same content, as the answers' lines name records.
    static func rankNumbers(_ engine: SearchEngine) -> [Int32] {
        var number = [Int32](repeating: -1, count: engine.products.records.count)
        for (n, record) in engine.products.recordsInRankOrder().enumerated() { number[Int(record)] = Int32(n) }
        return number
    }

    static func list(_ ids: [some CustomStringConvertible]) -> String {
        "[" + ids.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    /// The keys of a prefix map, computed the plain way: the empty key, and every prefix cut at a
    /// character of every normalised query and each of its word-suffixes (a trailing space dropped).
    /// The queries are taken a slice a core, each slice's keys put together after (at 100,000
    /// suggestions, seconds of one core for each of the four maps).
    static func keys(_ queries: [String]) -> [String] {
        let slices = max(1, min(queries.count / 512, ProcessInfo.processInfo.activeProcessorCount * 4))
        let found = Cores.map(slices, minimumChunk: 1) { slice -> Set<ByteKey> in
            var keys: Set<ByteKey> = []
            for query in queries[(queries.count * slice / slices)..<(queries.count * (slice + 1) / slices)] {
                let words = TextNormalizer.words(query)
                for start in words.indices {
                    var prefix = ""
                    for character in words[start...].joined(separator: " ") {
                        prefix.append(character)
                        keys.insert(ByteKey(prefix.hasSuffix(" ") ? String(prefix.dropLast()) : prefix))
                    }
                }
            }
            return keys
        }
        var keys: Set<ByteKey> = [ByteKey("")]
        for slice in found { keys.formUnion(slice) }
        return Cores.sorted(keys.map { String(decoding: $0.utf8, as: UTF8.self) }, by: utf8Less)
    }

}
