// Benchmark of the precomputed answers' walk (release build):
//
//   AnswersBenchmark CONTENT_DIR [RUNS] [all] [direct]
//
// Builds the engine from CONTENT_DIR, then walks the keys of the unscoped prefix map over the
// products index on one thread (so the figure is CPU time, steady on a noisy machine), ranking
// every key of two words or more (with `all`, also one-word keys of more than three letters: every
// key the build may precompute, before it leaves out those whose postings are small). The digest
// covers every answer's bytes. With `direct`, the same keys are also asked of the engine one at a
// time (`SearchEngine.placedFirstPage`, as `typeahead check` asks them), on one thread: `direct_s`,
// and `direct_digest` over their hits, placed typos and optional words.
// Prints JSON: keys ranked, hits found, and the fastest of RUNS walks (default 3) in seconds.
import Foundation
import TypeaheadEngine
import TypeaheadModel

func seconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

let arguments = CommandLine.arguments
let contentPath = arguments.count > 1 ? arguments[1] : "Content"
let runs = arguments.count > 2 ? Int(arguments[2])! : 3
let content = try ContentLoader(directory: contentPath).load()
let engine = SearchEngine(content: content)
var fastest = Double.infinity
let askDirectly = arguments.dropFirst(3).contains("direct")
var texts: [String] = []
var keys = 0
var hits = 0
var digest: UInt64 = 0
let dump = ProcessInfo.processInfo.environment["ANSWERS_DUMP"] != nil
// Keys of two words or more; with `all`, also one-word keys longer than a head (three letters,
// counted as the build counts them, in Unicode scalars).
let everyKey = arguments.dropFirst(3).contains("all")
let wanted: @Sendable ([UInt8], [[Range<Int>]]) -> Bool = { key, _ in
    key.contains(0x20) || (everyKey && String(decoding: key, as: UTF8.self).unicodeScalars.count > 3)
}
for _ in 0..<runs {
    keys = 0
    hits = 0
    digest = 0
    let start = DispatchTime.now().uptimeNanoseconds
    PrefixMapBuilder(engine: engine, perKey: content.config.hitsPerPage, threads: 1, ranking: .products)
        .build(scope: nil, wanted: wanted) { entry in
            keys += 1
            hits += entry.nbHits
            // Every answer's bytes, so two versions of the walk can be proven equal.
            var bytes = entry.keyBytes
            for n in [entry.nbHits] + entry.suggestions.map(Int.init) {
                withUnsafeBytes(of: UInt64(n).littleEndian) { bytes.append(contentsOf: $0) }
            }
            for placed in entry.placed { bytes.append(contentsOf: placed + [0xFF]) }
            digest = (digest ^ FNV1a.hash64(bytes)) &* 0x100_0000_01b3
            if dump { print(entry.key, entry.nbHits, entry.suggestions, entry.placed) }
            if askDirectly && texts.count < keys { texts.append(entry.key) }
        }
    fastest = min(fastest, seconds(since: start))
}
var direct = Double.infinity
var directHits = 0
var directDigest: UInt64 = 0
for _ in 0..<(askDirectly ? runs : 0) {
    directHits = 0
    directDigest = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for text in texts {
        let answer = engine.placedFirstPage(text)
        directHits += answer.nbHits
        // Every direct answer's hits, placed typos and optional words, so two engines can be
        // proven to answer the same.
        var bytes = Array(text.utf8)
        for n in [answer.nbHits] + answer.records.map(Int.init) {
            withUnsafeBytes(of: UInt64(n).littleEndian) { bytes.append(contentsOf: $0) }
        }
        for placed in answer.placed { bytes.append(contentsOf: placed + [0xFF]) }
        for word in answer.optionalWords ?? [] { bytes.append(word ? 1 : 0) }
        directDigest = (directDigest ^ FNV1a.hash64(bytes)) &* 0x100_0000_01b3
    }
    direct = min(direct, seconds(since: start))
}
print(
    JSONWriter.string(
        .object(
            [
                "products": .number(Double(content.products.count)),
                "keys_ranked": .number(Double(keys)),
                "hits": .number(Double(hits)),
                "digest": .string(String(digest, radix: 16)),
                "walk_s": .number(fastest),
            ].merging(
                askDirectly
                    ? [
                        "direct_s": .number(direct), "direct_hits": .number(Double(directHits)),
                        "direct_digest": .string(String(directDigest, radix: 16)),
                    ] : [:]
            ) {
                a, _ in a
            })))
