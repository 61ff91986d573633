import Foundation
import TypeaheadEngine
import TypeaheadModel

/// The products' precomputed answers of the site an incremental build replaces
/// (`data/products/answers/<slug>.js`, docs/CLIENT-INDEX.md), each line as it was written, and
/// which texts the build may keep: those none of the changed products matches (the answers' walk
/// then does not rank them). Only when the records keep their numbers (no product added or
/// removed, no custom ranking value changed), since a line names records by number.
///
/// A text the changed products match as they did, each ranking by itself as it did (its textual
/// criteria and placed typos: `RecordStanding`; for a relaxed answer, at each step of making words
/// optional), keeps its line too: a price, a picture or words the text does not reach edited.
///
/// A text a changed product matches, as it was or as it is, is ranked among its previous first
/// page and the changed products that match it now, when none of the changed products was on that
/// page (or the page held every hit): the other records and their criteria are as they were, so
/// none of those below the page can rise onto it. Its hit count is the previous one, less the
/// changed products that matched, plus those that match now.
struct PreviousAnswers: Sendable {
    /// By text: the line (with its newline), its record numbers, its hit count, and whether words
    /// were made optional to find its hits.
    let lines: [ByteKey: (line: [UInt8], numbers: [Int32], nbHits: Int, relaxed: Bool)]
    /// The changed products, as they were and as they are, each set in an engine of its own.
    let changed: [SearchEngine]
    /// The words their adjacent words make (`IncrementalPlan.swayed`).
    let joins: Set<[UInt32]>
    /// The previous site's heads (the first page of each short word prefix, `ShardedIndex.writeHeads`),
    /// by prefix: its hit count and record numbers.
    var heads: Heads = [:]

    /// Each head's hit count and record numbers, by prefix (`heads`).
    typealias Heads = [String: (nbHits: Int, numbers: [Int32])]

    /// The previous head of `prefix` when this build's would be the same (nil: rank it): no
    /// changed product matches the prefix, as it was or as it is, or each matches it ranking by
    /// itself as it did (at every step of making words optional, should one be made). As with the
    /// answers' lines, the other records and every custom ranking value are as they were.
    func head(_ prefix: String) -> (nbHits: Int, numbers: [Int32])? {
        guard let previous = heads[prefix], changed.count == 2, !IncrementalPlan.swayed(prefix, joins) else {
            return nil
        }
        let steps = standings(prefix, relaxing: true)
        return steps[0] == steps[1] ? previous : nil
    }

    /// How each changed product that matches `text` ranks for it by itself, in each engine (as it
    /// was, as it is): with every word and, `relaxing`, at each step of making words optional.
    private func standings(_ text: String, relaxing: Bool) -> [[[ObjectID: RecordStanding]]] {
        changed.map { engine in
            engine.standings(
                text, relaxing: relaxing, scratch: SearchScratch(vocabularySize: engine.products.vocabularySize))
        }
    }

    /// What the answers' walk may take of the previous answer of `key` (nil: rank it in full):
    /// `record` gives a changed product's record in the index, `records` the record of each number.
    func reuse(_ key: [UInt8], record: (ObjectID) -> Int32?, records: [Int32]) -> PrefixMapReuse? {
        guard let previous = lines[ByteKey(bytes: key)] else { return nil }
        let text = String(decoding: key, as: UTF8.self)
        if IncrementalPlan.swayed(text, joins) { return nil }
        // Each changed product that matches the text, as it was and as it is, and how it ranks
        // by itself, with every word and (a relaxed answer) at each step of making words optional.
        let steps = standings(text, relaxing: previous.relaxed)
        let matching = steps.map { $0[0].keys.compactMap(record).sorted() }
        // The same products match, at each step, each ranking as it did by itself (an edit of what
        // the text does not reach: a price, a picture, words elsewhere). With the other records and
        // every custom ranking value unchanged (`numbered`), the same step finds the same hits in
        // the same order, placed the same: the line is as it was.
        if changed.count == 2, steps[0] == steps[1] { return .kept }
        // A relaxed answer that a changed product matches once words are made optional: in full.
        if previous.relaxed,
            zip(matching, steps).contains(where: { found, steps in
                found.isEmpty && steps.dropFirst().contains { !$0.isEmpty }
            })
        {
            return nil
        }
        if matching.allSatisfy(\.isEmpty) { return .kept }
        // Relaxed answers, and records numbered otherwise (added or removed products), in full.
        guard !previous.relaxed, changed.count == 2, matching[0].count <= previous.nbHits,
            previous.nbHits <= records.count,
            previous.numbers.allSatisfy({ $0 >= 0 && Int($0) < records.count })
        else { return nil }
        let (was, now) = (Set(matching[0]), matching[1])
        let page = previous.numbers.map { records[Int($0)] }
        let complete = page.count == previous.nbHits
        if !complete, page.contains(where: was.contains) { return nil }
        let nbHits = previous.nbHits - was.count + now.count
        guard nbHits > 0 else { return nil }
        return .among(Array(Set(page.filter { !was.contains($0) }).union(now)).sorted(), nbHits: nbHits)
    }

    /// Each answer's line, by text (`lines`).
    typealias Lines = [ByteKey: (line: [UInt8], numbers: [Int32], nbHits: Int, relaxed: Bool)]

    /// The answers' lines of the site at `site` whose files are as the previous build (`state`)
    /// left them; nil when there are none.
    static func readLines(site: String, state: BuildState) -> Lines? {
        let folder = SiteLayout.answersFolder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: site + "/" + folder) else { return nil }
        var lines: Lines = [:]
        for name in names where name.hasSuffix(".js") {
            let path = folder + name
            guard state.unchanged(path, in: site),
                let data = FileManager.default.contents(atPath: site + "/" + path)
            else { continue }
            let rows = [UInt8](data).split(separator: UInt8(ascii: "\n"))
            // The script's first and last lines are its call; each line between is an answer.
            for row in rows.dropFirst().dropLast() {
                guard row.last == UInt8(ascii: ","), let answer = answer(row.dropLast()) else { continue }
                lines[ByteKey(answer.text)] = (
                    Array(row) + [UInt8(ascii: "\n")], answer.numbers, answer.nbHits, answer.relaxed
                )
            }
        }
        return lines
    }

    /// The heads of the site at `site` whose files are as the previous build (`state`) left them:
    /// the lines `["prefix",nbHits,numbers…],` of its `heads/` scripts (a rows line opens with a
    /// number, not a text).
    static func readHeads(site: String, state: BuildState) -> Heads {
        let folder = SiteLayout.clientIndex(.products) + "heads/"
        var heads: Heads = [:]
        for sub in ["", "rows/"] {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: site + "/" + folder + sub) else {
                continue
            }
            for name in names where name.hasSuffix(".js") {
                let path = folder + sub + name
                guard state.unchanged(path, in: site),
                    let data = FileManager.default.contents(atPath: site + "/" + path)
                else { continue }
                for row in [UInt8](data).split(separator: UInt8(ascii: "\n"))
                where row.starts(with: "[\"".utf8) && row.last == UInt8(ascii: ",") {
                    guard case .array(let items)? = try? JSONParser.parse(Array(row.dropLast())), items.count >= 2,
                        let prefix = items[0].stringValue,
                        let nbHits = items[1].numberValue.flatMap({ Int(exactly: $0) })
                    else { continue }
                    let numbers = items.dropFirst(2).compactMap { $0.numberValue.flatMap { Int32(exactly: $0) } }
                    guard numbers.count == items.count - 2 else { continue }
                    heads[prefix] = (nbHits, numbers)
                }
            }
        }
        return heads
    }

    /// An answer's line without its closing comma, `["text",nbHits,[numbers…],[placed…](,optional)]`
    /// (`ShardedIndex.writeAnswers`): its text, record numbers, hit count and whether words were
    /// made optional; nil when it is not one. Read byte by byte when it is as the build writes
    /// it with a text of ASCII letters and no escape (at 100,000 products, parsing each of the
    /// 474,000 lines as JSON took seconds), as JSON otherwise.
    static func answer(_ row: ArraySlice<UInt8>) -> (text: String, numbers: [Int32], nbHits: Int, relaxed: Bool)? {
        if let read = scanned(row) { return read }
        guard case .array(let items)? = try? JSONParser.parse(Array(row)),
            items.count >= 4, let text = items[0].stringValue, case .array(let numbers) = items[2],
            let nbHits = items[1].numberValue.flatMap({ Int(exactly: $0) })
        else { return nil }
        return (text, numbers.compactMap { $0.numberValue.flatMap { Int32(exactly: $0) } }, nbHits, items.count > 4)
    }

    /// The line read byte by byte; nil when any byte is not where the build puts it (the JSON
    /// parser reads it then).
    private static func scanned(_ row: ArraySlice<UInt8>) -> (
        text: String, numbers: [Int32], nbHits: Int, relaxed: Bool
    )? {
        row.withUnsafeBufferPointer { bytes in
            var scanner = LineScanner(bytes: bytes)
            guard scanner.take(UInt8(ascii: "[")), scanner.take(UInt8(ascii: "\"")) else { return nil }
            let start = scanner.at
            while scanner.at < bytes.count {
                let byte = bytes[scanner.at]
                guard byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20, byte < 0x80 else { break }
                scanner.at += 1
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<scanner.at]), as: UTF8.self)
            var found: [Int32] = []
            guard scanner.take(UInt8(ascii: "\"")), scanner.take(UInt8(ascii: ",")), let nbHits = scanner.number(),
                scanner.take(UInt8(ascii: ",")), scanner.numbers(into: &found), scanner.take(UInt8(ascii: ",")),
                scanner.numbers(into: nil)
            else { return nil }
            let relaxed = scanner.take(UInt8(ascii: ","))
            guard !relaxed || scanner.number() != nil, scanner.take(UInt8(ascii: "]")), scanner.at == bytes.count else {
                return nil
            }
            return (text, found, nbHits, relaxed)
        }
    }

    /// Reads an answer's line: bytes, numbers, lists of numbers.
    private struct LineScanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var at = 0

        /// Steps over `byte` when it is next.
        mutating func take(_ byte: UInt8) -> Bool {
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
            return true
        }

        /// A number of nine digits at most (a record number is an Int32), without a leading zero
        /// but "0" itself.
        mutating func number() -> Int? {
            let start = at
            var value = 0
            while at < bytes.count, bytes[at] &- UInt8(ascii: "0") < 10, at - start < 9 {
                value = value * 10 + Int(bytes[at] &- UInt8(ascii: "0"))
                at += 1
            }
            guard at > start, at == bytes.count || bytes[at] &- UInt8(ascii: "0") >= 10,
                bytes[start] != UInt8(ascii: "0") || at - start == 1
            else { return nil }
            return value
        }

        /// `[n,n,…]`, its numbers appended to `list` (when one is given).
        mutating func numbers(into list: UnsafeMutablePointer<[Int32]>?) -> Bool {
            guard take(UInt8(ascii: "[")) else { return false }
            if take(UInt8(ascii: "]")) { return true }
            repeat {
                guard let value = number() else { return false }
                list?.pointee.append(Int32(value))
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]"))
        }
    }
}

extension SearchEngine {
    /// Each product's standing for `text` (`SearchIndex.standings`), by objectID: the same product
    /// in two engines (as it was, as it is) is compared by it.
    /// `forced`: the splits the whole catalogue chooses for some words (`QueryLanguage.forcedSplits`).
    func standings(
        _ text: String, relaxing: Bool, scratch: SearchScratch, forced: [[UInt32]: [[UInt32]]] = [:]
    ) -> [[ObjectID: RecordStanding]] {
        // Copied only when some split is given (a copy retains each of the index's arrays).
        let steps: [[Int: RecordStanding]]
        if forced.isEmpty {
            steps = products.standings(text, relaxing: relaxing, scratch: scratch)
        } else {
            var index = products
            index.language.forcedSplits = forced
            steps = index.standings(text, relaxing: relaxing, scratch: scratch)
        }
        return steps.map { step in
            step.isEmpty
                ? [:] : Dictionary(uniqueKeysWithValues: step.map { (content.products[$0.key].objectID, $0.value) })
        }
    }
}
