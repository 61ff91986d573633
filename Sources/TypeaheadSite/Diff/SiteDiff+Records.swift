import TypeaheadModel

// What changed in the suggestions, the result lists, the products and the files.
extension SiteDiff {
    /// The suggestions added, removed or changed (which fields): added, then removed, then changed;
    /// by objectID within each.
    static func suggestionChanges(old: SiteSnapshot, new: SiteSnapshot) -> [RecordChange] {
        var suggestionChanges: [RecordChange] = []
        for id in Self.unionKeys(old.suggestions, new.suggestions) {
            let b = old.suggestions[id]
            let a = new.suggestions[id]
            switch (b, a) {
            case (nil, let a?):
                suggestionChanges.append(
                    .init(
                        change: .added, objectID: a.objectID, text: a.query, fields: [], popularityBefore: nil,
                        popularityAfter: a.popularity))
            case (let b?, nil):
                suggestionChanges.append(
                    .init(
                        change: .removed, objectID: b.objectID, text: b.query, fields: [],
                        popularityBefore: b.popularity, popularityAfter: nil))
            case (let b?, let a?) where !Self.same(b.line, a.line):
                var fields: [String] = []
                if !Self.same(b.query, a.query) { fields.append("query") }
                if b.popularity != a.popularity { fields.append("popularity") }
                if fields.isEmpty { fields.append("facets") }
                suggestionChanges.append(
                    .init(
                        change: .changed, objectID: a.objectID, text: a.query, fields: fields,
                        popularityBefore: b.popularity, popularityAfter: a.popularity))
            default: break
            }
        }
        return suggestionChanges.sorted(by: byChange)
    }

    /// The result lists whose hits changed, the most used first.
    static func resultChanges(old: SiteSnapshot, new: SiteSnapshot, use: KeyUse) -> [ResultChange] {
        var resultChanges: [ResultChange] = []
        var resultKeys = Set(old.results.keys)
        resultKeys.formUnion(new.results.keys)
        for key in resultKeys {
            let b = old.results[key] ?? []
            let a = new.results[key] ?? []
            if b == a { continue }
            let change =
                old.results[key] == nil
                ? Change.added
                : new.results[key] == nil
                    ? .removed : (b.sorted() == a.sorted() ? .reordered : .hits)
            let text = query(key, old: old, new: new)
            resultChanges.append(
                .init(
                    change: change, objectID: key, query: text, before: b, after: a,
                    use: use.of(TextNormalizer.normalize(text))))
        }
        return resultChanges.sorted { a, b in
            if a.use != b.use { return a.use > b.use }
            return a.objectID < b.objectID
        }
    }

    /// The products added, removed or changed (which fields, `page` for its page): added, then
    /// removed, then changed; by objectID within each.
    static func productChanges(old: SiteSnapshot, new: SiteSnapshot) -> [RecordChange] {
        var productChanges: [RecordChange] = []
        for id in Self.unionKeys(old.products, new.products) {
            let b = old.products[id]
            let a = new.products[id]
            switch (b, a) {
            case (nil, let a?):
                productChanges.append(.init(change: .added, objectID: a.objectID, text: a.name, fields: []))
            case (let b?, nil):
                productChanges.append(.init(change: .removed, objectID: b.objectID, text: b.name, fields: []))
            case (let b?, let a?):
                var fields = Set(b.fields.keys).union(a.fields.keys).filter {
                    !Self.same(JSONWriter.string(b.fields[$0] ?? .null), JSONWriter.string(a.fields[$0] ?? .null))
                }
                .sorted(by: utf8Less)
                // `customRanking` holds one value per criterion: name the criteria that changed.
                if let i = fields.firstIndex(of: "customRanking"), case .array(let before)? = b.fields["customRanking"],
                    case .array(let after)? = a.fields["customRanking"], before.count == after.count,
                    new.customRanking.count == after.count
                {
                    fields.replaceSubrange(
                        i...i, with: after.indices.filter { before[$0] != after[$0] }.map { new.customRanking[$0] })
                }
                let page = SiteLayout.product(slug: a.slug)
                if old.files[SiteLayout.product(slug: b.slug)] != new.files[page] { fields.append("page") }
                if !fields.isEmpty {
                    productChanges.append(.init(change: .changed, objectID: a.objectID, text: a.name, fields: fields))
                }
            default: break
            }
        }
        return productChanges.sorted(by: byChange)
    }

    /// Added, then removed, then changed; by objectID within each.
    static func byChange(_ a: RecordChange, _ b: RecordChange) -> Bool {
        let order = { (change: Change) in Change.allCases.firstIndex(of: change)! }
        return a.change != b.change ? order(a.change) < order(b.change) : a.objectID < b.objectID
    }

    /// Every file added, removed or changed, by path, and how many are the same.
    static func fileChanges(old: SiteSnapshot, new: SiteSnapshot) -> FileChanges {
        var added: [String] = []
        var removed: [String] = []
        var changed: [String] = []
        var unchanged = 0
        for path in Set(old.files.keys).union(new.files.keys).sorted(by: utf8Less) {
            switch (old.files[path], new.files[path]) {
            case (nil, _?): added.append(path)
            case (_?, nil): removed.append(path)
            case (let b?, let a?): if b == a { unchanged += 1 } else { changed.append(path) }
            default: break
            }
        }
        return FileChanges(added: added, removed: removed, changed: changed, unchanged: unchanged)
    }
}
