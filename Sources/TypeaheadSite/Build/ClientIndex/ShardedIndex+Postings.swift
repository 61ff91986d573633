import TypeaheadEngine
import TypeaheadModel

// The postings shards (`postings/<slug>.js`) and what a text costs in them.
extension ShardedIndex {

    /// The postings shards, in word order (`postings/<slug>.js`): each word's records (by number
    /// in `order`) and its occurrences in each. Returns each word's shard (by vocabulary id; -1 in
    /// no record), each shard's size, the words with their shard, and (when asked) every prefix of
    /// up to `headLength` letters of a word.
    func writePostings(
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
        // The words come in batches, each batch's lines encoded on all cores, then cut into
        // shards in word order.
        var batch: [(id: Int, word: String, flat: [Int32])] = []
        var batchNumbers = 0
        func take() {
            let taken = batch
            let encoded = Cores.map(taken.count, minimumChunk: 256) {
                Self.postingsLine(taken[$0].word, taken[$0].flat)
            }
            for ((id, word, _), line) in zip(taken, encoded) {
                if collectPrefixes {
                    var prefix = ""
                    for scalar in word.unicodeScalars.prefix(Self.headLength) {
                        prefix.unicodeScalars.append(scalar)
                        prefixes.insert(prefix)
                    }
                }
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
            batch = []
            batchNumbers = 0
        }
        index.forEachWordPostings(order: order) { id, word, flat in
            batch.append((id, word, flat))
            batchNumbers += flat.count
            if batch.count >= 4096 || batchNumbers >= 1 << 22 { take() }
        }
        take()
        flushPostings()
        return (wordShard, shardBytes, listing, prefixes)
    }

    /// One word's line of a postings shard: `["word",[Δnumber,count×2+…,…]],`.
    static func postingsLine(_ word: String, _ flat: [Int32]) -> [UInt8] {
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
}
