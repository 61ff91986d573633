import Foundation
import TypeaheadEngine
import TypeaheadModel
import TypeaheadServe
import TypeaheadSite

/// Where a command writes: results to `out`, messages and progress to `err`.
public struct Console {
    public var out: (String) -> Void
    public var err: (String) -> Void
    /// Whether `err` is a terminal, so progress may be drawn on it.
    public var errIsTerminal: Bool
    /// Writes to `err` as it is: the progress line's own carriage return and erase sequence.
    public var draw: (String) -> Void

    public init(
        out: @escaping (String) -> Void, err: @escaping (String) -> Void, errIsTerminal: Bool,
        draw: ((String) -> Void)? = nil
    ) {
        self.out = out
        self.err = err
        self.errIsTerminal = errIsTerminal
        self.draw = draw ?? err
    }

    /// The process's standard output and error. Text reaches them printable: names, queries and
    /// ids from the data may hold control characters (ESC, BEL, a carriage return) that a terminal
    /// would obey, so every control character but newline and tab is shown as `�`.
    public static var standard: Console {
        Console(
            out: { FileHandle.standardOutput.write(Data(printable($0).utf8)) },
            err: { FileHandle.standardError.write(Data(printable($0).utf8)) },
            errIsTerminal: isatty(2) == 1,
            draw: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    /// `text` with C0 and C1 control characters and DEL, newline and tab excepted, replaced by U+FFFD.
    public static func printable(_ text: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(isControl(scalar) ? "\u{FFFD}" : scalar) }
        return String(result)
    }
}

/// The `typeahead` command line: parses arguments, runs a command, returns the exit code
/// (0 success, 1 failure, 2 usage).
public struct TypeaheadCommand {
    public static let version = "0.1.0"

    static let overview = """
        typeahead \(version): static, offline search sites with Query Suggestions.

        Usage: typeahead <command> [options]

        Commands:
          suggest   Make query_suggestions.json from the catalogue and query logs
          build     Build the site from Content/ and Templates/ into _site/
          query     Ask the live engine; prints an Algolia-shaped JSON response
          check     Prove a built site equal to the live engine, key by key, page by page
          report    The build report: counts, data findings, largest files, pictures
          diff      What changed in search between two built sites, as Markdown for a pull request
          serve     Preview the site over HTTP, with the live engine as Algolia's search API
          images    fetch: download the products' remote images into the content's image cache

        Options:
          -h, --help     Show help (also: typeahead <command> --help)
          --version      Show the version

        """

    static let buildHelp = """
        Usage: typeahead build [--content DIR] [--templates DIR] [--output DIR] [--quiet]

        Builds the static site. Nothing is written unless the whole build succeeds; the previous
        site is then replaced at once. A non-empty folder that is not a Typeahead site is never
        replaced. The products' pictures are read from DIR/images/ and DIR/image-cache/ (filled by
        typeahead images fetch) and resized into the site; the network is never used.

        Options:
          --content DIR     Products, suggestions, site.json and pictures (default: Content)
          --templates DIR   Mustache templates and assets (default: Templates)
          --output DIR      Where the site goes (default: _site)
          --quiet           No progress or summary on the terminal
          -h, --help        Show this help

        """

    static let queryHelp = """
        Usage: typeahead query [--content DIR] [--index products|suggestions] [--filter ATTR:VALUE]
                               [--page N] [--hits-per-page N] [--query-type prefixLast|prefixNone]
                               [--typo-tolerance true|false] QUERY

        Answers QUERY with the live engine (the reference every precomputed page is checked
        against) and prints an Algolia-shaped JSON response: hits with _highlightResult, nbHits,
        page, nbPages, hitsPerPage, query, params, processingTimeMS. Deterministic apart from
        processingTimeMS. QUERY may be "" (every record, most popular first).

        Options:
          --content DIR         Products, suggestions and site.json (default: Content)
          --index NAME          products (default) or suggestions
          --filter ATTR:VALUE   Only records with this exact facet value (a scope), e.g.
                                "categories:Cell Phones"
          --page N              Page, from 0 (default 0)
          --hits-per-page N     Hits per page, 1-1000 (default: site.json's hitsPerPage for
                                products, 20 for suggestions)
          --query-type TYPE     prefixLast (default: the last word also matches as a prefix)
                                or prefixNone (whole words only), as Algolia's queryType
          --typo-tolerance B    true (default) or false, as Algolia's typoTolerance
          --no-typos            The same as --typo-tolerance false
          -h, --help            Show this help

        """

    static let checkHelp = """
        Usage: typeahead check [--content DIR] [--templates DIR] [--site DIR]
               typeahead check --engine URL [--content DIR] [--site DIR] [--app-id ID]
                               [--api-key-env VAR] [--products-index NAME]
                               [--suggestions-index NAME] [--concurrency N] [--min-agreement P]

        The harness: loads the content, builds the live engine, reads back what the site holds
        (its prefix-map shards, site data, client index and result pages) and compares every key
        of every prefix map, every static result page and every precomputed answer with the
        engine's answer, asked directly. Then it builds the site afresh in memory and proves every
        file equal, byte for byte, and that there is no other file. Prints what it checked; on
        any difference prints the first 10 with a count, and exits 1.

        Options:
          --content DIR     Products, suggestions and site.json (default: Content)
          --templates DIR   The templates the site was built with (default: Templates)
          --site DIR        The built site (default: _site)
          -h, --help        Show this help

        With --engine, the same answers are asked of an engine that speaks Algolia's search API
        (Algolia itself, or typeahead serve) instead of the built-in one: every prefix-map key,
        every static result page and every precomputed answer, in batches of 50 searches
        (POST /1/indexes/*/queries), N requests at a time, each retried up to 3 times when the
        connection fails or the engine answers 429 or 5xx. A remote engine may be configured
        otherwise, so it prints the agreement (answers equal, by kind) and the first differences;
        it exits 1 when the agreement is below P or a request still fails.

          --engine URL             The engine's base URL, e.g. https://APPID-dsn.algolia.net or
                                   http://127.0.0.1:8080
          --app-id ID              Sent as X-Algolia-Application-Id (default: typeahead)
          --api-key-env VAR        The environment variable holding the API key (sent as
                                   X-Algolia-API-Key, never printed)
          --products-index NAME    The products index's name there (default: products)
          --suggestions-index NAME The suggestions index's name there (default: suggestions)
          --concurrency N          Requests in flight at once, 1-64 (default 8)
          --min-agreement P        The percentage of equal answers to pass (default 100)

        """

    static let reportHelp = """
        Usage: typeahead report [--site DIR] [--format html|markdown|json]
               typeahead report --content DIR [--templates DIR] [--format html|markdown|json]

        Prints the build report: counts, bytes by kind, data findings with their records
        (suggestions with no hit, suggestions never shown, exact_nb_hits against the hits here,
        products without image, price or description, duplicate names, markup in plain text,
        suspicious prices), the largest files and histograms.

        Every build writes it into the site as report/index.html and report/report.json; by
        default this reads it from there. With --content it builds the site in memory instead
        (writing nothing), and the report then also has the build's phase timings, which a site
        never holds (it must stay byte-identical).

        Options:
          --site DIR        A built site (default: _site)
          --content DIR     Build from this content instead of reading a site
          --templates DIR   With --content: the templates (default: Templates)
          --format NAME     markdown (default), html or json
          -h, --help        Show this help

        """

    static let diffHelp = """
        Usage: typeahead diff OLD_SITE NEW_SITE [--format markdown|json]

        Compares two built sites as search sees them and prints a summary to paste into a pull
        request: a one-line headline; keys whose suggestions changed (before → after), grouped by
        what changed and the most used keys first; suggestions added, removed or changed; result
        pages added, removed, reordered or with other hits; products added, removed or changed;
        and the files that differ. Exit code 0 whatever the difference, 1 if a site cannot be read.

        Options:
          --format NAME   markdown (default) or json
          -h, --help      Show this help

        """

    var console: Console

    public init(console: Console = .standard) {
        self.console = console
    }

    /// Runs the command line `arguments` (without the program name).
    public func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            console.err(Self.overview)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help", "help":
            console.out(Self.overview)
            return 0
        case "--version":
            console.out("typeahead \(Self.version)\n")
            return 0
        case "build":
            if rest.contains("--help") || rest.contains("-h") {
                console.out(Self.buildHelp)
                return 0
            }
            return usageGuard(help: Self.buildHelp) { () throws(UsageError) -> Int32 in try build(rest) }
        case "check":
            if rest.contains("--help") || rest.contains("-h") {
                console.out(Self.checkHelp)
                return 0
            }
            return usageGuard(help: Self.checkHelp) { () throws(UsageError) -> Int32 in try check(rest) }
        case "report":
            if rest.contains("--help") || rest.contains("-h") {
                console.out(Self.reportHelp)
                return 0
            }
            return usageGuard(help: Self.reportHelp) { () throws(UsageError) -> Int32 in try report(rest) }
        case "diff":
            if rest.contains("--help") || rest.contains("-h") {
                console.out(Self.diffHelp)
                return 0
            }
            return usageGuard(help: Self.diffHelp) { () throws(UsageError) -> Int32 in try diff(rest) }
        case "serve":
            if rest.contains("--help") || rest.contains("-h") {
                console.out(Self.serveHelp)
                return 0
            }
            return usageGuard(help: Self.serveHelp) { () throws(UsageError) -> Int32 in try serve(rest) }
        case "query":
            if rest.contains("--help") || rest.contains("-h") {
                console.out(Self.queryHelp)
                return 0
            }
            return usageGuard(help: Self.queryHelp) { () throws(UsageError) -> Int32 in try query(rest) }
        case "suggest":
            if rest.contains("--help") || rest.contains("-h") {
                console.out(Self.suggestHelp)
                return 0
            }
            return usageGuard(help: Self.suggestHelp) { () throws(UsageError) -> Int32 in try suggest(rest) }
        case "images":
            if rest.contains("--help") || rest.contains("-h") {
                console.out(Self.imagesHelp)
                return 0
            }
            return usageGuard(help: Self.imagesHelp) { () throws(UsageError) -> Int32 in try images(rest) }
        default:
            console.err("error: unknown command \"\(command)\"\n\n" + Self.overview)
            return 2
        }
    }

    private func usageGuard(help: String, _ body: () throws(UsageError) -> Int32) -> Int32 {
        do {
            return try body()
        } catch {
            console.err("error: \(error.message)\n\n" + help)
            return 2
        }
    }

    // MARK: - build

    private func build(_ arguments: [String]) throws(UsageError) -> Int32 {
        let options = try ParsedArguments(
            arguments, valued: ["--content", "--templates", "--output"], flags: ["--quiet"])
        if let extra = options.positionals.first {
            throw UsageError(message: "unexpected argument \"\(extra)\"")
        }
        let quiet = options.flags.contains("--quiet")
        let contentDirectory = options.values["--content"] ?? "Content"
        let templatesDirectory = options.values["--templates"] ?? "Templates"
        let output = options.values["--output"] ?? "_site"
        let progress = TerminalProgress(console: console, enabled: !quiet && console.errIsTerminal)
        let started = Date()
        do {
            try SiteWriter(output: output).checkTarget()
            let content = try ContentLoader(directory: contentDirectory).load()
            let templates = try TemplateSet.load(from: templatesDirectory)
            let builder = SiteBuilder(
                content: content, templates: templates, contentDirectory: contentDirectory, progress: progress)
            let summary = try builder.write(to: output)
            progress.finish()
            if !quiet {
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
                text +=
                    "  phases: "
                    + summary.phases.map { "\($0.name) \(String(format: "%.2f", $0.seconds)) s" }.joined(
                        separator: ", ") + "\n"
                if let report = summary.report {
                    let found = report.findings.filter { !$0.rows.isEmpty }
                    text +=
                        "  report: \(output)/\(BuildReport.htmlPath)"
                        + (found.isEmpty
                            ? ", no data findings\n"
                            : "; data findings: " + found.map { "\($0.id) \($0.rows.count)" }.joined(separator: ", ")
                                + "\n")
                }
                // The report's list, most popular first: the ones worth fixing first.
                if let leftOut = summary.report?.findings.first(where: { $0.id == BuildReport.leftOutID })?.rows,
                    !leftOut.isEmpty
                {
                    let shown = leftOut.prefix(10).map { "\"\($0[0])\" (\($0[3]))" }.joined(separator: ", ")
                    let more = leftOut.count > 10 ? ", …" : ""
                    text +=
                        "  \(leftOut.count) of \(summary.suggestions) suggestions left out (\(BuildReport.tooFewHits(content.config.minHits)) here, so in no map, list or page): \(shown)\(more)\n"
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

    // MARK: - check

    private func check(_ arguments: [String]) throws(UsageError) -> Int32 {
        let remote = [
            "--engine", "--app-id", "--api-key-env", "--products-index", "--suggestions-index", "--concurrency",
            "--min-agreement",
        ]
        let options = try ParsedArguments(
            arguments, valued: Set(["--content", "--templates", "--site"] + remote), flags: [])
        if let extra = options.positionals.first {
            throw UsageError(message: "unexpected argument \"\(extra)\"")
        }
        if options.values["--engine"] != nil { return try checkEngine(options) }
        if let given = remote.first(where: { options.values[$0] != nil }) {
            throw UsageError(message: "\(given) goes with --engine URL")
        }
        do {
            let contentDirectory = options.values["--content"] ?? "Content"
            let content = try ContentLoader(directory: contentDirectory).load()
            let templates = try TemplateSet.load(from: options.values["--templates"] ?? "Templates")
            let report = try SiteChecker(
                content: content, site: options.values["--site"] ?? "_site", contentDirectory: contentDirectory,
                templates: templates
            ).run()
            console.out(report.description)
            return report.differenceCount == 0 ? 0 : 1
        } catch {
            console.err("\(Self.describe(error))\n")
            return 1
        }
    }

    // MARK: - report

    private func report(_ arguments: [String]) throws(UsageError) -> Int32 {
        let options = try ParsedArguments(
            arguments, valued: ["--site", "--content", "--templates", "--format"], flags: [])
        if let extra = options.positionals.first {
            throw UsageError(message: "unexpected argument \"\(extra)\"")
        }
        let format = options.values["--format"] ?? "markdown"
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
                let templates = try TemplateSet.load(from: options.values["--templates"] ?? "Templates")
                let summary = try SiteBuilder(
                    content: content, templates: templates, contentDirectory: contentDirectory
                ).buildWithSummary().summary
                report = summary.timedReport!
            } else {
                let site = options.values["--site"] ?? "_site"
                let path = (site as NSString).appendingPathComponent(BuildReport.jsonPath)
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

    // MARK: - diff

    private func diff(_ arguments: [String]) throws(UsageError) -> Int32 {
        let options = try ParsedArguments(arguments, valued: ["--format"], flags: [])
        guard options.positionals.count == 2 else {
            throw UsageError(message: "expected OLD_SITE and NEW_SITE, found \(options.positionals.count) arguments")
        }
        let format = options.values["--format"] ?? "markdown"
        guard ["markdown", "json"].contains(format) else {
            throw UsageError(message: "--format expects markdown or json, not \"\(format)\"")
        }
        do {
            let old = try SiteSnapshot.read(options.positionals[0])
            let new = try SiteSnapshot.read(options.positionals[1])
            let difference = SiteDiff(old: old, new: new)
            console.out(format == "json" ? String(decoding: difference.json(), as: UTF8.self) : difference.markdown())
            return 0
        } catch {
            console.err("\(Self.describe(error))\n")
            return 1
        }
    }

    // MARK: - query

    private func query(_ arguments: [String]) throws(UsageError) -> Int32 {
        let options = try ParsedArguments(
            arguments,
            valued: [
                "--content", "--index", "--filter", "--page", "--hits-per-page", "--query-type", "--typo-tolerance",
            ],
            flags: ["--no-typos"])
        guard options.positionals.count == 1 else {
            throw UsageError(
                message: options.positionals.isEmpty
                    ? "missing QUERY (use \"\" for the empty query)"
                    : "expected one QUERY, found \(options.positionals.count) arguments; quote a query of several words"
            )
        }
        let indexName = options.values["--index"] ?? "products"
        guard let index = IndexName(rawValue: indexName) else {
            throw UsageError(message: "--index expects products or suggestions, not \"\(indexName)\"")
        }
        var filter: Scope?
        if let text = options.values["--filter"] {
            guard let scope = Scope(filter: text) else {
                throw UsageError(message: "--filter expects ATTR:VALUE, not \"\(text)\"")
            }
            filter = scope
        }
        let page = try options.integer("--page", in: 0...1_000_000) ?? 0
        let hitsPerPage = try options.integer("--hits-per-page", in: 1...1000)
        let queryTypeName = options.values["--query-type"] ?? QueryType.prefixLast.rawValue
        guard let queryType = QueryType(rawValue: queryTypeName) else {
            throw UsageError(message: "--query-type expects prefixLast or prefixNone, not \"\(queryTypeName)\"")
        }
        var typoTolerance = !options.flags.contains("--no-typos")
        if let value = options.values["--typo-tolerance"] {
            guard value == "true" || value == "false" else {
                throw UsageError(message: "--typo-tolerance expects true or false, not \"\(value)\"")
            }
            guard typoTolerance || value == "false" else {
                throw UsageError(message: "--no-typos and --typo-tolerance true contradict each other")
            }
            typoTolerance = value == "true"
        }
        do {
            let content = try ContentLoader(directory: options.values["--content"] ?? "Content").load()
            let engine = SearchEngine(content: content)
            let request = SearchRequest(
                index: index, query: options.positionals[0], filter: filter, page: page,
                hitsPerPage: hitsPerPage, typoTolerance: typoTolerance, queryType: queryType)
            let started = DispatchTime.now().uptimeNanoseconds
            let answer = engine.search(request)
            let elapsed = Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
            console.out(JSONWriter.string(engine.response(answer, processingTimeMS: elapsed)) + "\n")
            return 0
        } catch {
            console.err("\(Self.describe(error))\n")
            return 1
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as ContentError: return error.description
        case let error as SiteChecker.Unreadable: return "error: \(error.description)"
        case let error as HTTPServerError: return "error: \(error.description)"
        case let error as SiteWriteError:
            return error.description.hasPrefix("error:") ? error.description : "error: \(error.description)"
        default: return "error: \(error)"
        }
    }
}

/// Draws `phase done/total` on one terminal line; silent when disabled.
final class TerminalProgress: BuildProgress {
    let console: Console
    let enabled: Bool
    private var drawn = false

    init(console: Console, enabled: Bool) {
        self.console = console
        self.enabled = enabled
    }

    func update(phase: String, done: Int, total: Int) {
        guard enabled else { return }
        drawn = true
        console.draw("\r\u{1B}[2K\(phase) \(done)/\(total)")
    }

    func finish() {
        guard enabled, drawn else { return }
        console.draw("\r\u{1B}[2K")
        drawn = false
    }
}
