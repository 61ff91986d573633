import Foundation
import TypeaheadModel
import TypeaheadSuggest

extension TypeaheadCommand {
    static let suggestCommand = CommandSpec(
        name: "suggest",
        about: """
            Makes Query Suggestions from the catalogue and query logs, as Algolia's Query Suggestions
            builder does: every logged query and generated facet combination is cleaned, rejected when
            too short, with special characters or excluded, completed when it is a prefix, vetted with
            an exact search (minHits), merged with equal queries (and, with languages, its singular or
            plural), and written in the shape typeahead build reads, sorted, atomically.
            """,
        options: [
            OptionSpec("--content", "DIR", "Products and site.json", default: "Content"),
            OptionSpec(
                "--config", "FILE",
                "Algolia's Query Suggestions configuration\n(default: DIR/suggestions.config.json); its sourceIndices[0].external\nnames the query logs (.csv, .tsv, .json, .ndjson), beside it"
            ),
            OptionSpec("--output", "FILE", "Where the suggestions go (default: DIR/query_suggestions.json)"),
            OptionSpec("--dry-run", nil, "Write nothing; print what would change"),
            OptionSpec("--verbose", nil, "Print a line for every query not kept, as Algolia's build log does"),
        ])

    func suggest(_ arguments: [String]) throws(UsageError) -> Int32 {
        let options = try Self.suggestCommand.parse(arguments)
        if let extra = options.positionals.first {
            throw UsageError(message: "unexpected argument \"\(extra)\"")
        }
        let directory = options.value("--content")
        let configPath =
            options.values["--config"]
            ?? (directory as NSString).appendingPathComponent(
                "suggestions.config.json")
        let output =
            options.values["--output"]
            ?? (directory as NSString).appendingPathComponent(
                "query_suggestions.json")
        do {
            let started = DispatchTime.now().uptimeNanoseconds
            let config = try SuggestionsConfig.read(path: configPath)
            var read = DispatchTime.now().uptimeNanoseconds
            let products = try ContentLoader(directory: directory).loadCatalogue()
            try config.validate(against: products.products, file: configPath)
            if config.indexName != products.config.sourceIndex {
                throw ContentError(
                    ContentIssue(
                        file: configPath, field: "sourceIndices[0].indexName",
                        message:
                            "\"\(config.indexName)\" is not site.json's sourceIndex \"\(products.config.sourceIndex)\", so the build would not read the counts and facets"
                    ))
            }
            let folder = (configPath as NSString).deletingLastPathComponent
            var log: [LogEntry] = []
            for file in config.external {
                log += try QueryLog.read(path: (folder as NSString).appendingPathComponent(file))
            }
            read = DispatchTime.now().uptimeNanoseconds - read
            var result = SuggestionsBuilder(content: products, config: config, log: log).run()
            result.summary.phases.insert(("read", Double(read) / 1e9), at: 0)
            if options.flags.contains("--verbose") {
                console.err(result.skipped.map { TerminalText.clean($0) + "\n" }.joined())
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            console.err(Self.summary(result.summary, minHits: config.minHits, seconds: seconds))
            let changes = SuggestionsFile.changes(from: output, to: result.records, indexName: config.indexName)
            if options.flags.contains("--dry-run") {
                console.out(Self.describe(changes, output: output))
                return 0
            }
            try SuggestionsFile.write(SuggestionsFile.render(result.records, indexName: config.indexName), to: output)
            console.err(
                "Wrote \(output): \(result.records.count) suggestions (\(changes.added.count) added, \(changes.removed.count) removed, \(changes.changed.count) changed).\n"
            )
            return 0
        } catch {
            console.err("\(Self.describe(error))\n")
            return 1
        }
    }

    static func summary(_ summary: SuggestionsBuilder.Summary, minHits: Int, seconds: Double) -> String {
        var text =
            "Suggestions: \(summary.candidates) candidates (\(summary.logEntries) logged, \(summary.generated) generated), \(summary.distinct) distinct once cleaned, in \(String(format: "%.2f", seconds)) s.\n"
        text += "  completed \(summary.completed) prefixes; merged \(summary.merged) equal queries"
        text += summary.mergedPlurals > 0 ? ", \(summary.mergedPlurals) plurals" : ""
        text += summary.mergedOrders > 0 ? ", \(summary.mergedOrders) word orders\n" : "\n"
        let rejected = SuggestionsBuilder.Reason.allCases.compactMap { reason -> String? in
            guard let count = summary.rejected[reason], count > 0 else { return nil }
            return reason == .tooFewHits ? "\(count) under \(minHits) hits" : "\(count) \(reason.rawValue)"
        }
        text += "  rejected: " + (rejected.isEmpty ? "none" : rejected.joined(separator: ", ")) + "\n"
        text += "  kept \(summary.kept)\n"
        text +=
            "  phases: "
            + summary.phases.map { "\($0.name) \(String(format: "%.2f", $0.seconds)) s" }.joined(separator: ", ")
            + "\n"
        return text
    }

    static func describe(_ changes: (added: [String], removed: [String], changed: [String]), output: String) -> String {
        var text =
            "Dry run: \(output) would get \(changes.added.count) added, \(changes.removed.count) removed, \(changes.changed.count) changed.\n"
        for (label, list) in [("added", changes.added), ("removed", changes.removed), ("changed", changes.changed)]
        where !list.isEmpty {
            let shown = list.prefix(20).map { "\"\(TerminalText.clean($0))\"" }.joined(separator: ", ")
            text += "  \(label): \(shown)\(list.count > 20 ? ", and \(list.count - 20) more" : "")\n"
        }
        return text
    }
}

/// Text from the data made safe for a terminal: control characters (ESC, BEL…) become `?`.
enum TerminalText {
    static func clean(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "?" : $0 }))
    }
}
