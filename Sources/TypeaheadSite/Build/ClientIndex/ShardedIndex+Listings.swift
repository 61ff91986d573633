import TypeaheadModel

// The vocabulary's listings (`words/`, `tails/`), the record rows (`records/`) and the scopes
// (`scopes/`).
extension ShardedIndex {

    /// Writes one listing in shards; returns each shard's first key and slug.
    func writeListing(
        _ kind: String, _ entries: [(word: String, postings: String)], key: (String) -> String,
        into output: inout Output
    ) -> [(String, String)] {
        var manifest: [(String, String)] = []
        var lines: [UInt8] = []
        var first: (key: String, word: String)?
        func flush() {
            guard let shard = first else { return }
            let slug = Slug.make(shard.word)
            output.add(path(of: kind, slug), script(kind, slug, lines))
            manifest.append((shard.key, slug))
            lines = []
            first = nil
        }
        for entry in entries {
            var line: [UInt8] = [UInt8(ascii: "[")]
            JSONWriter.writeString(entry.word, scriptSafe: true, into: &line)
            line.append(UInt8(ascii: ","))
            JSONWriter.writeString(entry.postings, scriptSafe: true, into: &line)
            line += "],\n".utf8
            if first != nil,
                (lines.count >= Self.listingMinimumBytes && PrefixMapFiles.isAnchor(Array(entry.word.utf8)))
                    || lines.count + line.count > Self.listingMaximumBytes
            {
                flush()
            }
            if first == nil { first = (key(entry.word), entry.word) }
            lines += line
        }
        flush()
        return manifest
    }

    /// Record rows (by number), `bucket` a file (`records/<n>.js`).
    func writeRecords(_ rows: [[UInt8]], into output: inout Output) {
        for start in stride(from: 0, to: rows.count, by: bucket) {
            var lines: [UInt8] = []
            for row in rows[start..<min(start + bucket, rows.count)] {
                lines += row
                lines += ",\n".utf8
            }
            output.add(path(of: "records", String(start / bucket)), script("records", String(start / bucket), lines))
        }
    }

    /// Each scope's members, as gaps between their numbers (`scopes/<slug>.js`); returns the
    /// manifest's entries.
    func writeScopes(_ scopes: [(Scope, [Bool])], order: [Int32], into output: inout Output) -> [JSONValue] {
        var scopeEntries: [JSONValue] = []
        for (scope, members) in scopes {
            let slug = SiteLayout.scopeSlug(scope)
            var lines: [UInt8] = []
            var previous: Int32 = 0
            for (number, record) in order.enumerated() where members[Int(record)] {
                if !lines.isEmpty { lines.append(UInt8(ascii: ",")) }
                Self.append(Int32(number) - previous, to: &lines)
                previous = Int32(number)
            }
            output.add(path(of: "scopes", slug), script("scopes", slug, lines + [UInt8(ascii: "\n")]))
            scopeEntries.append(.array([.string(scope.attribute), .string(scope.value), .string(slug)]))
        }
        return scopeEntries
    }
}
