import Foundation
import Testing
import TypeaheadEngine
import TypeaheadModel
import TypeaheadSite
import TypeaheadTestSupport

@testable import TypeaheadServe

/// `check --engine`: the site's answers asked of an engine over Algolia's API, measured as agreement.
struct RemoteCheckTests {
    /// The small fixture's content, and its site built into a temporary folder.
    static let built: (content: Content, site: String) = {
        let folder = TestSupport.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/small/Content").path
        let content = try! ContentLoader(directory: folder).load()
        let templates = try! TemplateSet.load(from: TestSupport.packageRoot.appendingPathComponent("Templates").path)
        let site = try! TestSupport.temporaryDirectory("remote-check").appendingPathComponent("site").path
        _ = try! SiteBuilder(content: content, templates: templates, contentDirectory: folder).write(to: site)
        return (content, site)
    }()

    static let engine = SearchEngine(content: built.content)

    /// The built-in engine, asked as a remote one would be.
    static func local(_ queries: [RemoteQuery]) -> [RemoteAnswer] {
        queries.map { query in
            let page = engine.search(
                SearchRequest(
                    index: query.index, query: query.query, filter: query.filter, page: query.page,
                    hitsPerPage: query.hitsPerPage))
            return RemoteAnswer(
                nbHits: page.nbHits,
                objectIDs: page.hits.map {
                    query.index == .products
                        ? engine.content.products[$0.record].objectID.text
                        : engine.content.suggestions[$0.record].objectID.text
                })
        }
    }

    @Test func theBuiltInEngineAgreesOnEveryAnswer() throws {
        var checker = RemoteSiteChecker(content: Self.built.content, site: Self.built.site)
        checker.batchSize = 7
        let report = try checker.run(engineName: "local", ask: { (Self.local($0), 0) })
        #expect(report.failure == nil)
        #expect(report.asked.allSatisfy { $0 > 0 }, "\(report.asked)")
        #expect(report.totalEqual == report.totalAsked)
        #expect(report.agreement == 100)
        #expect(report.requests == (report.totalAsked + 6) / 7)
        #expect(report.description.contains("Agreement: 100 %"))
    }

    /// A scope's list has no static pages (docs/CONTRACT.md, "A scope's list"): the result pages
    /// are asked unscoped, and a scope is asked for its prefix map's keys, of the suggestions index.
    @Test func theResultPagesAreAskedUnscopedAndAScopeForItsMap() throws {
        final class Asked: @unchecked Sendable {
            let lock = NSLock()
            var queries: [RemoteQuery] = []
        }
        let asked = Asked()
        let checker = RemoteSiteChecker(content: Self.built.content, site: Self.built.site)
        let report = try checker.run(
            engineName: "local",
            ask: { queries in
                asked.lock.withLock { asked.queries += queries }
                return (Self.local(queries), 0)
            })
        #expect(report.agreement == 100)
        let phones = Scope(attribute: "categories", value: "Cell Phones")
        #expect(asked.queries.contains { $0.index == .products && $0.query == "samsung galaxy" && $0.filter == nil })
        #expect(!asked.queries.contains { $0.index == .products && $0.filter != nil })
        #expect(asked.queries.contains { $0.index == .suggestions && $0.filter == phones })
    }

    @Test func anEngineRankingOtherwiseIsMeasuredWithItsFirstDifferences() throws {
        var checker = RemoteSiteChecker(content: Self.built.content, site: Self.built.site)
        checker.shownDifferences = 3
        let report = try checker.run(
            engineName: "reversed",
            ask: { queries in
                (
                    Self.local(queries).enumerated().map { n, answer in
                        queries[n].index == .products
                            ? RemoteAnswer(nbHits: answer.nbHits, objectIDs: answer.objectIDs.reversed()) : answer
                    }, 0
                )
            })
        let keys = RemoteSiteChecker.Kind.key.rawValue
        #expect(report.equal[keys] == report.asked[keys])
        #expect(report.totalEqual < report.totalAsked)
        #expect(report.agreement < 100)
        #expect(report.differences.count == 3)
        #expect(report.differences[0].contains("from hit 1 the site has"))
        #expect(report.description.contains("The first 3 differences:"))
    }

    @Test func anEngineThatFailsStopsTheCheckAndSaysWhy() throws {
        let report = try RemoteSiteChecker(content: Self.built.content, site: Self.built.site).run(
            engineName: "down", ask: { _ in throw RemoteEngineError(description: "connection refused (after 4 tries)") }
        )
        #expect(report.failure == "connection refused (after 4 tries)")
        #expect(report.description.contains("Stopped: connection refused"))
    }

    @Test func servedOverHTTPTheAnswersAreTheEnginesAndTheKeyIsSent() throws {
        let server = try PreviewServer(siteFolder: Self.built.site, engine: Self.engine)
        try server.start(host: "127.0.0.1", port: 0)
        defer { server.stop() }
        let client = AlgoliaClient(base: URL(string: server.url)!, applicationID: "app", apiKey: "secret-key")
        let report = try RemoteSiteChecker(content: Self.built.content, site: Self.built.site).run(
            engineName: server.url, ask: { try client.search($0) })
        #expect(report.failure == nil)
        #expect(report.agreement == 100)
        #expect(report.totalAsked > 50)
        #expect(!report.description.contains("secret-key"))
    }

    @Test func anEngineThatIsNotThereIsRetriedThenReported() {
        let client = AlgoliaClient(
            base: URL(string: "http://127.0.0.1:9")!, applicationID: "app", apiKey: "secret-key", retries: 1)
        do {
            _ = try client.search([RemoteQuery(index: .products, query: "ip", filter: nil, page: 0, hitsPerPage: 5)])
            Issue.record("answered")
        } catch {
            #expect(error.description.contains("after 2 tries"))
            #expect(!error.description.contains("secret-key"))
        }
    }

    @Test func aPasswordInTheEnginesURLIsNeverShown() {
        let client = AlgoliaClient(
            base: URL(string: "http://shop:hunter2@127.0.0.1:9/")!, applicationID: "app", apiKey: nil, retries: 0)
        #expect(client.displayURL == "http://127.0.0.1:9/")
        do {
            _ = try client.search([RemoteQuery(index: .products, query: "ip", filter: nil, page: 0, hitsPerPage: 5)])
            Issue.record("answered")
        } catch {
            #expect(!error.description.contains("hunter2") && error.description.contains("127.0.0.1:9"))
        }
    }

    @Test func theFilterIsQuotedAsAlgoliaReadsIt() throws {
        let scope = Scope(attribute: "brand", value: #"Say "hi" \ there"#)
        #expect(try AlgoliaAPI.filter(AlgoliaClient.filters(scope)) == scope)
    }
}
