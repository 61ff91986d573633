import Foundation
import TypeaheadEngine
import TypeaheadModel
import TypeaheadServe
import TypeaheadSite

extension TypeaheadCommand {
    static let reportCommand = CommandSpec(
        name: "report",
        otherUsages: ["--content DIR [--templates DIR] [--format html|markdown|json]"],
        about: """
            Prints the build report: counts, bytes by kind, data findings with their records
            (suggestions with no hit, suggestions never shown, exact_nb_hits against the hits here,
            products without image, price or description, duplicate names, markup in plain text,
            suspicious prices), the largest files and histograms.

            Every build writes it into the site as report/index.html and report/report.json
            (each finding's first \(BuildReport.siteRows) records, and their count); by default
            this reads it from there. With --content it builds the site in memory instead (writing
            nothing), and the report then lists every record and has the build's phase timings,
            which a site never holds (it must stay byte-identical).
            """,
        options: [
            OptionSpec("--site", "DIR", "A built site", default: "_site"),
            OptionSpec("--content", "DIR", "Build from this content instead of reading a site"),
            OptionSpec("--templates", "DIR", "With --content: the templates", default: "Templates"),
            OptionSpec("--format", "NAME", "markdown, html or json", default: "markdown"),
        ])

    func report(_ arguments: [String]) throws(UsageError) -> Int32 {
        let options = try Self.reportCommand.parse(arguments)
        if let extra = options.positionals.first {
            throw UsageError(message: "unexpected argument \"\(extra)\"")
        }
        let format = options.value("--format")
        guard ["html", "markdown", "json"].contains(format) else {
            throw UsageError(message: "--format expects html, markdown or json, not \"\(format)\"")
        }
        if options.values["--site"] != nil, options.values["--content"] != nil {
            throw UsageError(message: "give --site (read a built site) or --content (build in memory), not both")
        }
        if options.values["--templates"] != nil, options.values["--content"] == nil {
            throw UsageError(message: "--templates goes with --content")
        }
        do {
            let report: BuildReport
            if let contentDirectory = options.values["--content"] {
                let content = try ContentLoader(directory: contentDirectory).load()
                let templates = try TemplateSet.load(from: options.value("--templates"))
                let summary = try SiteBuilder(
                    content: content, templates: templates, contentDirectory: contentDirectory
                ).buildWithSummary().summary
                report = summary.timedReport!
            } else {
                let site = options.value("--site")
                let path = (site as NSString).appendingPathComponent(SiteLayout.reportJSON)
                guard let data = FileManager.default.contents(atPath: path) else {
                    console.err(
                        "error: \(path): no such file; is \(site) a site built by typeahead \(Self.version)? (typeahead build writes it)\n"
                    )
                    return 1
                }
                do {
                    report = try BuildReport.decode([UInt8](data))
                } catch {
                    console.err("error: \(path): not a build report (\(error))\n")
                    return 1
                }
            }
            switch format {
            case "html": console.out(report.html())
            case "json": console.out(String(decoding: report.json(), as: UTF8.self))
            default: console.out(report.markdown())
            }
            return 0
        } catch {
            console.err("\(Self.describe(error))\n")
            return 1
        }
    }
}
