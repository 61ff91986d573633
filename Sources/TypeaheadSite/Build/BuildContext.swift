import TypeaheadEngine
import TypeaheadModel
import TypeaheadMustache

/// What the steps of one build share: its inputs, where files go, and what each step made for the
/// steps after it. A step sets its outputs once. Reading `engine` or a client index before its step
/// has run is a mistake in `SiteBuilder.steps`' order: it traps, in the first test that builds.
final class BuildContext {
    // MARK: Inputs

    let content: Content
    let templates: TemplateSet
    /// The content folder (pictures), or nil for content held in memory.
    let contentDirectory: String?
    /// The site this build replaces, which lends its unchanged pictures.
    let previousSite: String?
    weak var progress: (any BuildProgress)?
    /// Where pages go as they are made (on all cores).
    let sink: any SiteSink
    /// What an incremental build keeps from the previous site (nil: a clean build).
    var plan: IncrementalPlan?
    /// Answers asked of the engine directly (`typeahead check`'s byte proof), by text.
    var askedAnswers: AskedAnswers?
    /// Vettings asked of the engine directly (`typeahead check`'s byte proof), by suggestion.
    var askedVettings: AskedVettings?
    /// Each product's and suggestion's file name.
    let productSlugs: [ObjectID: String]
    let suggestionSlugs: [ObjectID: String]

    var config: SiteConfig { content.config }

    // MARK: Made along the way

    var summary: BuildSummary
    /// The small files, put into the sink last, in path order.
    var files: [String: [UInt8]] = [:]
    /// The size of every file put into the sink so far, by path (the report's bytes).
    var sizes: [String: Int] = [:]
    /// The products' pictures (their files already in the sink).
    var pictures = SiteImages.none
    /// Set by `EngineStep`.
    var engine: SearchEngine!
    /// Set by `VettingStep`: unscoped first, then one a scope, in `config.scopes` order.
    var vettings: [SuggestionVetting] = []
    /// Set by `PrefixMapsStep`: unscoped first, then one a scope.
    var layouts: [PrefixMapLayout] = []
    /// Set by `PrefixMapsStep`: the maps are the previous build's, their files kept (an incremental
    /// build where every scope offers the same suggestions).
    var mapsKept = false
    /// Set by `ProductPagesStep`: how many product pages were kept from the previous site.
    var keptProductPages = 0
    /// The facets that hold only numbers (`IncrementalPlan.numericFacets`), read once from the
    /// engine (a pass over every product's values: a second at 100,000 products).
    lazy var numericFacets: [String] = IncrementalPlan.numericFacets(engine)
    /// Set by `ResultPagesStep`: the suggestions with an unscoped result page.
    var withPages: [ObjectID: Bool] = [:]
    /// Set by `ResultPagesStep`: each suggestion's result pages (for the next build's state).
    var pagesBySuggestion: [ObjectID: [String]] = [:]
    /// Set by `ResultPagesStep`: how many suggestions kept their pages from the previous site.
    var keptSuggestions = 0
    /// Suggestions whose vetting an incremental build took from the previous one, pages and all
    /// (not counting `hitsFromPages`, whose pages are made again).
    var knownVettings = 0
    /// Of those vetted again, how many took their best hits from their previous pages (their
    /// facet summary alone tallied): `IncrementalPlan.shownAsBefore`.
    var hitsFromPages = 0
    /// Of those, how many ranked their best hits again among those and the changed products:
    /// `IncrementalPlan.rankedAmong`.
    var rankedAmong = 0
    /// Suggestions holding a word a changed product's adjacent words make, and how many of them
    /// kept their split in the whole catalogue (`IncrementalPlan.settleSwayed`).
    var swayed = 0
    var settledSwayed = 0
    /// Set by `ClientIndexStep`.
    var productsIndex: ShardedIndex.Output!
    var suggestionsIndex: ShardedIndex.Output!

    var vetting: SuggestionVetting { vettings[0] }
    var scopeVettings: [SuggestionVetting] { Array(vettings.dropFirst()) }

    init(
        content: Content, templates: TemplateSet, contentDirectory: String?, previousSite: String?,
        progress: (any BuildProgress)?, sink: any SiteSink, plan: IncrementalPlan? = nil
    ) {
        self.plan = plan
        self.content = content
        self.templates = templates
        self.contentDirectory = contentDirectory
        self.previousSite = previousSite
        self.progress = progress
        self.sink = sink
        productSlugs = Slug.assign(content.products.map(\.objectID))
        suggestionSlugs = Slug.assign(content.suggestions.map(\.objectID))
        summary = BuildSummary(
            products: content.products.count, suggestions: content.suggestions.count, files: 0, bytes: 0)
    }

    /// Puts `bytes` into the sink now, and counts its size.
    func put(_ path: String, _ bytes: [UInt8]) throws {
        try sink.put(path, bytes)
        sizes[path] = bytes.count
    }

    /// Counts the sizes of files a batch put into the sink.
    func count(_ batches: [SiteBuilder.RenderedBatch]) {
        for batch in batches {
            for (path, size) in batch.sizes { sizes[path] = size }
        }
    }

    /// A renderer of the site's templates (one a thread: they are not shared).
    func renderer() -> MustacheRenderer { MustacheRenderer(templates: templates.templates) }
}
