import Foundation
import TypeaheadEngine
import TypeaheadModel
import TypeaheadServe
import TypeaheadSite

extension TypeaheadCommand {
    static let queryCommand = CommandSpec(
        name: "query", positionals: "QUERY",
        about: """
            Answers QUERY with the live engine (the reference every precomputed page is checked
            against) and prints an Algolia-shaped JSON response: hits with _highlightResult, nbHits,
            page, nbPages, hitsPerPage, query, params, processingTimeMS. Deterministic apart from
            processingTimeMS. QUERY may be "" (every record, most popular first).
            """,
        options: [
            OptionSpec("--content", "DIR", "Products, suggestions and site.json", default: "Content"),
            OptionSpec(
                "--index", "NAME", "products, suggestions, or a replica of site.json\n(a sort order of products)",
                default: "products"),
            OptionSpec(
                "--filter", "ATTR:VALUE",
                "Only records with this exact facet value (a scope), e.g.\n\"categories:Cell Phones\""),
            OptionSpec(
                "--filters", "EXPR",
                "Algolia's filters, e.g. 'brand:Apple AND price < 300' or\n'(brand:Apple OR brand:Samsung)'"),
            OptionSpec(
                "--facet-filters", "JSON", "Algolia's facetFilters, e.g.\n'[[\"brand:Apple\",\"brand:Samsung\"]]'"),
            OptionSpec("--numeric-filters", "JSON", "Algolia's numericFilters, e.g. '[\"price<300\"]'"),
            OptionSpec("--facets", "LIST", "Facets to count over every hit, comma-separated (* for all)"),
            OptionSpec("--max-values-per-facet", "N", "At most N values a facet, 1-1000 (default 100)"),
            OptionSpec("--page", "N", "Page, from 0", default: "0"),
            OptionSpec(
                "--hits-per-page", "N",
                "Hits per page, 1-1000 (default: site.json's hitsPerPage for\nproducts, 20 for suggestions)"),
            OptionSpec(
                "--query-type", "TYPE",
                "prefixLast (the last word also matches as a prefix) or\nprefixNone (whole words only), as Algolia's queryType",
                default: "prefixLast"),
            OptionSpec("--typo-tolerance", "B", "true or false, as Algolia's typoTolerance", default: "true"),
            OptionSpec("--no-typos", nil, "The same as --typo-tolerance false"),
            OptionSpec(
                "--ignore-plurals", "B|LANGS",
                "true, false or languages (en), as Algolia's ignorePlurals\n(default: site.json's)"),
            OptionSpec("--query-languages", "LANGS", "Languages for --ignore-plurals true, e.g. en"),
            OptionSpec(
                "--alternatives-as-exact", "LIST",
                "Which alternatives count as exact: ignorePlurals,\nsingleWordSynonym, multiWordsSynonym"),
            OptionSpec(
                "--remove-words-if-no-results", "MODE",
                "none, lastWords, firstWords or allOptional: which words\nbecome optional when nothing matches"),
            OptionSpec("--optional-words", "LIST", "Words that are always optional, comma-separated"),
        ])

    /// The language options and the search parameters they set.
    static let languageOptions = [
        ("--ignore-plurals", "ignorePlurals"), ("--query-languages", "queryLanguages"),
        ("--alternatives-as-exact", "alternativesAsExact"),
        ("--remove-words-if-no-results", "removeWordsIfNoResults"), ("--optional-words", "optionalWords"),
    ]

    /// The refining options and the search parameters they set.
    static let refiningOptions = [
        ("--filters", "filters"), ("--facet-filters", "facetFilters"), ("--numeric-filters", "numericFilters"),
        ("--facets", "facets"), ("--max-values-per-facet", "maxValuesPerFacet"),
    ]

    func query(_ arguments: [String]) throws(UsageError) -> Int32 {
        let options = try Self.queryCommand.parse(arguments)
        guard options.positionals.count == 1 else {
            throw UsageError(
                message: options.positionals.isEmpty
                    ? "missing QUERY (use \"\" for the empty query)"
                    : "expected one QUERY, found \(options.positionals.count) arguments; quote a query of several words"
            )
        }
        let indexName = options.value("--index")
        let index = IndexName(rawValue: indexName) ?? .products
        var filter: Scope?
        if let text = options.values["--filter"] {
            guard let scope = Scope(filter: text) else {
                throw UsageError(message: "--filter expects ATTR:VALUE, not \"\(text)\"")
            }
            filter = scope
        }
        let page = try options.integer("--page", in: 0...1_000_000) ?? 0
        let hitsPerPage = try options.integer("--hits-per-page", in: 1...1000)
        let queryTypeName = options.value("--query-type")
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
        var language: [(key: String, value: JSONValue)] = []
        for (option, key) in Self.languageOptions {
            guard let text = options.values[option] else { continue }
            switch LanguageSettings.parameter(key, .string(text)) {
            case .success(let value)?: language.append((key, value))
            case .failure(let error)?: throw UsageError(message: "\(option): \(error.message)")
            case nil: break
            }
        }
        do {
            let content = try ContentLoader(directory: options.value("--content")).load()
            if IndexName(rawValue: indexName) == nil, !content.config.replicas.contains(where: { $0.name == indexName })
            {
                let replicas = content.config.replicas.map { ", \($0.name)" }.joined()
                throw UsageError(message: "--index expects products, suggestions\(replicas), not \"\(indexName)\"")
            }
            let engine = SearchEngine(content: content)
            var request = SearchRequest(
                index: index, query: options.positionals[0], filter: filter, page: page,
                hitsPerPage: hitsPerPage, typoTolerance: typoTolerance, queryType: queryType)
            request.languageParameters = language
            if IndexName(rawValue: indexName) == nil { request.replica = indexName }
            for (option, key) in Self.refiningOptions {
                guard let text = options.values[option] else { continue }
                do {
                    try request.refine(key, .string(text))
                } catch {
                    let message =
                        error.message.hasPrefix("\(key): ")
                        ? String(error.message.dropFirst(key.count + 2)) : error.message
                    throw UsageError(message: "\(option): \(message)")
                }
            }
            let unknown = request.facets.filter { $0 != "*" && !engine.countedFacets([$0]).contains($0) }
            if !unknown.isEmpty {
                throw UsageError(
                    message:
                        "--facets: \(unknown.joined(separator: ", ")) is not a counted facet of site.json's attributesForFaceting"
                )
            }
            let started = DispatchTime.now().uptimeNanoseconds
            let answer = engine.search(request)
            let elapsed = Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
            console.out(JSONWriter.string(engine.response(answer, processingTimeMS: elapsed)) + "\n")
            return 0
        } catch let error as UsageError {
            throw error
        } catch {
            console.err("\(Self.describe(error))\n")
            return 1
        }
    }
}
