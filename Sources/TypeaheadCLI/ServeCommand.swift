import Foundation
import TypeaheadEngine
import TypeaheadModel
import TypeaheadServe
import TypeaheadSite

extension TypeaheadCommand {
    static let serveCommand = CommandSpec(
        name: "serve",
        about: """
            Serves the built site over HTTP for a preview, and beside it the live engine over a subset
            of Algolia's search REST API, so Algolia's own clients (and typeahead check --engine) can
            ask it:
              POST /1/indexes/{products|suggestions}/query   one search
              POST /1/indexes/*/queries                      several, {"requests": [...]}
              GET  /1/indexes/{products|suggestions}/settings
            with Algolia's parameters query, page, hitsPerPage, filters (one facet, ATTR:"VALUE"),
            queryType, typoTolerance, attributesToHighlight and attributesToSnippet (README: the
            rest); the answers are typeahead query's. The
            files are served read-only: index.html for a folder, no listing, nothing outside the site,
            ETags and byte ranges. Prints its URL; Ctrl-C stops it.
            """,
        options: [
            OptionSpec("--site", "DIR", "The built site", default: "_site"),
            OptionSpec("--content", "DIR", "Products, suggestions and site.json for the engine", default: "Content"),
            OptionSpec("--templates", "DIR", "With --watch, the templates to build with", default: "Templates"),
            OptionSpec(
                "--host", "ADDR", "The IPv4 address to listen on; the default is this machine only",
                default: "127.0.0.1"),
            OptionSpec("--port", "N", "The port; 0 takes any free one", default: "8080"),
            OptionSpec(
                "--products-index", "NAME",
                "Also answer the products index by this name (the one\nthe shop's Algolia app uses)"),
            OptionSpec("--suggestions-index", "NAME", "The same for the suggestions index"),
            OptionSpec(
                "--watch", nil,
                "Build the site first, then rebuild it and reload the engine whenever\nthe content or the templates change (a failed build keeps the last)"
            ),
        ])

    func serve(_ arguments: [String]) throws(UsageError) -> Int32 {
        let options = try Self.serveCommand.parse(arguments)
        if let extra = options.positionals.first {
            throw UsageError(message: "unexpected argument \"\(extra)\"")
        }
        let site = options.value("--site")
        let contentDirectory = options.value("--content")
        let templatesDirectory = options.value("--templates")
        let host = options.value("--host")
        let port = UInt16(try options.integer("--port", in: 0...65535)!)
        let watch = options.flags.contains("--watch")
        var aliases: [String: IndexName] = [:]
        for (option, index) in [("--products-index", IndexName.products), ("--suggestions-index", .suggestions)] {
            guard let name = options.values[option] else { continue }
            guard IndexName(rawValue: name) == nil, aliases[name] == nil, !name.contains("/"), name != "*" else {
                throw UsageError(message: "\(option) \(name): the name is taken or not a valid index name")
            }
            aliases[name] = index
        }
        if options.values["--templates"] != nil, !watch {
            throw UsageError(message: "--templates goes with --watch (serve builds nothing without it)")
        }
        let server: PreviewServer
        do {
            if watch { try Self.rebuildSite(content: contentDirectory, templates: templatesDirectory, site: site) }
            // Only a site typeahead built: `--site ~` would otherwise publish a home folder.
            guard
                FileManager.default.fileExists(atPath: (site as NSString).appendingPathComponent(SiteWriter.markerName))
            else {
                console.err(
                    "error: \(site) is not a site built by typeahead (it has no \(SiteWriter.markerName)); run typeahead build, or serve --watch\n"
                )
                return 1
            }
            let content = try ContentLoader(directory: contentDirectory).load()
            server = try PreviewServer(siteFolder: site, engine: SearchEngine(content: content), aliases: aliases)
            try server.start(host: host, port: port)
        } catch {
            console.err("\(Self.describe(error))\n")
            return 1
        }
        if !["127.0.0.1", "localhost"].contains(host) {
            console.err("warning: listening on \(host): other machines may reach this preview and its engine\n")
        }
        console.out("Serving \(site) at \(server.url)\n")
        console.err(
            "  search API: \(server.url)1/indexes/products/query (and suggestions, *, settings)\n"
                + (watch ? "  watching \(contentDirectory)/ and \(templatesDirectory)/ for changes\n" : "")
                + "  Ctrl-C stops it\n")

        runUntilStopped(
            server, watch: watch ? (content: contentDirectory, templates: templatesDirectory, site: site) : nil)
        let counts = server.requestCounts
        console.err("\nStopped after \(counts.files) file requests and \(counts.api) search requests.\n")
        return 0
    }

    /// Waits for Ctrl-C (or SIGTERM) on this thread, then stops the server. With `watch`, it looks
    /// for changes meanwhile and rebuilds here too, while the server's threads keep answering from
    /// the last site.
    private func runUntilStopped(_ server: PreviewServer, watch: (content: String, templates: String, site: String)?) {
        let stopping = DispatchSemaphore(value: 0)
        let signals = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stopping.signal() }
            source.resume()
            return source
        }
        let folders = FolderWatcher(folders: watch.map { [$0.content, $0.templates] } ?? [])
        var last = folders.fingerprint()
        while stopping.wait(timeout: .now() + .milliseconds(400)) == .timedOut {
            guard let watch else { continue }
            var now = folders.fingerprint()
            guard now != last else { continue }
            // Wait for the editor (or the copy) to finish: two looks in a row the same.
            repeat {
                last = now
                Thread.sleep(forTimeInterval: 0.3)
                now = folders.fingerprint()
            } while now != last
            do {
                let started = DispatchTime.now().uptimeNanoseconds
                // The new engine is made before the new site is swapped in, and replaces the old one
                // at once after: a page of the new site never meets the old engine for longer than
                // that (it was the time to index the whole content, and a test met it under load).
                var engine: SearchEngine?
                try Self.rebuildSite(content: watch.content, templates: watch.templates, site: watch.site) {
                    engine = SearchEngine(content: $0)
                }
                if let engine { server.replace(engine: engine) }
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                console.err("Rebuilt \(watch.site) and reloaded the engine in \(String(format: "%.2f", seconds)) s\n")
            } catch {
                console.err("\(Self.describe(error))\nThe last good site is still served.\n")
            }
        }
        server.stop()
        // The sources must live until here: an optimised build would release them after their
        // last use above, and Ctrl-C would then do nothing.
        withExtendedLifetime(signals) {}
    }

    /// Builds the site as `typeahead build` does (quietly). `loaded` is given the content once it
    /// and the templates have loaded, before the site is built.
    static func rebuildSite(
        content directory: String, templates: String, site: String, loaded: (Content) -> Void = { _ in }
    ) throws {
        try SiteWriter(output: site).checkTarget()
        let content = try ContentLoader(directory: directory).load()
        let templates = try TemplateSet.load(from: templates)
        loaded(content)
        _ = try SiteBuilder(content: content, templates: templates, contentDirectory: directory).write(to: site)
    }
}
