// Benchmark of the precomputed answers' walk (release build):
//
//   AnswersBenchmark CONTENT_DIR [RUNS]
//
// Builds the engine from CONTENT_DIR, then walks the keys of the unscoped prefix map over the
// products index on one thread (so the figure is CPU time, steady on a noisy machine), ranking
// every key of two words or more, as the build does for the keys whose answer it precomputes.
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
var keys = 0
var hits = 0
for _ in 0..<runs {
    keys = 0
    hits = 0
    let start = DispatchTime.now().uptimeNanoseconds
    PrefixMapBuilder(engine: engine, perKey: content.config.hitsPerPage, threads: 1, ranking: .products)
        .build(scope: nil, wanted: { key, _ in key.contains(0x20) }) { entry in
            keys += 1
            hits += entry.nbHits
        }
    fastest = min(fastest, seconds(since: start))
}
print(
    JSONWriter.string(
        .object([
            "products": .number(Double(content.products.count)),
            "keys_ranked": .number(Double(keys)),
            "hits": .number(Double(hits)),
            "walk_s": .number(fastest),
        ])))
