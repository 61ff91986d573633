import TypeaheadModel

extension SearchIndex {
    /// The records (those `included`; all when nil) in custom-ranking order, ties by objectID: the
    /// page's sharded index numbers records by this order, so a record's number is its custom rank.
    public func recordsInRankOrder(including included: [Bool]? = nil) -> [Int32] {
        var order = [Int32](repeating: -1, count: records.count)
        for record in records.indices where included?[record] ?? true { order[Int(customRank[record])] = Int32(record) }
        return order.filter { $0 >= 0 }
    }

    /// Calls `body` for each word, in code-point order (its vocabulary id), with its postings over the records of
    /// `order` (numbered by their place in it), flat and by number:
    /// `number, 2 × count + sole, attribute₁, position₁, … attributeₙ, positionₙ` for each record
    /// holding the word, `sole` being 1 when some value of the record is this word alone (the
    /// one-word `exact` rule) and the places in the record's own order. Words found in none of the
    /// records are skipped. With these, the page ranks and highlights as the engine does, from the
    /// postings of the query's candidate words alone.
    public func forEachWordPostings(order: [Int32], _ body: (_ id: Int, _ word: String, _ postings: [Int32]) -> Void) {
        var number = [Int32](repeating: -1, count: records.count)
        for (n, record) in order.enumerated() { number[Int(record)] = Int32(n) }
        // Each record's occurrences sorted by word (stable), so one word's places are one run.
        var byWord = [Int32](repeating: 0, count: occurrences.count)
        for record in records.indices where number[record] >= 0 {
            let start = Int(occurrenceStart[record])
            let end = Int(occurrenceStart[record + 1])
            let sorted = (start..<end).sorted {
                occurrences[$0].word != occurrences[$1].word ? occurrences[$0].word < occurrences[$1].word : $0 < $1
            }
            for (i, o) in sorted.enumerated() { byWord[start + i] = Int32(o) }
        }
        var flat: [Int32] = []
        var holders: [(number: Int32, record: Int32)] = []
        for w in 0..<words.count {
            holders.removeAll(keepingCapacity: true)
            for p in Int(postingStart[w])..<Int(postingStart[w + 1]) {
                let record = postingRecords[p]
                if number[Int(record)] >= 0 { holders.append((number[Int(record)], record)) }
            }
            guard !holders.isEmpty else { continue }
            holders.sort { $0.number < $1.number }
            flat.removeAll(keepingCapacity: true)
            let word = Int32(w)
            for (n, record) in holders {
                let start = Int(occurrenceStart[Int(record)])
                var low = start
                var high = Int(occurrenceStart[Int(record) + 1])
                while low < high {
                    let mid = (low + high) / 2
                    if occurrences[Int(byWord[mid])].word < word { low = mid + 1 } else { high = mid }
                }
                var end = low
                while end < Int(occurrenceStart[Int(record) + 1]), occurrences[Int(byWord[end])].word == word {
                    end += 1
                }
                let sole = Self.sortedContains(soleWords[Int(record)], word)
                flat.append(n)
                flat.append(Int32(end - low) * 2 + (sole ? 1 : 0))
                for i in low..<end {
                    let o = occurrences[Int(byWord[i])]
                    flat.append(Int32(o.attribute))
                    flat.append(o.position)
                }
            }
            body(w, String(String.UnicodeScalarView(words[w].map { Unicode.Scalar($0)! })), flat)
        }
    }

    private static func sortedContains(_ list: [Int32], _ value: Int32) -> Bool {
        var low = 0
        var high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < list.count && list[low] == value
    }
}
