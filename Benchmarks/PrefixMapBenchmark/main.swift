// Prefix-map benchmark (run by Benchmarks/prefix-maps.py, release build).
//
//   PrefixMapBenchmark CONTENT_DIR [COUNT] [CHECK_SAMPLE]
//
// Generates COUNT deterministic synthetic suggestions (default 1,000,000) whose words are drawn
// from the real vocabulary of CONTENT_DIR (product names and suggestion queries, weighted by how
// often each word occurs there, so the distribution is the catalogue's own), 1 to 4 words each,
// unique queries, objectID = query, popularity from a heavy-tailed draw. Then builds the engine and
// the unscoped prefix map with its shards in memory, and checks CHECK_SAMPLE keys (default 20,000,
// evenly spaced) against direct engine queries. Prints JSON figures.
import Foundation
import TypeaheadEngine
import TypeaheadModel
import TypeaheadSite

struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

func seconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

let arguments = CommandLine.arguments
let contentPath = arguments.count > 1 ? arguments[1] : "Content"
let count = arguments.count > 2 ? Int(arguments[2])! : 1_000_000
let checkSample = arguments.count > 3 ? Int(arguments[3])! : 20_000

var start = DispatchTime.now().uptimeNanoseconds
let real = try ContentLoader(directory: contentPath).load()
// The real vocabulary, with each word repeated as often as it occurs (a sorted, deterministic bag).
var frequency: [String: Int] = [:]
for text in real.products.map(\.name) + real.suggestions.map(\.query) {
    for word in TextNormalizer.words(text) { frequency[word, default: 0] += 1 }
}
let vocabulary = frequency.keys.sorted(by: utf8Less)
var bag: [String] = []
for word in vocabulary { bag += Array(repeating: word, count: frequency[word]!) }
var random = SplitMix64(state: 1)
var seen = Set<String>()
var suggestions: [Suggestion] = []
suggestions.reserveCapacity(count)
let lengths = [1, 1, 1, 2, 2, 2, 2, 3, 3, 4]
while suggestions.count < count {
    let n = lengths[random.below(lengths.count)]
    let query = (0..<n).map { _ in bag[random.below(bag.count)] }.joined(separator: " ")
    guard seen.insert(query).inserted else { continue }
    // Heavy-tailed popularity: most near 0, a few large.
    let popularity = Double(Int(pow(Double(random.below(1_000_000) + 1) / 1_000_000, 8) * 10_000))
    suggestions.append(Suggestion(objectID: ObjectID(query), query: query, popularity: popularity))
}
seen = []
suggestions.sort { $0.objectID < $1.objectID }
var config = real.config
config.scopes = []
// One product: every synthetic suggestion is offered (minHits 0), so the maps measured hold them all.
config.minHits = 0
let content = Content(products: Array(real.products.prefix(1)), suggestions: suggestions, config: config)
let generate = seconds(since: start)

start = DispatchTime.now().uptimeNanoseconds
let engine = SearchEngine(content: content)
let engineBuild = seconds(since: start)

start = DispatchTime.now().uptimeNanoseconds
let builder = PrefixMapBuilder(engine: engine, perKey: config.suggestionsPerKey)
var files: [String: [UInt8]] = [:]
let layout = PrefixMapFiles(content: content).write(id: "all", scope: nil, builder: builder, into: &files)
let maps = seconds(since: start)
let shardBytes = files.values.reduce(0) { $0 + $1.count }

// Check a sample of keys against direct engine queries, reading them back from the shard bytes.
start = DispatchTime.now().uptimeNanoseconds
var values: [String: [String]] = [:]
var keysInOrder: [String] = []
for (_, file) in layout.manifest {
    var previousValues: [String: [String]] = [:]
    for line in String(decoding: files[file]!, as: UTF8.self).split(separator: "\n").dropFirst()
    where line.hasPrefix("[") {
        guard case .array(let pair) = try JSONParser.parse(Array(line.dropLast().utf8)) else { continue }
        let key = pair[0].stringValue!
        let value: [String]
        if pair[1] == .string("=") {
            value = previousValues[String(decoding: PrefixMapShape.parent(of: Array(key.utf8)), as: UTF8.self)]!
        } else if case .array(let ids) = pair[1] {
            value = ids.compactMap(\.stringValue)
        } else {
            value = []
        }
        previousValues[key] = value
        keysInOrder.append(key)
        if keysInOrder.count % max(1, layout.keyCount / checkSample) == 0 { values[key] = value }
    }
}
let scratch = SearchScratch(vocabularySize: engine.suggestions.vocabularySize)
var differences = 0
for (key, value) in values {
    let expected = engine.suggestions.search(key, scratch: scratch).ranked.prefix(config.suggestionsPerKey)
        .map { content.suggestions[$0.record].objectID }
    if !expected.elementsEqual(value.map { ObjectID($0) }) { differences += 1 }
}
let check = seconds(since: start)

let result: JSONValue = .object([
    "suggestions": .number(Double(count)),
    "vocabulary": .number(Double(vocabulary.count)),
    "keys": .number(Double(layout.keyCount + 1)),
    "shards": .number(Double(layout.manifest.count)),
    "largest_shard_bytes": .number(Double(layout.largestShardBytes)),
    "shard_bytes": .number(Double(shardBytes)),
    "bytes_per_suggestion": .number(Double(shardBytes) / Double(count)),
    "generate_s": .number(generate),
    "engine_s": .number(engineBuild),
    "prefix_maps_s": .number(maps),
    "keys_per_s": .number(Double(layout.keyCount + 1) / maps),
    "checked_keys": .number(Double(values.count)),
    "check_differences": .number(Double(differences)),
    "check_s": .number(check),
])
print(JSONWriter.string(result))
