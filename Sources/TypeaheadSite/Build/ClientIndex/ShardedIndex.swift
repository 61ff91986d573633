import Dispatch
import Synchronization
import TypeaheadEngine
import TypeaheadModel

/// The page's client index of one engine index (products or suggestions), sharded so that a typed
/// text loads only what it needs, as classic scripts that register themselves
/// (`typeaheadIndex(name, payload)`, so they load from `file://`), under `data/<index>/`.
///
/// The format of every file, the manifest and how the page reads them is specified in
/// `docs/CLIENT-INDEX.md`, with a worked example. Each kind of file is written by one extension:
/// `+Postings` (postings, and what a text costs in them), `+Listings` (words, tails, records,
/// scopes), `+Heads`, `+Answers`; `+Indices` makes the products' and the suggestions' indices.
struct ShardedIndex {
    static let listingMinimumBytes = 2048
    static let listingMaximumBytes = 8 * 1024
    static let postingsMinimumBytes = 8 * 1024
    static let postingsMaximumBytes = 32 * 1024

    /// Which index: its folder is `data/<index>/`.
    var index: IndexName
    /// Records per `records/` file.
    var bucket: Int
    /// The names of a record row's cells.
    var fields: [String]

    var base: String { SiteLayout.clientIndex(index) }

    /// What the index made: its files go into the sink as they are made (at 100,000 products the
    /// products' index is half a gigabyte, which, held whole until the end, was over a third of
    /// the build's peak memory); their paths and sizes are kept.
    struct Output {
        let sink: any SiteSink
        var sizes: [(path: String, count: Int)] = []
        var manifest: JSONValue = .null
        /// The first error the sink threw: no file is put after it (`check()` rethrows it).
        var error: (any Error)?
        /// Precomputed answers ranked by this build, and kept from the previous site's.
        var answersRanked = 0
        var answersKept = 0
        /// Of those ranked, how many only among their previous first page and the changed records.
        var answersAmong = 0
        /// Of those ranked, how many took the value `typeahead check` asked of the engine (`.given`).
        var answersGiven = 0
        /// Heads (`writeHeads`) kept from the previous site's, and all of them.
        var headsKept = 0
        var heads = 0
        var bytes: Int { sizes.reduce(0) { $0 + $1.count } }

        init(sink: any SiteSink) { self.sink = sink }

        mutating func add(_ path: String, _ bytes: [UInt8]) {
            guard error == nil else { return }
            do {
                try sink.put(path, bytes)
                sizes.append((path, bytes.count))
            } catch {
                self.error = error
            }
        }

        /// Rethrows the sink's error, if there was one.
        func check() throws {
            if let error { throw error }
        }
    }

    /// Writes the index of `index` over the records of `order` (rank order), their rows, and the
    /// membership of each scope (by record of `index`).
    func write(
        into sink: any SiteSink,
        index: SearchIndex, order: [Int32], row: @Sendable (Int32) -> [JSONValue], scopes: [(Scope, [Bool])],
        settings: [String: JSONValue] = [:], head: (@Sendable (String) -> (nbHits: Int, records: [Int32]))? = nil,
        answers: Answers? = nil
    ) -> Output {
        var output = Output(sink: sink)
        let postings = writePostings(index: index, order: order, collectPrefixes: head != nil, into: &output)
        let (wordShard, shardBytes, listing) = (postings.wordShard, postings.shardBytes, postings.listing)

        // The two listings of the vocabulary.
        let byTail = listing.sorted {
            let a = $0.word.unicodeScalars.dropFirst()
            let b = $1.word.unicodeScalars.dropFirst()
            return a.elementsEqual(b)
                ? utf8Less($0.word, $1.word) : a.lexicographicallyPrecedes(b) { $0.value < $1.value }
        }
        let words = writeListing("words", listing, key: { $0 }, into: &output)
        let tails = writeListing(
            "tails", byTail, key: { String(String.UnicodeScalarView($0.unicodeScalars.dropFirst())) }, into: &output)

        // Each record's row, by number: in the `records/` files, and beside the first pages that
        // name them (answers, one-letter heads), made on all cores.
        let rows = Cores.map(order.count) { n in
            var bytes: [UInt8] = []
            JSONWriter.write(.array(row(order[n])), scriptSafe: true, into: &bytes)
            return bytes
        }
        if head != nil { output.heads = postings.prefixes.count }
        let heads = head.map {
            writeHeads(postings.prefixes, head: $0, order: order, index: index, rows: rows, into: &output)
        }

        // Answers: the first page of each text that would load too many postings.
        var answerPages: (top: [(String, String)], depth: Int) = ([], 1)
        if let answers {
            let numbers = numbering(order, count: index.records.count)
            answerPages = writeAnswers(
                answers, index: index, order: order, numbers: numbers, wordShard: wordShard, shardBytes: shardBytes,
                rows: rows,
                into: &output)
        }

        writeRecords(rows, into: &output)
        let scopeEntries = writeScopes(scopes, order: order, into: &output)

        var manifest: [String: JSONValue] = [
            "base": .string(base),
            "count": .number(Double(order.count)),
            "bucket": .number(Double(bucket)),
            "fields": .array(fields.map(JSONValue.string)),
            "words": .array(words.map { .array([.string($0.0), .string($0.1)]) }),
            "tails": .array(tails.map { .array([.string($0.0), .string($0.1)]) }),
            "scopes": .array(scopeEntries),
            "headLength": .number(head == nil ? 0 : Double(Self.headLength)),
        ]
        if let heads {
            // The heads' files (by first letter), so the page asks only for a file that exists,
            // and the longest prefixes whose heads are in them.
            manifest["heads"] = .array(heads.map(JSONValue.string))
            manifest["letterHeadLength"] = .number(Double(Self.letterHeadLength))
        }
        if answers != nil {
            manifest["answers"] = .array(answerPages.top.map { .array([.string($0.0), .string($0.1)]) })
            manifest["answerLevels"] = .number(Double(answerPages.depth))
            // How many of an answer's first hits come with its rows file: the page draws no more
            // before the first paint.
            manifest["answerRows"] = .number(Double(Self.answerRowsShown))
        }
        // The index's own settings (its custom ranking…) with these members, which win a clash.
        output.manifest = .object(settings.merging(manifest) { _, common in common })
        return output
    }

    /// How the answer shards' list is paged (`answers/pages/`, `pages2/`…).
    var answerPages = PageLevels()

    func path(of kind: String, _ slug: String) -> String {
        SiteLayout.clientIndexFile(index, kind: kind, slug: slug)
    }

    /// Each record's number (its place in `order`), -1 for records not in it.
    func numbering(_ order: [Int32], count: Int) -> [Int32] {
        var number = [Int32](repeating: -1, count: count)
        for (n, record) in order.enumerated() { number[Int(record)] = Int32(n) }
        return number
    }

    /// The rows of the records numbered `numbers` (each once, in number order) as a script named
    /// `<kind>/<name>`: `typeaheadIndex("…", [\n[number,<row…>],\n…]);`, so that the first pages
    /// they belong to need no `records/` file. Empty when there are none.
    func rowsScript(_ kind: String, _ name: String, _ numbers: [Int32], _ rows: [[UInt8]]) -> [UInt8] {
        let wanted = Set(numbers).sorted()
        guard !wanted.isEmpty else { return [] }
        var lines: [UInt8] = []
        for number in wanted {
            lines += "[\(number),".utf8
            lines += rows[Int(number)].dropFirst()
            lines += ",\n".utf8
        }
        return script(kind, name, lines)
    }

    /// `typeaheadIndex("data/<index>/<kind>/<slug>", [\n<lines>]);`
    func script(_ kind: String, _ slug: String, _ lines: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = Array("typeaheadIndex(".utf8)
        JSONWriter.writeString("\(base)\(kind)/\(slug)", scriptSafe: true, into: &bytes)
        bytes += ", [\n".utf8
        bytes += lines
        bytes += "]);\n".utf8
        return bytes
    }

    static func append(_ number: Int32, to bytes: inout [UInt8]) {
        bytes += String(number).utf8
    }
}
