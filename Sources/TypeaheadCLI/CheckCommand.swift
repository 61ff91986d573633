import Foundation
import TypeaheadEngine
import TypeaheadModel
import TypeaheadServe
import TypeaheadSite

extension TypeaheadCommand {
    static let checkCommand = CommandSpec(
        name: "check",
        otherUsages: [
            "--engine URL [--content DIR] [--site DIR] [--app-id ID] [--api-key-env VAR] [--products-index NAME] [--suggestions-index NAME] [--concurrency N] [--min-agreement P]"
        ],
        about: """
            The harness: loads the content, builds the live engine, reads back what the site holds
            (its prefix-map shards, site data, client index and result pages) and compares every key
            of every prefix map, every static result page and every precomputed answer with the
            engine's answer, asked directly. Then it builds the site afresh in memory and proves every
            file equal, byte for byte, and that there is no other file. Prints what it checked; on
            any difference prints the first 10 with a count, and exits 1. A check that passes
            keeps a proof beside the site (.NAME.typeahead-proof); the next one reads the proven
            site's bytes again against it, makes in memory the incremental build from it to the
            content now and compares that with the site, unless an input other than the products
            changed or --full is given.
            """,
        options: [
            OptionSpec("--content", "DIR", "Products, suggestions and site.json", default: "Content"),
            OptionSpec("--templates", "DIR", "The templates the site was built with", default: "Templates"),
            OptionSpec("--site", "DIR", "The built site", default: "_site"),
            OptionSpec("--full", nil, "Prove everything again, even where a proof of an earlier\ncheck is kept"),
        ],
        section: (
            about: """
            With --engine, the same answers are asked of an engine that speaks Algolia's search API
            (Algolia itself, or typeahead serve) instead of the built-in one: every prefix-map key,
            every static result page and every precomputed answer, in batches of 50 searches
            (POST /1/indexes/*/queries), N requests at a time, each retried up to 3 times when the
            connection fails or the engine answers 429 or 5xx. A remote engine may be configured
            otherwise, so it prints the agreement (answers equal, by kind) and the first differences;
            it exits 1 when the agreement is below P or a request still fails.
            """,
            options: [
                OptionSpec(
                    "--engine", "URL",
                    "The engine's base URL, e.g. https://APPID-dsn.algolia.net or\nhttp://127.0.0.1:8080"),
                OptionSpec("--app-id", "ID", "Sent as X-Algolia-Application-Id", default: "typeahead"),
                OptionSpec(
                    "--api-key-env", "VAR",
                    "The environment variable holding the API key (sent as\nX-Algolia-API-Key, never printed)"),
                OptionSpec("--products-index", "NAME", "The products index's name there", default: "products"),
                OptionSpec("--suggestions-index", "NAME", "The suggestions index's name there", default: "suggestions"),
                OptionSpec("--concurrency", "N", "Requests in flight at once, 1-64", default: "8"),
                OptionSpec("--min-agreement", "P", "The percentage of equal answers to pass", default: "100"),
            ]
        ))

    func check(_ arguments: [String]) throws(UsageError) -> Int32 {
        let remote = Self.checkCommand.section!.options.map(\.name)
        let options = try Self.checkCommand.parse(arguments)
        if let extra = options.positionals.first {
            throw UsageError(message: "unexpected argument \"\(extra)\"")
        }
        if options.values["--engine"] != nil { return try checkEngine(options) }
        if let given = remote.first(where: { options.values[$0] != nil }) {
            throw UsageError(message: "\(given) goes with --engine URL")
        }
        do {
            let contentDirectory = options.value("--content")
            let content = try ContentLoader(directory: contentDirectory).load()
            let templates = try TemplateSet.load(from: options.value("--templates"))
            let checker = SiteChecker(
                content: content, site: options.value("--site"), contentDirectory: contentDirectory,
                templates: templates)
            let report: SiteChecker.Report
            var why: String?
            if options.flags.contains("--full") {
                report = try checker.run()
            } else {
                let since = try checker.runSinceProof()
                report = try since.report ?? checker.run()
                if since.report == nil { why = since.why }
            }
            console.out(report.description)
            if let why { console.out("A full check: \(why).\n") }
            return report.differenceCount == 0 ? 0 : 1
        } catch {
            console.err("\(Self.describe(error))\n")
            return 1
        }
    }

    // MARK: - check --engine

    /// `typeahead check --engine URL`: the site's answers asked of a remote engine.
    func checkEngine(_ options: ParsedArguments) throws(UsageError) -> Int32 {
        let address = options.values["--engine"]!
        guard let base = URL(string: address), let scheme = base.scheme?.lowercased(),
            ["http", "https"].contains(scheme),
            base.host != nil
        else {
            throw UsageError(message: "--engine expects an http:// or https:// URL, not \"\(address)\"")
        }
        if options.values["--templates"] != nil {
            throw UsageError(
                message: "--templates does not go with --engine (the remote engine is asked, nothing is built)")
        }
        var apiKey: String?
        if let variable = options.values["--api-key-env"] {
            guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else {
                throw UsageError(message: "--api-key-env names \(variable), which is not set")
            }
            apiKey = value
        }
        let concurrency = try options.integer("--concurrency", in: 1...64)!
        let minimum = Double(options.value("--min-agreement"))
        guard let minimum, (0...100).contains(minimum) else {
            throw UsageError(message: "--min-agreement expects a percentage from 0 to 100")
        }
        let client = AlgoliaClient(
            base: base, applicationID: options.value("--app-id"), apiKey: apiKey,
            indexNames: [
                .products: options.value("--products-index"),
                .suggestions: options.value("--suggestions-index"),
            ])
        do {
            let content = try ContentLoader(directory: options.value("--content")).load()
            var checker = RemoteSiteChecker(content: content, site: options.value("--site"))
            checker.concurrency = concurrency
            let progress = SharedProgress(
                TerminalProgress(console: console, enabled: console.errIsTerminal))
            let report = try checker.run(
                engineName: client.displayURL, ask: { queries in try client.search(queries) },
                progress: { done, total in progress.update(done: done, total: total) })
            progress.finish()
            console.out(report.description)
            if report.failure != nil { return 1 }
            return report.agreement >= minimum ? 0 : 1
        } catch {
            console.err("\(Self.describe(error))\n")
            return 1
        }
    }
}

/// A terminal progress line drawn from several threads, at most once per percent.
final class SharedProgress: @unchecked Sendable {
    private let progress: TerminalProgress
    private let lock = NSLock()
    private var drawn = -1

    init(_ progress: TerminalProgress) {
        self.progress = progress
    }

    func update(done: Int, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        let percent = total == 0 ? 100 : done * 100 / total
        guard percent != drawn else { return }
        drawn = percent
        progress.update(phase: "asking", done: done, total: total)
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        progress.finish()
    }
}
