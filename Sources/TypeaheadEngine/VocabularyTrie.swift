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
    /// The length of the longest word, the deepest a walk can go.
    private var longestWord = 0

    /// Builds the trie of `words`, which must be sorted by code points and unique.
    init(sortedWords words: [[UInt32]]) {
        // Build with per-node child lists, then flatten.
        var nodeChildren: [[Int32]] = [[]]
        var nodeLabels: [UInt32] = [0]
        var nodeTerminal: [Int32] = [-1]
        var nodeFirst: [Int32] = [0]
        var nodeEnd: [Int32] = [Int32(words.count)]
        for (id, word) in words.enumerated() {
            longestWord = max(longestWord, word.count)
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

    /// The words that begin `word` and are at most `longest` characters: (their length, their id),
    /// shortest first, found in one walk.
    func wordsBeginning(_ word: [UInt32], longest: Int) -> [(length: Int, id: Int)] {
        var found: [(length: Int, id: Int)] = []
        var node = 0
        for (i, scalar) in word.prefix(longest).enumerated() {
            guard let next = child(of: node, label: scalar) else { break }
            node = next
            if terminal[node] >= 0 { found.append((i + 1, Int(terminal[node]))) }
        }
        return found
    }

    /// The ids of the words that begin with `prefix` (nil when none does).
    func prefixRange(_ prefix: [UInt32]) -> Range<Int>? {
        var node = 0
        for scalar in prefix {
            guard let next = child(of: node, label: scalar) else { return nil }
            node = next
        }
        return Int(firstWord[node])..<Int(endWord[node])
    }

    /// Reports every word within `maxTypos` typos of `query` (or, with `prefix`, every word that has
    /// a prefix within `maxTypos` typos) as ranges of word ids, ascending, with their typo count: the
    /// optimal string alignment distance, plus one when the first letters differ.
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
        let width = m + 1
        let rows = UnsafeMutablePointer<Int32>.allocate(capacity: (longestWord + 2) * width)
        defer { rows.deallocate() }
        query.withUnsafeBufferPointer { q in
            labels.withUnsafeBufferPointer { labels in
                // A typo on the first letter counts as two (docs/CONTRACT.md, Typos): below a first letter other
                // than the query's, the budget is one typo less and every distance one more. The
                // branches are visited in label order, so word ids are still reported ascending.
                for index in Int(childStart[0])..<Int(childStart[1]) {
                    let node = Int(children[index])
                    let penalty = labels[node] == q[0] ? 0 : 1
                    let budget = maxTypos - penalty
                    // Words that start otherwise differ from the query: at least one edit.
                    if penalty == 1, budget < 1 { continue }
                    let cap = Int32(budget + 1)
                    for j in 0...m { rows[j] = j <= budget ? Int32(j) : cap }
                    var walker = Walker(
                        trie: self, query: q, labels: labels, rows: rows, maxTypos: Int32(budget), penalty: penalty,
                        prefix: prefix)
                    walker.visit(
                        node: node, depth: 1, parentLabel: 0, best: Int32(min(initialBest, 255)), report: report)
                }
            }
        }
    }

    /// The edit-distance table of the current trie path, one row per depth (`rows + depth * (m + 1)`).
    /// Only the band of cells within `maxTypos` of the diagonal can stay within `maxTypos`, so only
    /// the band is computed; values are capped at `maxTypos + 1`, which changes no decision.
    private struct Walker {
        let trie: VocabularyTrie
        let query: UnsafeBufferPointer<UInt32>
        let labels: UnsafeBufferPointer<UInt32>
        let rows: UnsafeMutablePointer<Int32>
        /// The typo budget below this branch (the query's allowance less the penalty).
        let maxTypos: Int32
        /// Added to every distance reported: 1 below a first letter other than the query's.
        let penalty: Int
        let prefix: Bool

        mutating func visit(
            node: Int, depth: Int, parentLabel: UInt32, best: Int32, report: (Range<Int>, Int) -> Void
        ) {
            let m = query.count
            let width = m + 1
            let k = Int(maxTypos)
            let cap = maxTypos + 1
            let label = labels[node]
            let row = rows + depth * width
            let previous = row - width
            let previous2 = previous - width
            let low = max(0, depth - k)
            let high = min(m, depth + k)
            var rowMinimum = cap
            if low > 0 { row[low - 1] = cap }
            if high < m { row[high + 1] = cap }
            if high >= low {
                for j in low...high {
                    var value: Int32
                    if j == 0 {
                        value = Int32(depth)
                    } else {
                        let cost: Int32 = query[j - 1] == label ? 0 : 1
                        value = min(previous[j] + 1, previous[j - 1] + cost)
                        if j > low { value = min(value, row[j - 1] + 1) }
                        if depth > 1, j > 1, label == query[j - 2], parentLabel == query[j - 1] {
                            value = min(value, previous2[j - 2] + 1)
                        }
                    }
                    if value > cap { value = cap }
                    row[j] = value
                    if value < rowMinimum { rowMinimum = value }
                }
            }
            let last = high == m ? row[m] : cap
            let word = trie.terminal[node]
            var best = best
            if prefix {
                best = min(best, last)
                if best <= maxTypos, rowMinimum >= best {
                    // Nothing below can come closer: the whole branch matches at `best`.
                    report(Int(trie.firstWord[node])..<Int(trie.endWord[node]), Int(best) + penalty)
                    return
                }
                if rowMinimum > maxTypos { return }
                if word >= 0, best <= maxTypos { report(Int(word)..<Int(word) + 1, Int(best) + penalty) }
            } else {
                if word >= 0, last <= maxTypos { report(Int(word)..<Int(word) + 1, Int(last) + penalty) }
                if rowMinimum > maxTypos { return }
            }
            for index in Int(trie.childStart[node])..<Int(trie.childStart[node + 1]) {
                visit(node: Int(trie.children[index]), depth: depth + 1, parentLabel: label, best: best, report: report)
            }
        }
    }
}
