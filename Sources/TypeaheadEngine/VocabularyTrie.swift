/// The vocabulary of an index as a trie, searched with a bounded edit distance so a query word with
/// typos costs about what an exact one does: the edit-distance table grows one row per trie edge,
/// and a branch is left as soon as no word below it can be close enough.
///
/// Words are numbered in code-point order, so the words below any node are one contiguous range of
/// word ids: a prefix match reports the range without walking the branch.
struct VocabularyTrie: Sendable {
    /// Node `n`'s children are `children[childStart[n]..<childStart[n + 1]]`, in label order.
    private var childStart: [Int32] = []
    private var children: [Int32] = []
    private var labels: [UInt32] = []
    /// The word that ends at the node, or -1.
    private var terminal: [Int32] = []
    /// The ids of the words at or below the node: `firstWord[n]..<endWord[n]`.
    private var firstWord: [Int32] = []
    private var endWord: [Int32] = []

    /// Builds the trie of `words`, which must be sorted by code points and unique.
    init(sortedWords words: [[UInt32]]) {
        // Build with per-node child lists, then flatten.
        var nodeChildren: [[Int32]] = [[]]
        var nodeLabels: [UInt32] = [0]
        var nodeTerminal: [Int32] = [-1]
        var nodeFirst: [Int32] = [0]
        var nodeEnd: [Int32] = [Int32(words.count)]
        for (id, word) in words.enumerated() {
            var node = 0
            for scalar in word {
                if let last = nodeChildren[node].last, nodeLabels[Int(last)] == scalar {
                    node = Int(last)
                } else {
                    let child = Int32(nodeLabels.count)
                    nodeChildren.append([])
                    nodeLabels.append(scalar)
                    nodeTerminal.append(-1)
                    nodeFirst.append(Int32(id))
                    nodeEnd.append(Int32(id))
                    nodeChildren[node].append(child)
                    node = Int(child)
                }
                nodeEnd[node] = Int32(id + 1)
            }
            nodeTerminal[node] = Int32(id)
        }
        childStart.reserveCapacity(nodeLabels.count + 1)
        var offset: Int32 = 0
        for list in nodeChildren {
            childStart.append(offset)
            children.append(contentsOf: list)
            offset += Int32(list.count)
        }
        childStart.append(offset)
        labels = nodeLabels
        terminal = nodeTerminal
        firstWord = nodeFirst
        endWord = nodeEnd
    }

    private func child(of node: Int, label: UInt32) -> Int? {
        var low = Int(childStart[node])
        var high = Int(childStart[node + 1])
        while low < high {
            let mid = (low + high) / 2
            let candidate = Int(children[mid])
            if labels[candidate] == label { return candidate }
            if labels[candidate] < label { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    /// The id of `word`, if it is in the vocabulary.
    func wordID(_ word: [UInt32]) -> Int? {
        var node = 0
        for scalar in word {
            guard let next = child(of: node, label: scalar) else { return nil }
            node = next
        }
        return terminal[node] >= 0 ? Int(terminal[node]) : nil
    }

    /// Reports every word within `maxTypos` edits of `query` (or, with `prefix`, every word that has
    /// a prefix within `maxTypos` edits) as ranges of word ids with their distance.
    func search(
        _ query: [UInt32], maxTypos: Int, prefix: Bool, report: (Range<Int>, Int) -> Void
    ) {
        if maxTypos == 0 {
            var node = 0
            for scalar in query {
                guard let next = child(of: node, label: scalar) else { return }
                node = next
            }
            if prefix {
                report(Int(firstWord[node])..<Int(endWord[node]), 0)
            } else if terminal[node] >= 0 {
                report(Int(terminal[node])..<Int(terminal[node]) + 1, 0)
            }
            return
        }
        let m = query.count
        let initialBest = prefix ? m : Int.max
        if prefix, initialBest <= maxTypos {
            report(Int(firstWord[0])..<Int(endWord[0]), initialBest)
            return
        }
        var walker = Walker(trie: self, query: query, maxTypos: maxTypos, prefix: prefix)
        for j in 0...m { walker.rows[j] = j }
        for index in Int(childStart[0])..<Int(childStart[1]) {
            walker.visit(node: Int(children[index]), depth: 1, parentLabel: 0, best: initialBest, report: report)
        }
    }

    /// The edit-distance table of the current trie path: row `d` (the path's first `d` characters)
    /// sits at `rows[d * (m + 1) ..< (d + 1) * (m + 1)]`, grown as the path deepens.
    private struct Walker {
        let trie: VocabularyTrie
        let query: [UInt32]
        let maxTypos: Int
        let prefix: Bool
        var rows: [Int]

        init(trie: VocabularyTrie, query: [UInt32], maxTypos: Int, prefix: Bool) {
            self.trie = trie
            self.query = query
            self.maxTypos = maxTypos
            self.prefix = prefix
            rows = [Int](repeating: 0, count: (query.count + 1) * 16)
        }

        mutating func visit(
            node: Int, depth: Int, parentLabel: UInt32, best: Int, report: (Range<Int>, Int) -> Void
        ) {
            let m = query.count
            let width = m + 1
            if rows.count < (depth + 1) * width { rows += [Int](repeating: 0, count: rows.count) }
            let label = trie.labels[node]
            var rowMinimum = depth
            let last: Int = query.withUnsafeBufferPointer { q in
                rows.withUnsafeMutableBufferPointer { table in
                    let row = depth * width
                    let previous = row - width
                    let previous2 = previous - width
                    table[row] = depth
                    for j in 1...m {
                        let cost = q[j - 1] == label ? 0 : 1
                        var value = min(table[previous + j] + 1, table[row + j - 1] + 1, table[previous + j - 1] + cost)
                        if depth > 1, j > 1, label == q[j - 2], parentLabel == q[j - 1] {
                            value = min(value, table[previous2 + j - 2] + 1)
                        }
                        table[row + j] = value
                        if value < rowMinimum { rowMinimum = value }
                    }
                    return table[row + m]
                }
            }
            let word = trie.terminal[node]
            var best = best
            if prefix {
                best = min(best, last)
                if best <= maxTypos, rowMinimum >= best {
                    // Nothing below can come closer: the whole branch matches at `best`.
                    report(Int(trie.firstWord[node])..<Int(trie.endWord[node]), best)
                    return
                }
                if rowMinimum > maxTypos { return }
                if word >= 0, best <= maxTypos { report(Int(word)..<Int(word) + 1, best) }
            } else {
                if word >= 0, last <= maxTypos { report(Int(word)..<Int(word) + 1, last) }
                if rowMinimum > maxTypos { return }
            }
            for index in Int(trie.childStart[node])..<Int(trie.childStart[node + 1]) {
                visit(node: Int(trie.children[index]), depth: depth + 1, parentLabel: label, best: best, report: report)
            }
        }
    }
}
