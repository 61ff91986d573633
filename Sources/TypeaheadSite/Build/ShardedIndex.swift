import Dispatch
import Synchronization
import TypeaheadEngine
import TypeaheadModel

/// The page's client index of one engine index (products or suggestions), sharded so that a typed
/// text loads only what it needs, as classic scripts that register themselves
/// (`typeaheadIndex(name, payload)`, so they load from `file://`). Under `data/<index>/`:
///
/// - `words/<slug>.js`: the vocabulary in code-point order, `["word","<postings slug>"]` a line;
/// - `tails/<slug>.js`: the same words ordered by their text after the first letter (for a long
///   query word with a typo on its first letter, which must match the rest of the word);
/// - `postings/<slug>.js`: consecutive words with their postings, `["word",[…]]` a line, each record
///   `Δnumber, 2 × count + sole, attribute, position, …` (see `SearchIndex.forEachWordPostings`);
/// - `records/<n>.js`: what the page shows of records `n × bucket` … `(n + 1) × bucket − 1`, one
///   array a line named by the manifest's `fields`;
/// - `scopes/<slug>.js`: the numbers of the records in a configured scope, as differences;
/// - `heads/<hex>.js` (products): for every word prefix of one to three letters, the one-word
///   query's hit count and first page (record numbers), `["prefix",nbHits,numbers…]` a line: those
///   of one and two letters in files named by the prefix's first letter in hex (the manifest's
///   `heads` lists them), those of three in the rows file of their first two (below): the answer
///   to the first letters typed (the most common texts, and those whose postings are the largest)
///   from a file of a few kilobytes;
/// - `answers/<slug>.js` (products): precomputed first pages (`Answers`), and `answers/pages/`
///   (with `pages2/`… above it in a large index);
/// - the rows of the first pages these hold (`[number,<row…>]` a line, each record once), so that
///   such a first page shows without its twenty-odd `records/` files: a heads file opens with its
///   letter's (a script named `heads/<hex>/rows`); a longer prefix's are `heads/rows/<hex>.js`,
///   loaded once its head is found (a two-letter prefix's opens with the heads of three letters it
///   starts, a script named `heads/<hex>`); an answers shard's are `answers/rows/<slug>.js`, loaded only
///   when the shard has the typed text (a text without an answer pays for none).
///
/// Records are numbered by custom ranking (then objectID), so a record's number is its custom rank
/// and the most popular records share the first buckets. The manifest, embedded in `index.html`,
/// names the first key of every listing shard and the scope files. Listing and postings shards end
/// at content-defined boundaries (as prefix-map shards do), so one changed word moves few of them.
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
        index: SearchIndex, order: [Int32], row: (Int32) -> [JSONValue], scopes: [(Scope, [Bool])],
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
        // name them (answers, one-letter heads).
        let rows = order.map { record in
            var bytes: [UInt8] = []
            JSONWriter.write(.array(row(record)), scriptSafe: true, into: &bytes)
            return bytes
        }
        let heads = head.map {
            writeHeads(postings.prefixes, head: $0, order: order, index: index, rows: rows, into: &output)
        }

        // Answers: the first page of each text that would load too many postings.
        var answerPages: [(String, String)] = []
        if let answers {
            let numbers = numbering(order, count: index.records.count)
            answerPages = writeAnswers(
                answers, numbers: numbers, wordShard: wordShard, shardBytes: shardBytes, rows: rows, into: &output)
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
        // The heads' files (by first letter), so the page asks only for a file that exists.
        if let heads { manifest["heads"] = .array(heads.map(JSONValue.string)) }
        if answers != nil { manifest["answers"] = .array(answerPages.map { .array([.string($0.0), .string($0.1)]) }) }
        // The index's own settings (its custom ranking…) with these members, which win a clash.
        output.manifest = .object(settings.merging(manifest) { _, common in common })
        return output
    }

    /// The postings shards, in word order (`postings/<slug>.js`): each word's records (by number
    /// in `order`) and its occurrences in each. Returns each word's shard (by vocabulary id; -1 in
    /// no record), each shard's size, the words with their shard, and (when asked) every prefix of
    /// up to `headLength` letters of a word.
    private func writePostings(
        index: SearchIndex, order: [Int32], collectPrefixes: Bool, into output: inout Output
    ) -> (wordShard: [Int32], shardBytes: [Int], listing: [(word: String, postings: String)], prefixes: Set<String>) {
        var wordShard = [Int32](repeating: -1, count: index.vocabularySize)
        var shardBytes: [Int] = []
        var shardIDs: [Int] = []
        var listing: [(word: String, postings: String)] = []
        var prefixes = Set<String>()

        var lines: [UInt8] = []
        var shardWords: [String] = []
        func flushPostings() {
            guard let first = shardWords.first else { return }
            let slug = Slug.make(first)
            let bytes = script("postings", slug, lines)
            output.add(path(of: "postings", slug), bytes)
            for word in shardWords { listing.append((word, slug)) }
            for id in shardIDs { wordShard[id] = Int32(shardBytes.count) }
            shardBytes.append(bytes.count)
            lines = []
            shardWords = []
            shardIDs = []
        }
        index.forEachWordPostings(order: order) { id, word, flat in
            if collectPrefixes {
                var prefix = ""
                for scalar in word.unicodeScalars.prefix(Self.headLength) {
                    prefix.unicodeScalars.append(scalar)
                    prefixes.insert(prefix)
                }
            }
            let line = Self.postingsLine(word, flat)
            if !shardWords.isEmpty,
                (lines.count >= Self.postingsMinimumBytes && PrefixMapFiles.isAnchor(Array(word.utf8)))
                    || lines.count + line.count > Self.postingsMaximumBytes
            {
                flushPostings()
            }
            shardWords.append(word)
            shardIDs.append(id)
            lines += line
        }
        flushPostings()
        return (wordShard, shardBytes, listing, prefixes)
    }

    /// One word's line of a postings shard: `["word",[Δnumber,count×2+…,…]],`.
    private static func postingsLine(_ word: String, _ flat: [Int32]) -> [UInt8] {
        var line: [UInt8] = [UInt8(ascii: "[")]
        JSONWriter.writeString(word, scriptSafe: true, into: &line)
        line += ",[".utf8
        var previous: Int32 = 0
        var i = 0
        while i < flat.count {
            let count = Int(flat[i + 1] / 2)
            if i > 0 { line.append(UInt8(ascii: ",")) }
            Self.append(flat[i] - previous, to: &line)
            previous = flat[i]
            for cell in flat[(i + 1)..<(i + 2 + 2 * count)] {
                line.append(UInt8(ascii: ","))
                Self.append(cell, to: &line)
            }
            i += 2 + 2 * count
        }
        line += "]],\n".utf8
        return line
    }

    /// Heads: the first page and hit count of every short word prefix, in files by their first
    /// letter (a few dozen files, each bounded by the square of the alphabet).
    private func writeHeads(
        _ prefixes: Set<String>, head: @Sendable (String) -> (nbHits: Int, records: [Int32]), order: [Int32],
        index: SearchIndex, rows: [[UInt8]], into output: inout Output
    ) -> [String] {
        let number = numbering(order, count: index.records.count)
        let sorted = prefixes.sorted(by: utf8Less)
        let answers = Mutex([(line: [UInt8], numbers: [Int32])](repeating: ([], []), count: sorted.count))
        let numbers = number
        DispatchQueue.concurrentPerform(iterations: sorted.count) { i in
            let (nbHits, records) = head(sorted[i])
            let page = records.map { numbers[Int($0)] }
            var line: [UInt8] = [UInt8(ascii: "[")]
            JSONWriter.writeString(sorted[i], scriptSafe: true, into: &line)
            for value in [nbHits] + page.map(Int.init) { line += ",\(value)".utf8 }
            line += "],\n".utf8
            answers.withLock { $0[i] = (line, page) }
        }
        let lines = answers.withLock { $0 }
        // A group's first prefix is its letter: the first keystroke's answer, whose rows open the
        // file (`<file>/rows`, first, so that they are there when the heads' script tells who waits).
        var group: (name: String, lines: [UInt8], letter: [Int32])?
        var names: [String] = []
        func flush() {
            guard let done = group else { return }
            let slug = done.name
            output.add(
                path(of: "heads", slug),
                rowsScript("heads", slug + "/rows", done.letter, rows) + script("heads", slug, done.lines))
        }
        // Past the first letter, a prefix's rows are a file of their own (`rows/<hex>.js`), loaded
        // once its head is found: its first page from one file, not from up to twenty `records/`.
        // A two-letter prefix's file opens with the heads of the three-letter prefixes it starts
        // (a script named `<hex>`; its rows come last, as in a letter's file), which the second
        // keystroke brings along for the third: a letter's file holds the heads of one and two
        // letters only (at 100,000 products the three-letter heads were two thirds of it).
        for (i, (prefix, line)) in zip(sorted, lines).enumerated()
        where prefix.unicodeScalars.count > 1 && !line.numbers.isEmpty {
            var longer: [UInt8] = []
            var j = i + 1
            // Sorted by their bytes, the prefixes a prefix starts follow it.
            while j < sorted.count && sorted[j].utf8.starts(with: prefix.utf8) {
                if sorted[j].unicodeScalars.count == prefix.unicodeScalars.count + 1 { longer += lines[j].line }
                j += 1
            }
            let slug = "rows/" + Self.hex(prefix)
            output.add(
                path(of: "heads", slug),
                (longer.isEmpty ? [] : script("heads", Self.hex(prefix), longer))
                    + rowsScript("heads", slug, line.numbers, rows))
        }
        for (prefix, line) in zip(sorted, lines) where prefix.unicodeScalars.count <= Self.letterHeadLength {
            let name = Self.hex(String(String.UnicodeScalarView(prefix.unicodeScalars.prefix(1))))
            if group?.name != name {
                flush()
                group = (name, [], prefix.unicodeScalars.count == 1 ? line.numbers : [])
                names.append(name)
            }
            group!.lines += line.line
        }
        flush()
        return names
    }

    /// Record rows (by number), `bucket` a file (`records/<n>.js`).
    private func writeRecords(_ rows: [[UInt8]], into output: inout Output) {
        for start in stride(from: 0, to: rows.count, by: bucket) {
            var lines: [UInt8] = []
            for row in rows[start..<min(start + bucket, rows.count)] {
                lines += row
                lines += ",\n".utf8
            }
            output.add(path(of: "records", String(start / bucket)), script("records", String(start / bucket), lines))
        }
    }

    /// The rows of the records numbered `numbers` (each once, in number order) as a script named
    /// `<kind>/<name>`: `typeaheadIndex("…", [\n[number,<row…>],\n…]);`, so that the first pages
    /// they belong to need no `records/` file. Empty when there are none.
    fileprivate func rowsScript(_ kind: String, _ name: String, _ numbers: [Int32], _ rows: [[UInt8]]) -> [UInt8] {
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

    /// Each scope's members, as gaps between their numbers (`scopes/<slug>.js`); returns the
    /// manifest's entries.
    private func writeScopes(_ scopes: [(Scope, [Bool])], order: [Int32], into output: inout Output) -> [JSONValue] {
        var scopeEntries: [JSONValue] = []
        for (scope, members) in scopes {
            let slug = SiteLayout.scopeSlug(scope)
            var lines: [UInt8] = []
            var previous: Int32 = 0
            for (number, record) in order.enumerated() where members[Int(record)] {
                if !lines.isEmpty { lines.append(UInt8(ascii: ",")) }
                Self.append(Int32(number) - previous, to: &lines)
                previous = Int32(number)
            }
            output.add(path(of: "scopes", slug), script("scopes", slug, lines + [UInt8(ascii: "\n")]))
            scopeEntries.append(.array([.string(scope.attribute), .string(scope.value), .string(slug)]))
        }
        return scopeEntries
    }

    /// Writes one listing in shards; returns each shard's first key and slug.
    private func writeListing(
        _ kind: String, _ entries: [(word: String, postings: String)], key: (String) -> String,
        into output: inout Output
    ) -> [(String, String)] {
        var manifest: [(String, String)] = []
        var lines: [UInt8] = []
        var first: (key: String, word: String)?
        func flush() {
            guard let shard = first else { return }
            let slug = Slug.make(shard.word)
            output.add(path(of: kind, slug), script(kind, slug, lines))
            manifest.append((shard.key, slug))
            lines = []
            first = nil
        }
        for entry in entries {
            var line: [UInt8] = [UInt8(ascii: "[")]
            JSONWriter.writeString(entry.word, scriptSafe: true, into: &line)
            line.append(UInt8(ascii: ","))
            JSONWriter.writeString(entry.postings, scriptSafe: true, into: &line)
            line += "],\n".utf8
            if first != nil,
                (lines.count >= Self.listingMinimumBytes && PrefixMapFiles.isAnchor(Array(entry.word.utf8)))
                    || lines.count + line.count > Self.listingMaximumBytes
            {
                flush()
            }
            if first == nil { first = (key(entry.word), entry.word) }
            lines += line
        }
        flush()
        return manifest
    }

    func path(of kind: String, _ slug: String) -> String {
        SiteLayout.clientIndexFile(index, kind: kind, slug: slug)
    }

    /// Each record's number (its place in `order`), -1 for records not in it.
    private func numbering(_ order: [Int32], count: Int) -> [Int32] {
        var number = [Int32](repeating: -1, count: count)
        for (n, record) in order.enumerated() { number[Int(record)] = Int32(n) }
        return number
    }

    /// Precomputed first pages for the texts a shopper types on the way to a suggestion (the keys
    /// of the unscoped prefix map) whose answer the page would otherwise compute from more than
    /// `budget` bytes of postings: a text of two common words needs the postings of every record
    /// holding them, which grow with the catalogue; its answer is one short line.
    struct Answers {
        /// Postings bytes (whole shards, as the page loads them) above which a text is answered here.
        var budget: Int
        /// Visits every key of the unscoped prefix map in order with the products query's first
        /// page, hit count, placed typos and matched words (`PrefixMapBuilder` over the products),
        /// ranking only the keys `wanted` accepts.
        var walk:
            (
                _ wanted: @escaping @Sendable (_ key: [UInt8], _ matched: [[Range<Int>]]) -> Bool,
                _ visit: (PrefixMapEntry) -> Void
            ) -> Void
    }

    /// A hit's placed typo counts, one per query word, as one number: Σ typosᵢ × 4ⁱ (the page
    /// decodes it in `highlightPlaced`).
    static func placedCode(_ typos: [UInt8]) -> Int {
        typos.reversed().reduce(0) { $0 * 4 + Int($1) }
    }

    // Small, as a text without an answer still loads its page and shard to learn so, and a text
    // with one loads the rows of every answer in the shard.
    static let answerShardMinimumBytes = 1024
    static let answerShardMaximumBytes = 4 * 1024
    /// Whether an answer's text may start a shard: one in eight (its hash's last three bits zero),
    /// so that shards of a few lines end at their content, not at their maximum.
    static func isAnswerAnchor(_ text: String) -> Bool {
        FNV1a.hash64(Array(text.utf8)) & 7 == 0
    }

    /// How the answer shards' list is paged (`answers/pages/`, `pages2/`…).
    var answerPages = PageLevels()

    /// Writes `answers/<slug>.js` (`["text",nbHits,[numbers…],[placed…]]` a line, `placed` being
    /// Σ typosᵢ × 4ⁱ over the query words) and `answers/pages/<slug>.js` (each answer shard's first
    /// text and slug); returns each page's first text and slug, for the manifest.
    private func writeAnswers(
        _ answers: Answers, numbers: [Int32], wordShard: [Int32], shardBytes: [Int], rows: [[UInt8]],
        into output: inout Output
    ) -> [(String, String)] {
        let postings = PostingsCost(wordShard: wordShard, shardBytes: shardBytes)
        var shards = AnswerShards()
        let budget = answers.budget
        // A one-word text of up to `headLength` letters has its head; a longer one is always
        // answered (958 of the sample's 5,671 answers: computed in the page, it waited for the
        // listings, the postings and twenty `records/` files, the slowest keystrokes at CPU 4x);
        // several words, above the budget.
        answers.walk({ key, matched in
            key.contains(0x20)
                ? postings.cost(matched) > budget
                : String(decoding: key, as: UTF8.self).unicodeScalars.count > Self.headLength
        }) { entry in
            guard !entry.keyBytes.isEmpty else { return }
            let text = entry.key
            var line: [UInt8] = [UInt8(ascii: "[")]
            JSONWriter.writeString(text, scriptSafe: true, into: &line)
            line += ",\(entry.nbHits),[".utf8
            line += entry.suggestions.map { String(numbers[Int($0)]) }.joined(separator: ",").utf8
            line += "],[".utf8
            line +=
                entry.placed.map { String(Self.placedCode($0)) }.joined(separator: ",").utf8
            line += "]],\n".utf8
            // Keys come in order: each shard is written as soon as it is cut.
            shards.add(text, line, entry.suggestions.map { numbers[Int($0)] }, index: self, rows: rows, into: &output)
        }
        return shards.finish(index: self, rows: rows, levels: answerPages, into: &output)
    }

    /// The answer lines, in text order, cut into shards (`answers/<slug>.js`, a content-defined cut
    /// as the other shards) as they come, and the list of shards in `answerPages`.
    private struct AnswerShards {
        var shards: [(String, String)] = []
        var current: [UInt8] = []
        var shown: [Int32] = []
        var first: String?

        mutating func add(
            _ text: String, _ line: [UInt8], _ numbers: [Int32], index: ShardedIndex, rows: [[UInt8]],
            into output: inout Output
        ) {
            if first != nil,
                (current.count >= ShardedIndex.answerShardMinimumBytes && ShardedIndex.isAnswerAnchor(text))
                    || current.count + line.count > ShardedIndex.answerShardMaximumBytes
            {
                flush(index: index, rows: rows, into: &output)
            }
            if first == nil { first = text }
            current += line
            shown += numbers
        }

        private mutating func flush(index: ShardedIndex, rows: [[UInt8]], into output: inout Output) {
            guard let text = first else { return }
            let slug = Slug.make(text)
            output.add(index.path(of: "answers", slug), index.script("answers", slug, current))
            let hits = index.rowsScript("answers", "rows/" + slug, shown, rows)
            if !hits.isEmpty { output.add(index.path(of: "answers", "rows/" + slug), hits) }
            shards.append((text, slug))
            current = []
            shown = []
            first = nil
        }

        /// Writes the last shard and the shards' list in `PageLevels` (`pages/<slug>.js`,
        /// `pages2/`… above); returns the top level's first texts and slugs, for the manifest,
        /// which every visit loads (at 100,000 products, the list of 215 pages of 64 shards was
        /// 4.4 KB of site.js's 7.8 KB gzipped before pages had levels).
        mutating func finish(
            index: ShardedIndex, rows: [[UInt8]], levels: PageLevels, into output: inout Output
        ) -> [(String, String)] {
            flush(index: index, rows: rows, into: &output)
            return levels.build(shards.map { (firstKey: $0.0, file: $0.1) }) { depth, page in
                let slug = PageLevels.folder(depth) + "/" + Slug.make(page.first!.firstKey)
                output.add(index.path(of: "answers", slug), index.script("answers", slug, PageLevels.lines(page)))
                return slug
            }.map { ($0.firstKey, $0.file) }
        }
    }

    /// The bytes of postings shards the page would load to answer a text from its matched words:
    /// every shard a matched range of word ids falls in, each once.
    struct PostingsCost: Sendable {
        /// The first word id of each shard, to find the shards a range of ids falls in.
        let starts: [Int]
        let shardBytes: [Int]

        init(wordShard: [Int32], shardBytes: [Int]) {
            var firstID = [Int](repeating: Int.max, count: shardBytes.count)
            for (id, shard) in wordShard.enumerated() where shard >= 0 && firstID[Int(shard)] == .max {
                firstID[Int(shard)] = id
            }
            starts = firstID
            self.shardBytes = shardBytes
        }

        func shard(containing id: Int) -> Int {
            var low = 0
            var high = starts.count
            while low < high {
                let mid = (low + high) / 2
                if starts[mid] <= id { low = mid + 1 } else { high = mid }
            }
            return low - 1
        }

        func cost(_ matched: [[Range<Int>]]) -> Int {
            var spans: [ClosedRange<Int>] = []
            for ranges in matched {
                for range in ranges where !range.isEmpty {
                    let first = max(shard(containing: range.lowerBound), 0)
                    let last = shard(containing: range.upperBound - 1)
                    if last >= first { spans.append(first...last) }
                }
            }
            spans.sort { $0.lowerBound < $1.lowerBound }
            var total = 0
            var covered = -1
            for span in spans where span.upperBound > covered {
                for s in max(span.lowerBound, covered + 1)...span.upperBound { total += shardBytes[s] }
                covered = span.upperBound
            }
            return total
        }
    }

    /// Word prefixes up to this many letters get a head (below four letters no typo is allowed, so
    /// the candidate words of such a one-word query are exactly the words with that prefix).
    static let headLength = 3
    /// The longest prefixes whose heads are in their letter's file; a longer one's head is in the
    /// rows file of the prefix one letter shorter (`findHead` in typeahead-index.js).
    static let letterHeadLength = 2

    /// A head's file name: the prefix's UTF-8 bytes in lower-case hex (the page computes it too).
    static func hex(_ text: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var name: [UInt8] = []
        for byte in text.utf8 {
            name.append(digits[Int(byte >> 4)])
            name.append(digits[Int(byte & 15)])
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// `typeaheadIndex("data/<index>/<kind>/<slug>", [\n<lines>]);`
    fileprivate func script(_ kind: String, _ slug: String, _ lines: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = Array("typeaheadIndex(".utf8)
        JSONWriter.writeString("\(base)\(kind)/\(slug)", scriptSafe: true, into: &bytes)
        bytes += ", [\n".utf8
        bytes += lines
        bytes += "]);\n".utf8
        return bytes
    }

    private static func append(_ number: Int32, to bytes: inout [UInt8]) {
        bytes += String(number).utf8
    }
}

extension ShardedIndex {
    /// The products' client index: rows `[objectID, slug, price, image, name, brand, [custom ranking
    /// values]]` (the last for `typeahead diff`, which names the criteria that changed). `image` is
    /// the card's picture `[path from the site root, width, height]`, a URL (`"remoteImages":
    /// "link"`), or null for the placeholder.
    static func products(
        into sink: any SiteSink, engine: SearchEngine, productSlugs: [ObjectID: String], images: SiteImages,
        answerPages: PageLevels = PageLevels()
    ) -> Output {
        let content = engine.content
        let index = ShardedIndex(
            index: .products, bucket: 16,
            fields: ["objectID", "slug", "price", "image", "name", "brand", "customRanking"],
            answerPages: answerPages)
        let ranking = content.config.ranking
        return index.write(
            into: sink, index: engine.products, order: engine.products.recordsInRankOrder(),
            row: { record in
                let product = content.products[Int(record)]
                return [
                    .string(product.objectID.text), .string(productSlugs[product.objectID]!),
                    product.price.map(JSONValue.number) ?? .null,
                    clientPicture(images.picture(product)),
                    .string(product.name), product.brand.map(JSONValue.string) ?? .null,
                    .array(ranking.key(product.attributes).map { $0.map(JSONValue.number) ?? .null }),
                ]
            },
            scopes: content.config.scopes.map { ($0, engine.allowed(.products, $0)) },
            settings: [
                "customRanking": .array(content.config.customRanking.map { .string($0.description) }),
                "hitsPerPage": .number(Double(content.config.hitsPerPage)),
                "currency": .string(content.config.currency),
            ],
            head: { prefix in
                let page = engine.search(
                    SearchRequest(index: .products, query: prefix, attributesToHighlight: []))
                return (page.nbHits, page.hits.map { Int32($0.record) })
            },
            answers: Answers(budget: content.config.answersAbove) { wanted, visit in
                PrefixMapBuilder(engine: engine, perKey: content.config.hitsPerPage, ranking: .products)
                    .build(scope: nil, wanted: wanted, visit: visit)
            })
    }

    private static func clientPicture(_ picture: ProductPicture?) -> JSONValue {
        switch picture {
        case nil: return .null
        case .link(let url): return PageData.safeURL(url).map(JSONValue.string) ?? .null
        case .local(let thumb, _):
            return .array([.string(thumb.path), .number(Double(thumb.width)), .number(Double(thumb.height))])
        }
    }

    /// The suggestions' client index, over the suggestions `offered`: rows `[objectID, query,
    /// popularity]`; each scope lists the suggestions offered in it.
    static func suggestions(
        into sink: any SiteSink, engine: SearchEngine, offered: [Bool], scopes: [(Scope, [Bool])]
    ) -> Output {
        let content = engine.content
        let index = ShardedIndex(index: .suggestions, bucket: 64, fields: ["objectID", "query", "popularity"])
        return index.write(
            into: sink, index: engine.suggestions,
            order: engine.suggestions.recordsInRankOrder(including: offered),
            row: { record in
                let suggestion = content.suggestions[Int(record)]
                return [.string(suggestion.objectID.text), .string(suggestion.query), .number(suggestion.popularity)]
            },
            scopes: scopes)
    }
}
