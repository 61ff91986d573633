import Foundation
import Testing
import TypeaheadEngine
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadSite

@Suite("The client index's answers in levels of pages")
struct ShardedIndexTests {
    /// The sample's first 800 products, with answers for texts above 4 KB of postings (many, quickly).
    static let engine: SearchEngine = {
        var content = try! ContentLoader(directory: TestSupport.packageRoot.appendingPathComponent("Content").path)
            .load()
        content.products = Array(content.products.prefix(800))
        content.config.answersAbove = 4096
        return SearchEngine(content: content)
    }()

    /// The products' client index with its answers paged by `answerPages`: its manifest and files
    /// in path order.
    static func index(answerPages: PageLevels) -> (manifest: JSONValue, files: [(path: String, bytes: [UInt8])]) {
        let sink = MemorySink()
        let output = ShardedIndex.products(
            into: sink, engine: engine, productSlugs: Slug.assign(engine.content.products.map(\.objectID)),
            images: .none, answerPages: answerPages)
        return (
            output.manifest,
            sink.files.sorted { utf8Less($0.key, $1.key) }.map { (path: $0.key, bytes: $0.value) }
        )
    }

    /// A file's entries `[[first text, slug], …]` (`typeaheadIndex("…", [ … ]);`).
    static func entries(_ bytes: [UInt8]) throws -> [(String, String)] {
        let text = String(decoding: bytes, as: UTF8.self)
        let open = text.firstIndex(of: "[")!
        let close = text.range(of: "]);", options: .backwards)!.lowerBound
        var list = String(text[open...text.index(before: close)])
        list += "]"
        list = list.replacingOccurrences(of: ",\n]", with: "]")
        guard case .array(let items) = try JSONParser.parse(Array(list.utf8)) else { return [] }
        return items.map(pair)
    }

    /// `["first text", "slug"]` as a pair.
    static func pair(_ value: JSONValue) -> (String, String) {
        guard case .array(let cells) = value, cells.count == 2, let first = cells[0].stringValue,
            let slug = cells[1].stringValue
        else { return ("", "") }
        return (first, slug)
    }

    /// Under a budget no text reaches, the answers are the one-word texts longer than a head's and
    /// the texts whose last word is one character (`iphone 7`): on a small catalogue their postings
    /// stay under the budget, yet merging every word the character begins was the slowest
    /// keystroke at CPU 4x.
    @Test("A text ending in a one-character word is answered whatever its postings weigh")
    func oneCharacterLastWords() throws {
        var content = Self.engine.content
        content.config.answersAbove = 1 << 30
        let engine = SearchEngine(content: content)
        let sink = MemorySink()
        _ = ShardedIndex.products(
            into: sink, engine: engine, productSlugs: Slug.assign(content.products.map(\.objectID)), images: .none,
            answerPages: PageLevels())
        let texts = SiteReader.answerLines(sink.files.map { (path: $0.key, bytes: $0.value) }).map { line in
            guard case .array(let cells)? = try? JSONParser.parse(Array(line)), let text = cells.first?.stringValue
            else { return "" }
            return text
        }
        let several = texts.filter { $0.contains(" ") }
        #expect(several.count > 20, "\(several.count) texts of several words")
        #expect(several.allSatisfy { ShardedIndex.endsInOneCharacter(Array($0.utf8)) }, "\(several.prefix(5))")
        #expect(texts.filter { !$0.contains(" ") }.allSatisfy { $0.unicodeScalars.count > ShardedIndex.headLength })
        #expect(
            ShardedIndex.endsInOneCharacter(Array("usb c".utf8)) && ShardedIndex.endsInOneCharacter(Array("a é".utf8)))
        #expect(
            !ShardedIndex.endsInOneCharacter(Array("usb cc".utf8))
                && !ShardedIndex.endsInOneCharacter(Array("usb".utf8)))
    }

    @Test("Pages of pages keep the manifest small, and every answer is found level by level")
    func levels() throws {
        let flat = Self.index(answerPages: PageLevels())
        let deep = Self.index(answerPages: PageLevels(minimum: 1, maximum: 2, top: 2))
        let lines = SiteReader.answerLines(flat.files)
        #expect(lines.count > 500, "\(lines.count) answers")
        // The same answers, and every file but the pages the same.
        #expect(SiteReader.answerLines(deep.files) == lines)
        let isPage = { (path: String) in path.contains("/answers/pages") }
        #expect(
            flat.files.filter { !isPage($0.path) }.map(\.path) == deep.files.filter { !isPage($0.path) }.map(\.path))
        // The sample's shards in one level of pages of 32 to 96, in several of 1 to 2: the manifest
        // lists at most 2.
        guard case .array(let top)? = deep.manifest["answers"], case .array(let flatTop)? = flat.manifest["answers"]
        else {
            Issue.record("no answers in the manifest")
            return
        }
        #expect(top.count <= 2)
        #expect(deep.files.filter { $0.path.contains("/answers/pages/") }.count > 2)
        #expect(flatTop.allSatisfy { Self.pair($0).1.hasPrefix("pages/") })
        #expect(deep.files.contains { $0.path.contains("/answers/pages3/") })
        // Every answer's text leads, level by level (the last entry whose first text is not after
        // it, as the page looks), to the shard holding it.
        let files = Dictionary(uniqueKeysWithValues: deep.files.map { ($0.path, $0.bytes) })
        let folder = SiteLayout.answersFolder
        var levels: Set<Int> = []
        for line in lines.enumerated().filter({ $0.offset % 53 == 0 }).map(\.element) {
            guard case .array(let cells) = try JSONParser.parse(line), let text = cells[0].stringValue else {
                Issue.record("unreadable line")
                continue
            }
            var list = top.map(Self.pair)
            var depth = 0
            while true {
                let entry = list.last { !utf8Less(text, $0.0) }!
                depth += 1
                let bytes = try #require(files[folder + entry.1 + ".js"], "\(entry.1)")
                if entry.1.contains("/") {
                    list = try Self.entries(bytes)
                } else {
                    #expect(SiteReader.answerLines([(folder + entry.1 + ".js", bytes)]).contains(line), "\(text)")
                    break
                }
            }
            levels.insert(depth)
        }
        #expect(levels.count == 1 && levels.first! > 3, "\(levels)")
    }
}
