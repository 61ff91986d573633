import Dispatch
import Synchronization
import TypeaheadEngine
import TypeaheadModel

// Heads: the first page and hit count of every short word prefix (`heads/<hex>.js`, `heads/rows/`).
extension ShardedIndex {

    /// Word prefixes up to this many letters get a head (below four letters no typo is allowed, so
    /// the candidate words of such a one-word query are exactly the words with that prefix).
    static let headLength = 3
    /// The longest prefixes whose heads are in their letter's file; a longer one's head is in the
    /// rows file of the prefix one letter shorter (`findHead` in typeahead-index.js).
    static let letterHeadLength = 2

    /// A head's file name: the prefix's UTF-8 bytes in lower-case hex (the page computes it too).
    static func hex(_ text: String) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var name: [UInt8] = []
        for byte in text.utf8 {
            name.append(digits[Int(byte >> 4)])
            name.append(digits[Int(byte & 15)])
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// Heads: the first page and hit count of every short word prefix, in files by their first
    /// letter (a few dozen files, each bounded by the square of the alphabet).
    func writeHeads(
        _ prefixes: Set<String>, head: @Sendable (String) -> (nbHits: Int, records: [Int32]), order: [Int32],
        index: SearchIndex, rows: [[UInt8]], into output: inout Output
    ) -> [String] {
        let number = numbering(order, count: index.records.count)
        let sorted = prefixes.sorted(by: utf8Less)
        let answers = Mutex([(line: [UInt8], numbers: [Int32])](repeating: ([], []), count: sorted.count))
        let numbers = number
        DispatchQueue.concurrentPerform(iterations: sorted.count) { i in
            let (nbHits, records) = head(sorted[i])
            let page = records.map { numbers[Int($0)] }
            var line: [UInt8] = [UInt8(ascii: "[")]
            JSONWriter.writeString(sorted[i], scriptSafe: true, into: &line)
            for value in [nbHits] + page.map(Int.init) { line += ",\(value)".utf8 }
            line += "],\n".utf8
            answers.withLock { $0[i] = (line, page) }
        }
        let lines = answers.withLock { $0 }
        // A group's first prefix is its letter: the first keystroke's answer, whose rows open the
        // file (`<file>/rows`, first, so that they are there when the heads' script tells who waits).
        var group: (name: String, lines: [UInt8], letter: [Int32])?
        var names: [String] = []
        func flush() {
            guard let done = group else { return }
            let slug = done.name
            output.add(
                path(of: "heads", slug),
                rowsScript("heads", slug + "/rows", done.letter, rows) + script("heads", slug, done.lines))
        }
        // Past the first letter, a prefix's rows are a file of their own (`rows/<hex>.js`), loaded
        // once its head is found: its first page from one file, not from up to twenty `records/`.
        // A two-letter prefix's file opens with the heads of the three-letter prefixes it starts
        // (a script named `<hex>`; its rows come last, as in a letter's file), which the second
        // keystroke brings along for the third: a letter's file holds the heads of one and two
        // letters only (at 100,000 products the three-letter heads were two thirds of it).
        for (i, (prefix, line)) in zip(sorted, lines).enumerated()
        where prefix.unicodeScalars.count > 1 && !line.numbers.isEmpty {
            var longer: [UInt8] = []
            var j = i + 1
            // Sorted by their bytes, the prefixes a prefix starts follow it.
            while j < sorted.count && sorted[j].utf8.starts(with: prefix.utf8) {
                if sorted[j].unicodeScalars.count == prefix.unicodeScalars.count + 1 { longer += lines[j].line }
                j += 1
            }
            let slug = "rows/" + Self.hex(prefix)
            output.add(
                path(of: "heads", slug),
                (longer.isEmpty ? [] : script("heads", Self.hex(prefix), longer))
                    + rowsScript("heads", slug, line.numbers, rows))
        }
        for (prefix, line) in zip(sorted, lines) where prefix.unicodeScalars.count <= Self.letterHeadLength {
            let name = Self.hex(String(String.UnicodeScalarView(prefix.unicodeScalars.prefix(1))))
            if group?.name != name {
                flush()
                group = (name, [], prefix.unicodeScalars.count == 1 ? line.numbers : [])
                names.append(name)
            }
            group!.lines += line.line
        }
        flush()
        return names
    }
}
