import Foundation
import TypeaheadEngine
import TypeaheadModel
import TypeaheadServe
import TypeaheadSite

extension TypeaheadCommand {
    static let buildCommand = CommandSpec(
        name: "build",
        about: """
            Builds the static site. Nothing is written unless the whole build succeeds; the previous
            site is then replaced at once. A non-empty folder that is not a Typeahead site is never
            replaced. The products' pictures are read from DIR/images/ and DIR/image-cache/ (filled by
            typeahead images fetch) and resized into the site; the network is never used.
            """,
        options: [
            OptionSpec("--content", "DIR", "Products, suggestions, site.json and pictures", default: "Content"),
            OptionSpec("--templates", "DIR", "Mustache templates and assets", default: "Templates"),
            OptionSpec("--output", "DIR", "Where the site goes", default: "_site"),
            OptionSpec("--quiet", nil, "No progress or summary on the terminal"),
        ])

    func build(_ arguments: [String]) throws(UsageError) -> Int32 {
        let options = try Self.buildCommand.parse(arguments)
        if let extra = options.positionals.first {
            throw UsageError(message: "unexpected argument \"\(extra)\"")
        }
        let quiet = options.flags.contains("--quiet")
        let contentDirectory = options.value("--content")
        let templatesDirectory = options.value("--templates")
        let output = options.value("--output")
        let progress = TerminalProgress(console: console, enabled: !quiet && console.errIsTerminal)
        let started = Date()
        do {
            try SiteWriter(output: output).checkTarget()
            let content = try ContentLoader(directory: contentDirectory).load()
            let templates = try TemplateSet.load(from: templatesDirectory)
            var builder = SiteBuilder(
                content: content, templates: templates, contentDirectory: contentDirectory, progress: progress)
            // The process ends after this: what the build made is reclaimed with it, not freed.
            builder.leavesWorkToProcessEnd = true
            ProcessEnd.keep(builder)
            ProcessEnd.keep(content)
            let summary = try builder.write(to: output)
            progress.finish()
            if !quiet, summary.unchanged {
                let seconds = Date().timeIntervalSince(started)
                console.err(
                    "Built \(output): \(summary.incremental ?? "") in \(String(format: "%.2f", seconds)) s.\n"
                        + "Open \(output)/index.html in a browser.\n")
            } else if !quiet {
                let seconds = Date().timeIntervalSince(started)
                var text =
                    "Built \(output): \(summary.products) products, \(summary.suggestions) suggestions, \(summary.files) files, \(summary.bytes) bytes in \(String(format: "%.2f", seconds)) s.\n"
                text +=
                    "  prefix maps: \(summary.keys) keys in \(summary.shards) shards (largest \(summary.largestShardBytes) bytes); \(summary.resultPages) result pages; client index \(summary.clientIndexBytes) bytes\n"
                if summary.picturesMade + summary.picturesReused > 0 {
                    text +=
                        "  pictures: \(summary.picturesMade) resized, \(summary.picturesReused) unchanged since the previous build (taken from it)\n"
                }
                text +=
                    "  \(summary.files - summary.unchangedFiles) files written, \(summary.unchangedFiles) unchanged since the previous build (kept as they were)\n"
                if let incremental = summary.incremental { text += "  \(incremental)\n" }
                text +=
                    "  phases: "
                    + summary.phases.map { "\($0.name) \(String(format: "%.2f", $0.seconds)) s" }.joined(
                        separator: ", ") + "\n"
                if let report = summary.report {
                    let found = report.findings.filter { !$0.rows.isEmpty }
                    text +=
                        "  report: \(output)/\(SiteLayout.reportHTML)"
                        + (found.isEmpty
                            ? ", no data findings\n"
                            : "; data findings: " + found.map { "\($0.id) \($0.rows.count)" }.joined(separator: ", ")
                                + "\n")
                }
                // The report's list, most popular first: the ones worth fixing first.
                if let leftOut = summary.report?.findings.first(where: { $0.id == FindingID.leftOut.rawValue })?.rows,
                    !leftOut.isEmpty
                {
                    let shown = leftOut.prefix(10).map { "\"\($0[0])\" (\($0[3]))" }.joined(separator: ", ")
                    let more = leftOut.count > 10 ? ", …" : ""
                    text +=
                        "  \(leftOut.count) of \(summary.suggestions) suggestions left out (\(BuildReport.tooFewHits(content.config.minHits)) here, so in no map, list or page): \(shown)\(more)\n"
                }
                if let formats = summary.report?.findings.first(where: {
                    $0.id == FindingID.descriptionFormat.rawValue
                }), !formats.rows.isEmpty {
                    text += "  \(formats.note)\n"
                }
                text += "Open \(output)/index.html in a browser.\n"
                console.err(text)
            }
            return 0
        } catch {
            progress.finish()
            console.err("\(Self.describe(error))\n")
            return 1
        }
    }
}
