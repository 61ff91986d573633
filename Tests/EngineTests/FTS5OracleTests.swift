import Foundation
import Testing
import TypeaheadEngine
import TypeaheadModel
import TypeaheadTestSupport

/// An independent oracle: SQLite FTS5 (`unicode61 remove_diacritics 2`, last word as a prefix
/// query) must find the same products as the engine with typo tolerance off.
@Suite("The engine agrees with SQLite FTS5")
struct FTS5OracleTests {
    /// Every suggestion query of Content/ and every WANDS query, with all their prefixes (cut at a
    /// character), normalised, unique, sorted.
    static func queries(_ content: Content) throws -> [String] {
        let wands = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("Tests/EngineTests/Fixtures/wands_queries.tsv"),
            encoding: .utf8)
        var raw = content.suggestions.map(\.query)
        for line in wands.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count >= 2 { raw.append(String(fields[1])) }
        }
        var normalized = Set<String>()
        for query in raw {
            var prefix = ""
            for character in query {
                prefix.append(character)
                let words = TextNormalizer.words(prefix)
                if !words.isEmpty { normalized.insert(words.joined(separator: " ")) }
            }
        }
        return normalized.sorted(by: utf8Less)
    }

    static func sqlString(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    /// `"w1" "w2"*`: every word, the last one as a prefix.
    static func ftsExpression(_ words: [String]) -> String {
        words.enumerated().map { i, word in
            "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (i == words.count - 1 ? "*" : "")
        }.joined(separator: " ")
    }

    static func runSQLite(_ script: String) throws -> String {
        let file = try TestSupport.temporaryDirectory("fts").appendingPathComponent("script.sql")
        try Data(script.utf8).write(to: file)
        let outputURL = file.deletingLastPathComponent().appendingPathComponent("output.txt")
        FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", ":memory:"]
        process.standardInput = try FileHandle(forReadingFrom: file)
        // A file, not a pipe: see TestSupport.runTypeahead.
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        try output.close()
        #expect(process.terminationStatus == 0)
        return String(decoding: try Data(contentsOf: outputURL), as: UTF8.self)
    }

    @Test("Same products for every suggestion and WANDS query and each of their prefixes")
    func oracle() throws {
        var content = try ContentLoader(directory: TestSupport.packageRoot.appendingPathComponent("Content").path)
            .load()
        // FTS5 knows none of the shop's language (contract version 3): compared without it.
        content.config.language = LanguageSettings()
        content.synonyms = Synonyms()
        let engine = SearchEngine(content: content)
        let attributes = content.config.searchableAttributes
        var script = """
            CREATE VIRTUAL TABLE p USING fts5(objectID UNINDEXED, \(attributes.map { "\"\($0)\"" }.joined(separator: ", ")), tokenize = 'unicode61 remove_diacritics 2');
            BEGIN;

            """
        for product in content.products {
            let values = attributes.map { attribute -> String in
                switch product.attributes[attribute] {
                case .string(let text)?: return Self.sqlString(text)
                case .array(let values)?:
                    return Self.sqlString(values.compactMap(\.stringValue).joined(separator: " | "))
                default: return "''"
                }
            }
            script +=
                "INSERT INTO p VALUES (\(Self.sqlString(product.objectID.text)), \(values.joined(separator: ", ")));\n"
        }
        script += "COMMIT;\n"
        let queries = try Self.queries(content)
        for (i, query) in queries.enumerated() {
            let match = Self.sqlString(Self.ftsExpression(query.split(separator: " ").map(String.init)))
            script +=
                "SELECT '\(i):' || coalesce((SELECT group_concat(objectID, char(9)) FROM (SELECT objectID FROM p WHERE p MATCH \(match) ORDER BY objectID)), '');\n"
        }
        let output = try Self.runSQLite(script)
        var fts: [Int: Set<String>] = [:]
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            let colon = line.firstIndex(of: ":")!
            let ids = line[line.index(after: colon)...].split(separator: "\t").map(String.init)
            fts[Int(line[..<colon])!] = Set(ids)
        }
        #expect(fts.count == queries.count)
        var differences: [String] = []
        for (i, query) in queries.enumerated() {
            let outcome = engine.products.search(query, typoTolerance: false)
            let ours = Set(outcome.ranked.map { content.products[$0.record].objectID.text })
            if ours != fts[i] {
                differences.append(
                    "\(query): engine \(ours.count), FTS5 \(fts[i]?.count ?? -1), only engine \(ours.subtracting(fts[i] ?? []).sorted().prefix(3)), only FTS5 \((fts[i] ?? []).subtracting(ours).sorted().prefix(3))"
                )
            }
        }
        #expect(
            differences.isEmpty,
            "\(differences.count) of \(queries.count) queries differ:\n\(differences.prefix(10).joined(separator: "\n"))"
        )
        #expect(queries.count > 10_000)
        print("FTS5 oracle: \(queries.count) queries compared, \(differences.count) differences")
    }
}
