import TypeaheadModel

// The records that may match a query: seeded from the rarest mandatory word's postings, narrowed by
// the others'.
extension SearchIndex {
    /// The records that may match: those of the mandatory query word with the fewest postings
    /// (every match is among them; with every word optional, those of all words), narrowed by the
    /// other mandatory words' postings. Unique, in no particular order (a record seen twice is
    /// skipped with the scratch's per-record stamps, not by sorting).
    func seedCandidates(_ matchers: [WordMatcher], scratch: SearchScratch) -> [Int32] {
        let mandatory = matchers.indices.filter { !matchers[$0].optional }
        let seeds =
            mandatory.isEmpty
            ? Array(matchers.indices) : [mandatory.min { matchers[$0].postingCount < matchers[$1].postingCount }!]
        var candidates: [Int32] = []
        candidates.reserveCapacity(seeds.reduce(0) { $0 + matchers[$1].postingCount })
        let first = matchers[seeds[0]]
        if seeds.count == 1, first.phrases.isEmpty, first.ranges.count == 1, first.ranges[0].words.count == 1 {
            let range = first.ranges[0].words
            candidates.append(
                contentsOf: postingRecords[Int(postingStart[range.lowerBound])..<Int(postingStart[range.upperBound])])
        } else {
            let stamp = scratch.nextStamp(records: records.count)
            scratch.stamps.withUnsafeMutableBufferPointer { stamps in
                for seed in seeds {
                    forEachPostingRange(matchers[seed]) { range in
                        for p in Int(postingStart[range.lowerBound])..<Int(postingStart[range.upperBound]) {
                            let record = Int(postingRecords[p])
                            if stamps[record] != stamp {
                                stamps[record] = stamp
                                candidates.append(Int32(record))
                            }
                        }
                    }
                }
            }
        }
        if !mandatory.isEmpty {
            narrow(&candidates, matchers, words: mandatory.filter { $0 != seeds[0] }, scratch: scratch)
        }
        return candidates
    }

    /// The word ranges whose postings hold every record a query word can match: its matches and
    /// the rarest word of each phrase alternative.
    @inline(__always)
    func forEachPostingRange(_ matcher: WordMatcher, _ body: (Range<Int>) -> Void) {
        for (range, _) in matcher.ranges { body(range) }
        for phrase in matcher.phrases { body(Int(phrase.seed)..<Int(phrase.seed) + 1) }
    }

    /// How many postings the vocabulary words `range` have in all.
    func postings(of range: Range<Int>) -> Int {
        Int(postingStart[range.upperBound] - postingStart[range.lowerBound])
    }

    /// Calls `body` with each record in the postings of the vocabulary words `range` (a record
    /// holding several of them, once per word).
    @inline(__always)
    func forEachPosting(_ range: Range<Int>, _ body: (Int) -> Void) {
        postingRecords.withUnsafeBufferPointer { postings in
            for p in Int(postingStart[range.lowerBound])..<Int(postingStart[range.upperBound]) {
                body(Int(postings[p]))
            }
        }
    }

    /// Narrows `candidates` to the records that also hold a word matching each query word of `words`
    /// (indices into `matchers`, mandatory words only), by marking that word's postings, for the
    /// query words whose postings are few enough: marking a posting costs a few nanoseconds,
    /// reading a candidate's words (to find it lacks one) hundreds, and on a large catalogue most
    /// candidates lack one. Only records that cannot match are removed; the order is kept.
    func narrow(_ candidates: inout [Int32], _ matchers: [WordMatcher], words: [Int], scratch: SearchScratch) {
        let others = words.filter { !matchers[$0].optional }.sorted {
            matchers[$0].postingCount < matchers[$1].postingCount
        }
        for j in others {
            // Ascending: once one costs too much, so do the rest.
            if candidates.isEmpty || matchers[j].postingCount > Self.markingBudget * candidates.count { return }
            let stamp = scratch.nextStamp(records: records.count)
            scratch.stamps.withUnsafeMutableBufferPointer { stamps in
                postingRecords.withUnsafeBufferPointer { postings in
                    forEachPostingRange(matchers[j]) { range in
                        for p in Int(postingStart[range.lowerBound])..<Int(postingStart[range.upperBound]) {
                            stamps[Int(postings[p])] = stamp
                        }
                    }
                }
                candidates.removeAll { stamps[Int($0)] != stamp }
            }
        }
    }

    /// How many postings a query word may have per candidate for `narrow` to mark them.
    static let markingBudget = 32
}
