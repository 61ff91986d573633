import TypeaheadModel

/// A long sorted list of `[first key, file]` entries (a prefix map's shards, the answers' shards)
/// in pages that the page reads one at a time. Level 1 (`pages/`) lists the entries; while a level
/// has more than `top` pages, a level above lists its pages (`pages2/`, `pages3/`…); the site data
/// lists only the top level, so what every visit loads stays small whatever the catalogue, and a
/// lookup costs one small page a level.
///
/// A page ends at a content-defined cut, as a shard does: before an entry whose first key is an
/// anchor once the page has `minimum` entries, and always at `maximum`. So one entry more or less
/// changes one page of each level, not every page after it.
struct PageLevels: Sendable {
    var minimum = 32
    var maximum = 96
    var top = 64

    /// The folder of level `depth`'s pages.
    static func folder(_ depth: Int) -> String { depth == 1 ? "pages" : "pages\(depth)" }

    /// Whether `name` is a folder of pages (`pages`, `pages2`…), as `folder` names them.
    static func isFolder(_ name: some StringProtocol) -> Bool {
        guard name.hasPrefix("pages"), let depth = name == "pages" ? 1 : Int(name.dropFirst(5)), depth >= 1 else {
            return false
        }
        return folder(depth) == String(name)
    }

    /// Cuts `entries` into pages level by level; `write(depth, page)` writes one page and returns
    /// the file (or name) the level above lists it by. Returns the top level and its depth (how many
    /// levels of pages a reader descends before an entry names what was paged: the site data says
    /// so, so the page never tells a page from a shard by its name).
    func build(
        _ entries: [(firstKey: String, file: String)],
        write: (_ depth: Int, _ page: ArraySlice<(firstKey: String, file: String)>) -> String
    ) -> (top: [(firstKey: String, file: String)], depth: Int) {
        var level = entries
        var depth = 0
        repeat {
            depth += 1
            level = cuts(level, depth: depth).map { page in (page.first!.firstKey, write(depth, page)) }
        } while level.count > top
        return (level, depth)
    }

    /// `entries` cut into the pages of level `depth`. A page of level `depth` starts at a key whose
    /// hash has bits 5 × depth to 5 × depth + 4 zero: a prefix-map shard starts at one whose lowest
    /// five bits are zero (`PrefixMapFiles.isAnchor`), a page of the level below at the five bits
    /// before, so every entry would be an anchor if a level used the same bits as the one below.
    func cuts(
        _ entries: [(firstKey: String, file: String)], depth: Int
    ) -> [ArraySlice<(firstKey: String, file: String)>] {
        var cuts: [ArraySlice<(firstKey: String, file: String)>] = []
        var start = 0
        func isAnchor(_ key: String) -> Bool { FNV1a.hash64(Array(key.utf8)) >> UInt64(5 * depth) & 31 == 0 }
        for i in entries.indices where i > start {
            if (i - start >= minimum && isAnchor(entries[i].firstKey)) || i - start == maximum {
                cuts.append(entries[start..<i])
                start = i
            }
        }
        if start < entries.count { cuts.append(entries[start...]) }
        return cuts
    }

    /// A page's lines, `["first key","file"],` each.
    static func lines(_ page: ArraySlice<(firstKey: String, file: String)>) -> [UInt8] {
        var bytes: [UInt8] = []
        for (first, file) in page {
            bytes.append(UInt8(ascii: "["))
            JSONWriter.writeString(first, scriptSafe: true, into: &bytes)
            bytes.append(UInt8(ascii: ","))
            JSONWriter.writeString(file, scriptSafe: true, into: &bytes)
            bytes += "],\n".utf8
        }
        return bytes
    }
}
