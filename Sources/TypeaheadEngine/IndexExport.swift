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
        forEachWordPostings(order: order, blockLimit: Self.postingsBlockLimit, body)
    }

    /// How many numbers of postings `forEachWordPostings` lays out at once (64 MB): the words are
    /// taken in blocks of about this much, each block one pass over the records' occurrences.
    static let postingsBlockLimit = 16 << 20

    /// `forEachWordPostings` with its blocks of at most `blockLimit` numbers (a word larger than
    /// that is a block of its own).
    ///
    /// No sort: the records are read in `order`, so each word's records come by number; a
    /// record's occurrences are read in their own order, so its places do too. A first pass
    /// sizes each word's postings; then, block by block, each record's occurrences of the block's
    /// words are counted by word (its header) and placed after it.
    func forEachWordPostings(
        order: [Int32], blockLimit: Int, _ body: (_ id: Int, _ word: String, _ postings: [Int32]) -> Void
    ) {
        let vocabulary = words.count
        // Each word's flat size: two numbers a record that holds it, two an occurrence.
        var size = [Int](repeating: 0, count: vocabulary)
        var stamp = [Int32](repeating: -1, count: vocabulary)
        for n in order.indices {
            let record = Int(order[n])
            for o in Int(occurrenceStart[record])..<Int(occurrenceStart[record + 1]) {
                let w = Int(occurrences[o].word)
                if stamp[w] != Int32(n) {
                    stamp[w] = Int32(n)
                    size[w] += 2
                }
                size[w] += 2
            }
        }
        var cursor = [Int](repeating: 0, count: vocabulary)
        var fill = [Int](repeating: 0, count: vocabulary)
        var count = [Int32](repeating: 0, count: vocabulary)
        for w in 0..<vocabulary { stamp[w] = -1 }
        var touched: [Int32] = []
        var first = 0
        while first < vocabulary {
            // The block: words first..<last, at most `blockLimit` numbers (one word at least).
            var last = first
            var total = 0
            while last < vocabulary, last == first || total + size[last] <= blockLimit {
                cursor[last] = total
                total += size[last]
                last += 1
            }
            var flat = [Int32](repeating: 0, count: total)
            let low = Int32(first)
            let high = Int32(last)
            flat.withUnsafeMutableBufferPointer { flat in
                for n in order.indices {
                    let record = Int(order[n])
                    let range = Int(occurrenceStart[record])..<Int(occurrenceStart[record + 1])
                    touched.removeAll(keepingCapacity: true)
                    for o in range {
                        let word = occurrences[o].word
                        guard word >= low, word < high else { continue }
                        let w = Int(word)
                        if stamp[w] != Int32(n) {
                            stamp[w] = Int32(n)
                            count[w] = 0
                            touched.append(word)
                        }
                        count[w] += 1
                    }
                    guard !touched.isEmpty else { continue }
                    for word in touched {
                        let w = Int(word)
                        let sole = Self.sortedContains(soleWords[record], word)
                        flat[cursor[w]] = Int32(n)
                        flat[cursor[w] + 1] = count[w] * 2 + (sole ? 1 : 0)
                        fill[w] = cursor[w] + 2
                        cursor[w] += 2 + 2 * Int(count[w])
                    }
                    for o in range {
                        let occurrence = occurrences[o]
                        guard occurrence.word >= low, occurrence.word < high else { continue }
                        let w = Int(occurrence.word)
                        flat[fill[w]] = Int32(occurrence.attribute)
                        flat[fill[w] + 1] = occurrence.position
                        fill[w] += 2
                    }
                }
            }
            // Each word's postings end where its cursor stopped.
            var start = 0
            for w in first..<last {
                let end = cursor[w]
                if end > start {
                    body(
                        w, String(String.UnicodeScalarView(words[w].map { Unicode.Scalar($0)! })),
                        Array(flat[start..<end]))
                }
                start = end
            }
            first = last
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
