import TypeaheadEngine
import TypeaheadModel

// The products' precomputed answers (`answers/<slug>.js`, `answers/rows/`, `answers/pages…/`).
extension ShardedIndex {

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
                _ reuse: (@Sendable (_ key: [UInt8]) -> PrefixMapReuse?)?,
                _ visit: (PrefixMapEntry) -> Void
            ) -> Void
        /// The previous site's answers an incremental build keeps (nil: a clean build).
        var previous: PreviousAnswers? = nil
        /// Answers `typeahead check` asked of the engine directly, for its byte proof's build.
        var asked: AskedAnswers? = nil
    }

    /// A hit's placed typo counts, one per query word, as one number: Σ typosᵢ × 4ⁱ (the page
    /// decodes it in `highlightPlaced`).
    /// A word a hit does not match (an optional word) is written as 3.
    static func placedCode(_ typos: [UInt8]) -> Int {
        typos.reversed().reduce(0) { $0 * 4 + Int(min($1, 3)) }
    }

    /// The words made optional, as bits (word `i` is bit `i`).
    static func optionalCode(_ optional: [Bool]) -> Int {
        optional.enumerated().reduce(0) { $0 | ($1.element ? 1 << $1.offset : 0) }
    }

    /// Whether a text of several words ends in a word of one character (`galaxy s`, `usb c`): its
    /// last word is the prefix of a large share of the vocabulary, so the page would load and
    /// merge the postings of every word it begins (under the budget on a small catalogue, yet the
    /// slowest keystrokes at CPU 4x), while its answer is one short line.
    static func endsInOneCharacter(_ key: [UInt8]) -> Bool {
        guard let space = key.lastIndex(of: 0x20), space + 1 < key.count else { return false }
        return key[(space + 2)...].allSatisfy { $0 & 0xC0 == 0x80 }
    }

    // Small, as a text without an answer still loads its page and shard to learn so, and a text
    // with one loads the rows of every answer in the shard.
    static let answerShardMinimumBytes = 1024
    /// How many of an answer's first hits have their rows in its shard's rows file (the manifest's
    /// `answerRows`): the cards a first screen shows up to 960 px tall (a card is at least 80 px:
    /// `cardsOnScreen` in typeahead-page.js). The page draws at most these before the first paint
    /// and loads the others' rows from `records/` once they have painted. All twenty were 20 % of
    /// a site's bytes at 30,000 products, the same rows written again in shard after shard; twelve
    /// are 64 % of them.
    static let answerRowsShown = 12
    static let answerShardMaximumBytes = 4 * 1024
    /// Whether an answer's text may start a shard: one in eight (its hash's last three bits zero),
    /// so that shards of a few lines end at their content, not at their maximum.
    static func isAnswerAnchor(_ text: String) -> Bool {
        FNV1a.hash64(Array(text.utf8)) & 7 == 0
    }

    /// Writes `answers/<slug>.js` (`["text",nbHits,[numbers…],[placed…]]` a line, `placed` being
    /// Σ typosᵢ × 4ⁱ over the query words) and `answers/pages/<slug>.js` (each answer shard's first
    /// text and slug); returns each page's first text and slug, for the manifest.
    func writeAnswers(
        _ answers: Answers, index: SearchIndex, order: [Int32], numbers: [Int32], wordShard: [Int32],
        shardBytes: [Int], rows: [[UInt8]], into output: inout Output
    ) -> (top: [(String, String)], depth: Int) {
        let postings = PostingsCost(wordShard: wordShard, shardBytes: shardBytes)
        var shards = AnswerShards()
        let budget = answers.budget
        // A one-word text of up to `headLength` letters has its head; a longer one is always
        // answered (958 of the sample's 5,671 answers: computed in the page, it waited for the
        // listings, the postings and twenty `records/` files, the slowest keystrokes at CPU 4x);
        // several words, above the budget, or when the last word is one character.
        let wanted: @Sendable ([UInt8], [[Range<Int>]]) -> Bool = { key, matched in
            key.contains(0x20)
                ? Self.endsInOneCharacter(key) || postings.cost(matched) > budget
                : String(decoding: key, as: UTF8.self).unicodeScalars.count > Self.headLength
        }
        let previous = answers.previous
        var reuse: (@Sendable ([UInt8]) -> PrefixMapReuse?)? = nil
        if let previous {
            // The changed products' records (a number's record is `order`'s).
            let changed = Set(previous.changed.flatMap { $0.content.products.map(\.objectID) })
            let record = Dictionary(
                uniqueKeysWithValues: index.records.indices.filter { changed.contains(index.records[$0].objectID) }.map
                {
                    (index.records[$0].objectID, Int32($0))
                })
            reuse = { previous.reuse($0, record: { record[$0] }, records: order) }
        } else if let asked = answers.asked {
            reuse = { asked.reuse($0, order: order) }
        }
        answers.walk(wanted, reuse) { entry in
            guard !entry.keyBytes.isEmpty else { return }
            let text = entry.key
            if entry.kept, let kept = previous?.lines[ByteKey(bytes: entry.keyBytes)] {
                shards.add(text, kept.line, kept.numbers, index: self, rows: rows, into: &output)
                output.answersKept += 1
                return
            }
            output.answersRanked += 1
            if entry.among { output.answersAmong += 1 }
            if entry.given { output.answersGiven += 1 }
            var line: [UInt8] = [UInt8(ascii: "[")]
            JSONWriter.writeString(text, scriptSafe: true, into: &line)
            line += ",\(entry.nbHits),[".utf8
            line += entry.suggestions.map { String(numbers[Int($0)]) }.joined(separator: ",").utf8
            line += "],[".utf8
            line +=
                entry.placed.map { String(Self.placedCode($0)) }.joined(separator: ",").utf8
            line += "]".utf8
            // Words made optional to find hits (docs/CONTRACT.md, Optional words): their bits.
            if let optional = entry.optionalWords {
                line += ",\(Self.optionalCode(optional))".utf8
            }
            line += "],\n".utf8
            // Keys come in order: each shard is written as soon as it is cut.
            shards.add(text, line, entry.suggestions.map { numbers[Int($0)] }, index: self, rows: rows, into: &output)
        }
        return shards.finish(index: self, rows: rows, levels: answerPages, into: &output)
    }

    /// The answer lines, in text order, cut into shards (`answers/<slug>.js`, a content-defined cut
    /// as the other shards) as they come, and the list of shards in `answerPages`.
    struct AnswerShards {
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
            shown += numbers.prefix(ShardedIndex.answerRowsShown)
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
        ) -> (top: [(String, String)], depth: Int) {
            flush(index: index, rows: rows, into: &output)
            let (top, depth) = levels.build(shards.map { (firstKey: $0.0, file: $0.1) }) { depth, page in
                let slug = PageLevels.folder(depth) + "/" + Slug.make(page.first!.firstKey)
                output.add(index.path(of: "answers", slug), index.script("answers", slug, PageLevels.lines(page)))
                return slug
            }
            return (top.map { ($0.firstKey, $0.file) }, depth)
        }
    }
}
