import TypeaheadModel

extension SiteDiff {
    /// How much the Markdown form shows; `--format json` lists everything.
    static let shownGroups = 25
    static let exampleKeys = 3
    static let listedKeys = 30
    static let shownRows = 50
    static let shownHits = 3
    static let shownTallies = 10

    /// The products a result change's Markdown line names: hits gained and lost, or the new top hit.
    static func mentionedProducts(_ change: ResultChange) -> [ObjectID] {
        let gained = change.after.filter { !change.before.contains($0) }.prefix(shownHits)
        let lost = change.before.filter { !change.after.contains($0) }.prefix(shownHits)
        return Array(gained) + Array(lost) + [change.before.first, change.after.first].compactMap { $0 }
    }

    /// The diff as Markdown for a pull request: the headline first, then each kind of change, the
    /// most used first. Every text from the data is escaped; keys (letters, digits and spaces only,
    /// once normalised) are shown as code.
    public func markdown() -> String {
        "**Typeahead diff:** \(MarkdownText.escape(headline))\n" + keysMarkdown() + suggestionsMarkdown()
            + resultsMarkdown() + productsMarkdown() + filesMarkdown()
    }

    /// The keys whose suggestions changed, grouped, with a tally by suggestion.
    func keysMarkdown() -> String {
        var text = ""
        let keyCount = keys.reduce(0) { $0 + $1.keys.count }
        if !keys.isEmpty {
            text +=
                "\n## Suggestions by key: \(grouped(keyCount)) key\(keyCount == 1 ? "" : "s") in \(grouped(keys.count)) change\(keys.count == 1 ? "" : "s")\n\n"
            text +=
                "Keys that changed the same way are one change. The most used come first: a key's use is the total popularity of the suggestions it leads to.\n"
            if bySuggestion.count > 1 {
                text += "\nBy suggestion, the most keys first:\n\n"
                text += MarkdownText.row(["suggestion", "keys gained", "keys lost"])
                text += MarkdownText.row(["---", "---:", "---:"])
                for row in bySuggestion.prefix(Self.shownTallies) {
                    text += MarkdownText.row([MarkdownText.escape(row.query), grouped(row.gained), grouped(row.lost)])
                }
                if bySuggestion.count > Self.shownTallies {
                    text += "\n… and \(grouped(bySuggestion.count - Self.shownTallies)) more suggestions.\n"
                }
            }
            for (n, group) in keys.prefix(Self.shownGroups).enumerated() {
                text += "\n### \(n + 1). \(title(of: group))\n\n"
                text +=
                    "\(grouped(group.keys.count)) key\(group.keys.count == 1 ? "" : "s")"
                    + (group.map == SiteLayout.unscopedMap ? "" : " in the scope \(MarkdownText.escape(group.map))")
                    + ":\n\n"
                for change in group.keys.prefix(Self.exampleKeys) {
                    let before =
                        change.status == .added
                        ? "(new key)" : list(change.before, marked: Set(group.left), mark: "~~")
                    let after =
                        change.status == .removed
                        ? "(key gone)" : list(change.after, marked: Set(group.entered), mark: "**")
                    text += "- \(Self.code(change.key)): \(before) → \(after)\n"
                }
                let rest = group.keys.dropFirst(Self.exampleKeys)
                if !rest.isEmpty {
                    let listed = rest.prefix(Self.listedKeys).map { Self.code($0.key) }.joined(separator: ", ")
                    let more = rest.count > Self.listedKeys ? ", and \(grouped(rest.count - Self.listedKeys)) more" : ""
                    text += "- also \(listed)\(more)\n"
                }
            }
            if keys.count > Self.shownGroups {
                let hidden = keys.dropFirst(Self.shownGroups)
                text +=
                    "\n… and \(grouped(hidden.count)) more changes (\(grouped(hidden.reduce(0) { $0 + $1.keys.count })) keys); `typeahead diff --format json` lists every key.\n"
            }
        }
        return text
    }

    /// The suggestions added, removed or changed.
    func suggestionsMarkdown() -> String {
        var text = ""
        if !suggestions.isEmpty {
            text += "\n## Suggestions: \(counts(suggestions))\n\n"
            text += MarkdownText.row(["change", "query", "objectID", "popularity", "what changed"])
            text += MarkdownText.row(["---", "---", "---", "---:", "---"])
            for change in suggestions.prefix(Self.shownRows) {
                text += MarkdownText.row([
                    change.change.rawValue, MarkdownText.escape(change.text), MarkdownText.escape(change.objectID.text),
                    popularity(change), change.fields.joined(separator: ", "),
                ])
            }
            text += more(suggestions.count)
        }
        return text
    }

    /// The result lists whose hits changed.
    func resultsMarkdown() -> String {
        var text = ""
        if !results.isEmpty {
            text += "\n## Result lists: \(Self.tally(results.map(\.change), kinds: Self.resultKinds))\n\n"
            text += "The static result pages of a suggestion, all pages together; the most used first.\n\n"
            text += MarkdownText.row(["query", "change", "hits", "details"])
            text += MarkdownText.row(["---", "---", "---:", "---"])
            for change in results.prefix(Self.shownRows) {
                text += MarkdownText.row([
                    MarkdownText.escape(change.query),
                    change.change == .hits ? "other hits" : change.change.rawValue,
                    "\(grouped(change.before.count)) → \(grouped(change.after.count))", details(change),
                ])
            }
            text += more(results.count)
        }
        return text
    }

    /// The products added, removed or changed.
    func productsMarkdown() -> String {
        var text = ""
        if !products.isEmpty {
            text += "\n## Products: \(counts(products))\n\n"
            text += MarkdownText.row(["change", "objectID", "name", "what changed"])
            text += MarkdownText.row(["---", "---", "---", "---"])
            for change in products.prefix(Self.shownRows) {
                text += MarkdownText.row([
                    change.change.rawValue, MarkdownText.escape(change.objectID.text), MarkdownText.escape(change.text),
                    change.fields.map(MarkdownText.escape).joined(separator: ", "),
                ])
            }
            text += more(products.count)
        }
        return text
    }

    /// Every file added, removed or changed, folded.
    func filesMarkdown() -> String {
        var text = ""
        let fileCount = files.added.count + files.removed.count + files.changed.count
        if fileCount > 0 {
            text +=
                "\n## Files: \(grouped(files.added.count)) added, \(grouped(files.removed.count)) removed, \(grouped(files.changed.count)) changed, \(grouped(files.unchanged)) unchanged\n\n"
            text += "<details><summary>The files</summary>\n\n"
            for (kind, paths) in [("added", files.added), ("removed", files.removed), ("changed", files.changed)] {
                for path in paths.prefix(Self.shownRows) { text += "- \(kind) \(MarkdownText.escape(path))\n" }
                if paths.count > Self.shownRows {
                    text += "- … and \(grouped(paths.count - Self.shownRows)) more \(kind)\n"
                }
            }
            text += "\n</details>\n"
        }
        return text
    }

    /// What a group's change is, in a few words: “ipad” appears; “ipod” disappears; “x” moves up.
    func title(of group: KeyGroup) -> String {
        var parts: [String] = []
        func quoted(_ ids: [ObjectID]) -> String {
            let shown = ids.prefix(3).map { "“\(MarkdownText.escape(queries[$0.text] ?? $0.text))”" }.joined(
                separator: ", ")
            return ids.count > 3 ? shown + " and \(ids.count - 3) more" : shown
        }
        if !group.entered.isEmpty {
            parts.append("\(quoted(group.entered)) appear\(group.entered.count == 1 ? "s" : "")")
        }
        if !group.left.isEmpty { parts.append("\(quoted(group.left)) disappear\(group.left.count == 1 ? "s" : "")") }
        if !group.orderAfter.isEmpty {
            let moved = zip(group.orderBefore, group.orderAfter).first { $0 != $1 }?.1 ?? group.orderAfter[0]
            parts.append("\(quoted([moved])) moves up")
        }
        return parts.joined(separator: "; ")
    }

    /// Suggestions by query, those in `marked` wrapped in `mark`; `(none)` for an empty list.
    func list(_ ids: [ObjectID], marked: Set<ObjectID>, mark: String) -> String {
        if ids.isEmpty { return "(none)" }
        return ids.map { id in
            let text = MarkdownText.escape(queries[id.text] ?? id.text)
            return marked.contains(id) ? mark + text + mark : text
        }.joined(separator: " · ")
    }

    /// A normalised key as inline code (it has no backtick; an empty key is shown as such).
    static func code(_ key: String) -> String {
        if key.isEmpty { return "(empty: the focused box)" }
        if key.contains("`") { return MarkdownText.escape(key) }
        return "`\(key)`"
    }

    func counts(_ changes: [RecordChange]) -> String { Self.tally(changes.map(\.change), kinds: Self.recordKinds) }

    func popularity(_ change: RecordChange) -> String {
        let number = { (value: Double?) in value.map(plainNumber) ?? "" }
        switch change.change {
        case .added: return number(change.popularityAfter)
        case .removed: return number(change.popularityBefore)
        default:
            return change.popularityBefore == change.popularityAfter
                ? number(change.popularityAfter)
                : "\(number(change.popularityBefore)) → \(number(change.popularityAfter))"
        }
    }

    func details(_ change: ResultChange) -> String {
        func name(_ id: ObjectID) -> String { MarkdownText.escape(names[id.text] ?? id.text) }
        switch change.change {
        case .reordered:
            if change.before.first != change.after.first, let b = change.before.first, let a = change.after.first {
                return "top hit: \(name(b)) → \(name(a))"
            }
            return "same top hit, order below it changed"
        case .hits:
            let gained = change.after.filter { !change.before.contains($0) }
            let lost = change.before.filter { !change.after.contains($0) }
            var parts: [String] = []
            if !gained.isEmpty {
                parts.append(
                    "\\+ " + gained.prefix(Self.shownHits).map(name).joined(separator: ", ")
                        + (gained.count > Self.shownHits ? " and \(gained.count - Self.shownHits) more" : ""))
            }
            if !lost.isEmpty {
                parts.append(
                    "− " + lost.prefix(Self.shownHits).map(name).joined(separator: ", ")
                        + (lost.count > Self.shownHits ? " and \(lost.count - Self.shownHits) more" : ""))
            }
            if parts.isEmpty { return "order changed" }
            return parts.joined(separator: "; ")
        case .added: return change.after.first.map { "top hit: \(name($0))" } ?? ""
        default: return ""
        }
    }

    func more(_ total: Int) -> String {
        total > Self.shownRows
            ? "\n… and \(grouped(total - Self.shownRows)) more; `typeahead diff --format json` lists them all.\n" : ""
    }
}
