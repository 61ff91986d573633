import Foundation
import Synchronization
import TypeaheadEngine
import TypeaheadModel
import TypeaheadMustache

/// Told how a long build is going, so a terminal can show progress.
public protocol BuildProgress: AnyObject {
    /// `done` of `total` items of `phase` are finished.
    func update(phase: String, done: Int, total: Int)
}

/// What a build produced.
public struct BuildSummary: Sendable {
    public var products: Int
    public var suggestions: Int
    public var files: Int
    public var bytes: Int
    /// Keys over all prefix maps, and shards.
    public var keys: Int = 0
    public var shards: Int = 0
    public var largestShardBytes: Int = 0
    public var resultPages: Int = 0
    /// Suggestions left out of the index: fewer product hits than `minHits`.
    public var leftOut: Int = 0
    public var clientIndexBytes: Int = 0
    /// A build into a sink for `check`: the answers and the vetting it took from `check`'s own.
    var answersGiven = 0
    var vettingsGiven = false
    /// Whether the engine step took the engine the builder was given.
    var engineGiven = false
    /// Pictures resized by this build, and pictures taken unchanged from the site it replaced.
    public var picturesMade: Int = 0
    public var picturesReused: Int = 0
    /// Files whose bytes did not change since the previous build (kept, not rewritten).
    public var unchangedFiles: Int = 0
    /// Whether the build was incremental, and why not (`typeahead build` prints it).
    public var incremental: String?
    /// Nothing changed since the previous build: nothing was built, the site was left as it was
    /// (the counts above are then only the content's).
    public var unchanged = false
    /// Seconds spent in each phase, in order.
    public var phases: [(name: String, seconds: Double)] = []
    /// The build report as the site holds it (no timings).
    public var report: BuildReport?

    /// The report with this build's phase timings, for the terminal and `--format json`.
    public var timedReport: BuildReport? {
        guard var report else { return nil }
        report.phases = phases.map { BuildReport.Phase(name: $0.name, seconds: $0.seconds) }
        return report
    }
}

/// Turns validated content and templates into the site's files (relative path → bytes).
public struct SiteBuilder {
    public var content: Content
    public var templates: TemplateSet
    /// The content folder, whose `images/` and `image-cache/` hold the products' pictures; nil for
    /// content held in memory (every product then shows its placeholder or its link).
    public var contentDirectory: String?
    public weak var progress: (any BuildProgress)?
    /// Precomputed answers asked of the engine already (`typeahead check`): the answers' walk of a
    /// build into a sink (`build(into:)`) takes them instead of ranking those texts.
    var askedAnswers: AskedAnswers?
    /// Every suggestion's vetting asked of the engine already (`typeahead check`): a build into a
    /// sink takes them instead of vetting the suggestions. `write(to:)`, whose state the next
    /// build trusts, takes neither.
    var askedVettings: AskedVettings?
    /// An engine over this content, made already (`typeahead check`'s): the engine step takes it
    /// rather than holding a second one (at a million products, gigabytes).
    var engine: SearchEngine?
    /// Whether `write(to:)` leaves what it built (the engine, the pages' data…) to the process's
    /// end (`ProcessEnd`) rather than freeing it: a command that exits once the site is written
    /// sets it (at 100,000 products, freeing it all took a second).
    public var leavesWorkToProcessEnd = false

    public init(
        content: Content, templates: TemplateSet, contentDirectory: String? = nil, progress: (any BuildProgress)? = nil
    ) {
        var content = content
        // Whatever order the records came in, the site is the same. (A sorted list is not sorted
        // again: that would copy it, and the content loaded is sorted.)
        if !Self.sorted(content.products.lazy.map(\.objectID)) { content.products.sort { $0.objectID < $1.objectID } }
        if !Self.sorted(content.suggestions.lazy.map(\.objectID)) {
            content.suggestions.sort { $0.objectID < $1.objectID }
        }
        self.content = content
        self.templates = templates
        self.contentDirectory = contentDirectory
        self.progress = progress
    }

    static func sorted(_ ids: some Collection<ObjectID>) -> Bool {
        zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }
    }

    /// Every file of the site, and what was built.
    public func buildWithSummary() throws -> (files: [String: [UInt8]], summary: BuildSummary) {
        let sink = MemorySink()
        let summary = try build(into: sink)
        return (sink.files, summary)
    }

    /// The build, step by step: each a phase of `typeahead build`'s timings, in this order (a step
    /// reads only what the steps before it made).
    static let steps: [any BuildStep] = [
        AssetsStep(), ImagesStep(), EngineStep(), VettingStep(), PrefixMapsStep(), ResultPagesStep(),
        ClientIndexStep(), FrontPageStep(), ProductPagesStep(), CategoryPagesStep(), ReportStep(),
    ]

    /// Builds the site into `sink`: pages as they are rendered (on all cores), the small files at the
    /// end, in path order. `previousSite`, the site this build replaces, lends its unchanged pictures.
    func build(into sink: some SiteSink, previousSite: String? = nil) throws -> BuildSummary {
        try build(into: sink, previousSite: previousSite, plan: nil, asked: true).summary
    }

    /// The incremental build from `previousSite` that `plan` describes, into `sink` (an
    /// incremental check: `SiteChecker.runSinceProof`); the marker is not put.
    func replay(into sink: some SiteSink, previousSite: String, plan: IncrementalPlan) throws -> BuildSummary {
        try build(into: sink, previousSite: previousSite, plan: plan).summary
    }

    private func build(
        into sink: some SiteSink, previousSite: String?, plan: IncrementalPlan?, asked: Bool = false
    ) throws -> (summary: BuildSummary, context: BuildContext) {
        let context = BuildContext(
            content: content, templates: templates, contentDirectory: contentDirectory, previousSite: previousSite,
            progress: progress, sink: sink, plan: plan)
        if asked {
            context.askedAnswers = askedAnswers
            context.askedVettings = askedVettings
        }
        // Taken when it holds the records in this build's order (the checker's content may not be sorted).
        if let engine, engine.content.products.map(\.objectID) == content.products.map(\.objectID),
            engine.content.suggestions.map(\.objectID) == content.suggestions.map(\.objectID)
        {
            context.engine = engine
        }
        var clock = PhaseClock()
        for step in Self.steps {
            try step.run(context)
            clock.lap(step.phase, &context.summary)
        }
        for path in context.files.keys.sorted(by: utf8Less) {
            try context.put(path, context.files[path]!)
        }
        // And the marker, which the writer adds.
        context.summary.files = context.sizes.count + 1
        context.summary.bytes = context.sizes.values.reduce(SiteWriter.markerContents.utf8.count, +)
        return (context.summary, context)
    }

    /// Builds and writes the site atomically to `output`, streaming pages into a temporary folder
    /// as they are made; the previous site stays as it was until the whole new one is there.
    ///
    /// When only products changed since the previous build (its state beside the site says so),
    /// the result pages of the suggestions that match none of them are taken from the previous
    /// site unread (`IncrementalPlan`); the site is the same as a clean build's, byte for byte.
    public func write(to output: String) throws -> BuildSummary {
        let site = try StreamingSite(writer: SiteWriter(output: output))
        do {
            var clock = PhaseClock()
            // The products and site.json as this build reads them (digests), for the next build's state.
            let snapshot = contentDirectory.map(BuildState.snapshot) ?? []
            let (plan, note, fingerprint) = IncrementalPlan.make(
                content: content, contentDirectory: contentDirectory, templates: templates, output: output,
                snapshot: snapshot)
            let planned = clock.lap()
            if let plan, plan.unchanged {
                // Nothing to build: the site in place is the one this build would write.
                site.abandon()
                var summary = BuildSummary(
                    products: content.products.count, suggestions: content.suggestions.count, files: 0, bytes: 0)
                summary.incremental = note
                summary.unchanged = true
                summary.phases = [("plan", planned)]
                return summary
            }
            var (summary, context) = try build(into: site, previousSite: output, plan: plan)
            summary.phases.insert(("plan", planned), at: 0)
            summary.incremental =
                plan == nil
                ? note
                : note
                    + "; suggestions vetted again: \(content.suggestions.count - context.knownVettings) of \(content.suggestions.count)"
                    + (context.hitsFromPages > 0
                        ? " (\(context.hitsFromPages) of them with their hits read from their previous pages"
                            + (context.rankedAmong > 0
                                ? ", \(context.rankedAmong) of those ranked again among them and the changed products"
                                : "") + ")"
                        : "")
                    + (context.swayed > 0
                        ? "; \(context.swayed) suggestions hold a word a changed product's adjacent words make, \(context.settledSwayed) of them split as before"
                        : "")
                    + (context.mapsKept ? "; prefix maps kept" : "; prefix maps made again")
                    + "; result pages made again for \(content.suggestions.count - context.keptSuggestions) of \(content.suggestions.count) suggestions"
                    + (context.productsIndex.map {
                        ", precomputed answers ranked again for \($0.answersRanked) of \($0.answersRanked + $0.answersKept) (\($0.answersAmong) of them among their previous first page), heads ranked again for \($0.heads - $0.headsKept) of \($0.heads)"
                    } ?? "")
                    + "; product pages made again for \(content.products.count - context.keptProductPages) of \(content.products.count)"
            progress?.update(phase: "Writing", done: 0, total: 1)
            _ = clock.lap()
            summary.unchangedFiles = try site.finish(fingerprint: fingerprint)
            clock.lap("write", &summary)
            // The state for the next build; without one, the next build is clean. Content that
            // changed during the build leaves no state (its copy into the state is compared with
            // the snapshot's digests).
            if let fingerprint, let contentDirectory {
                do {
                    try BuildState.write(
                        output: output, fingerprint: fingerprint, contentDirectory: contentDirectory,
                        paths: Array(context.sizes.keys) + [SiteWriter.markerName], pages: context.pagesBySuggestion,
                        vetting: content.suggestions.indices.map { s in
                            (
                                content.suggestions[s].objectID,
                                SuggestionVetting.Known(
                                    hits: context.vettings.map { $0.hits[s] },
                                    relaxed: context.vettings.map { $0.relaxed[s] },
                                    removed: context.vettings.map { $0.removedWords(s) })
                            )
                        },
                        numericFacets: context.numericFacets, maps: context.layouts,
                        content: snapshot)
                } catch {
                    BuildState.remove(output: output)
                }
            } else {
                BuildState.remove(output: output)
            }
            clock.lap("state", &summary)
            if leavesWorkToProcessEnd { ProcessEnd.keep(context) }
            return summary
        } catch {
            site.abandon()
            throw error
        }
    }
}
