import Foundation
import TypeaheadEngine
import TypeaheadModel

/// The products' precomputed answers of the site an incremental build replaces
/// (`data/products/answers/<slug>.js`, docs/CLIENT-INDEX.md), each line as it was written, and
/// which texts the build may keep: those none of the changed products matches (the answers' walk
/// then does not rank them). Only when the records keep their numbers (no product added or
/// removed, no custom ranking value changed), since a line names records by number.
struct PreviousAnswers: Sendable {
    /// By text: the line (with its newline), its record numbers, and whether words were made
    /// optional to find its hits.
    let lines: [ByteKey: (line: [UInt8], numbers: [Int32], relaxed: Bool)]
    /// The changed products, as they were and as they are, each set in an engine of its own.
    let changed: [SearchEngine]
    /// The words their adjacent words make (`IncrementalPlan.swayed`).
    let joins: Set<[UInt32]>

    /// Whether the answer of `key` is the previous site's line.
    func keeps(_ key: [UInt8]) -> Bool {
        guard let previous = lines[ByteKey(bytes: key)] else { return false }
        let text = String(decoding: key, as: UTF8.self)
        if IncrementalPlan.swayed(text, joins) { return false }
        for engine in changed {
            let scratch = SearchScratch(vocabularySize: engine.products.vocabularySize)
            if engine.products.count(text, allowed: nil, scratch: scratch) > 0 { return false }
            if previous.relaxed, engine.products.search(text, best: 0, scratch: scratch).count > 0 { return false }
        }
        return true
    }

    /// The answers of the site at `site` whose files are as the previous build left them
    /// (`stamps`); nil when there are none.
    static func read(
        site: String, stamps: [String: BuildState.FileStamp], changed: [SearchEngine], joins: Set<[UInt32]>
    ) -> PreviousAnswers? {
        let folder = SiteLayout.answersFolder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: site + "/" + folder) else { return nil }
        var lines: [ByteKey: (line: [UInt8], numbers: [Int32], relaxed: Bool)] = [:]
        for name in names where name.hasSuffix(".js") {
            let path = folder + name
            guard let stamp = stamps[path], BuildState.FileStamp(path: site + "/" + path) == stamp,
                let data = FileManager.default.contents(atPath: site + "/" + path)
            else { continue }
            let rows = [UInt8](data).split(separator: UInt8(ascii: "\n"))
            // The script's first and last lines are its call; each line between is an answer.
            for row in rows.dropFirst().dropLast() {
                guard row.last == UInt8(ascii: ","),
                    case .array(let items)? = try? JSONParser.parse(Array(row.dropLast())),
                    items.count >= 4, let text = items[0].stringValue, case .array(let numbers) = items[2]
                else { continue }
                lines[ByteKey(text)] = (
                    Array(row) + [UInt8(ascii: "\n")], numbers.compactMap { $0.numberValue.map { Int32($0) } },
                    items.count > 4
                )
            }
        }
        return PreviousAnswers(lines: lines, changed: changed, joins: joins)
    }
}
