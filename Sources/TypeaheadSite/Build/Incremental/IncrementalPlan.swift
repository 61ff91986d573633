import Dispatch
import Foundation
import Synchronization
import TypeaheadEngine
import TypeaheadModel

/// What a build takes unchanged from the site it replaces (docs/ARCHITECTURE.md, "Incremental
/// builds"). A query's answer depends on nothing but the records that match it (its hits, their
/// order, its counts and facets), so when only products changed, a suggestion that matches none of
/// them, as they were or as they are, has the same vetting and the same result pages as before.
/// Which suggestions match a changed product is asked of engines holding only the changed products
/// (one as they were, one as they are), with the same settings: a record matches a query there
/// exactly when it does in the whole catalogue (the same words, alternatives and typos). A
/// suggestion they match ranking as before (`standsAsBefore`) keeps its vetting and pages too, when
/// their custom ranking values, scopes and summarised facet values are as they were (`quietEdits`)
/// and none of them is on its pages.
///
/// Words made optional (`removeWordsIfNoResults`) need one more step: the engines of a few records
/// relax almost every query. A suggestion none of whose hits needed relaxing (in any scope) keeps
/// its pages unless a changed product matches every word; one that was relaxed somewhere is made
/// again when a changed product matches it relaxed (`ResultPagesStep` reads the vetting for that).
struct IncrementalPlan {
    /// For each suggestion: a changed product, as it was or as it is, matches every word (and
    /// not as before, or it shows on the suggestion's pages).
    var matchesAll: [Bool]
    /// For each suggestion: a changed product matches it with words made optional.
    var matchesRelaxed: [Bool]
    /// For each suggestion: the fewest words made optional (`removeWordsIfNoResults`, its steps)
    /// with which a changed product, as it was or as it is, matches it (0: every word; `Int.max`:
    /// none matches it). Empty: not known (taken as 0).
    var reachedAt: [Int] = []
    /// The scopes (`SiteConfig.everyScope`'s order) the changed product is in, as it was and as it
    /// is (`recounted`); nil unless each side holds at most one product (one removed and another
    /// added is counted out and in the same way; every scope false for a side that holds none).
    var sideScopes: (was: [Bool], now: [Bool])?
    /// Each suggestion's query (`recounted` asks the changed product's engines).
    var queries: [String] = []
    /// For each suggestion: its result pages in the previous site, unchanged since (nil: some page
    /// was changed since, or no state lists them).
    var previous: [[String]?]
    /// For each suggestion: its vetting in the previous build, in every scope (nil: none known).
    var previousVetting: [SuggestionVetting.Known?] = []
    /// For each suggestion: the changed products match it ranking as before, their scopes and
    /// summarised facet values unchanged (`matches`): its vetting and pages are kept when none of
    /// them is on those pages (`keepUnshown`).
    var asBefore: [Bool] = []
    /// For each suggestion: the changed products match it, ranking otherwise than before, their
    /// scopes and summarised facet values unchanged (`matches`): when none of them is among the
    /// hits its pages show, or they show every hit, its best hits are ranked among those and the
    /// changed products alone (`keepUnshown`, `rankedAmong`).
    var rankable: [Bool] = []
    /// The changed products as they were (nil: all added) and as they are (nil: all removed),
    /// each set in an engine of its own (`make`).
    var sides: (was: SearchEngine?, now: SearchEngine?) = (nil, nil)
    /// The two engines of `sides`, when both are known.
    var changedEngines: [SearchEngine] {
        guard let was = sides.was, let now = sides.now else { return [] }
        return [was, now]
    }
    /// For each suggestion: it holds a word the changed products' adjacent words make (`joins`)
    /// whose split may now be another (`matches`, `settleSwayed`).
    var swayed: [Bool] = []
    /// The words two adjacent words of a changed product make, as it was or as it is.
    var joins: Set<[UInt32]> = []
    /// Their splits, the same in the previous catalogue and this one (`settleSwayed`): the
    /// changed products are searched with them.
    var forcedSplits: [[UInt32]: [[UInt32]]] = [:]
    /// How many swayed suggestions `settleSwayed` took as the others.
    var settledSwayed = 0
    /// The changed products, as they are.
    var edited: [ObjectID] = []
    /// The folder of the site the build replaces (`previous` names its pages).
    var previousSite: String?
    /// For each suggestion whose previous pages show a changed product ranking as before
    /// (`keepUnshown`): the hits those pages show, in order, by record. Its vetting is as it was,
    /// with these best hits; its pages are made again (their cards show what changed).
    var shownAsBefore: [Int: [Int32]] = [:]
    /// For each `rankable` suggestion whose best hits can be ranked among few records
    /// (`keepUnshown`): its hits in every scope now, and those records (the hits its previous pages
    /// show, less the changed products as they were, with those that match it as they are). Its
    /// pages are made again from them; its facet summary is tallied again.
    var rankedAmong: [Int: (hits: [Int?], among: [Int32])] = [:]
    /// Products added, removed or edited since the previous build.
    var changedProducts: Int
    /// The previous site's precomputed answers that the answers' walk may keep (nil: none, as the
    /// records' numbers changed).
    var answers: PreviousAnswers?
    /// The facets that held only numbers in the previous build (`numericFacets`): when a changed
    /// product turns one over, no page is kept (a summary's links once depended on it; its values
    /// are text now, so this only costs a full rebuild in that rare case).
    var numericFacets: [String] = []
    /// Nothing changed: the same inputs, the same products file, and every file of the site as the
    /// previous build left it (no other): the build, being deterministic, would write that site.
    var unchanged = false
    /// The previous build's prefix maps, each with its scope, when every file they wrote is as that
    /// build left it (nil: not known, or some file changed since). `PrefixMapsStep` keeps them when
    /// the same suggestions are offered in every scope (`offeredAsBefore`).
    var previousMaps: [PrefixMapLayout]? = nil
    /// The product pages the build keeps from the previous site: those of products unchanged since
    /// (the same record), whose file is as that build left it. A product page shows its product
    /// alone (its fields, its picture, its own breadcrumbs), with the settings and templates the
    /// fingerprint holds, under a file name no product lost (`make` checks it).
    var keptProductPages: Set<String> = []
    /// For each scope (`SiteConfig.everyScope`'s order, the unscoped list first): some changed
    /// product, as it was or as it is, is in it. A scope no changed product is in holds the same
    /// records as before, so a suggestion's count there, with every word or with words made
    /// optional, is the previous one (`relaxedWhereTouched`). Empty: every scope counts as touched.
    var touchedScopes: [Bool] = []

    /// Whether a vetting made words optional (`removed` of them, by scope; 0: none) in a scope
    /// some changed product is in (`touchedScopes`).
    func relaxedWhereTouched(_ removed: [Int]) -> Bool {
        reaches(0, removed: removed)
    }

    /// Whether a product that needs `reached` words made optional to match reaches hits found with
    /// `removed[k]` made optional, in some scope `k` a changed product is in.
    private func reaches(_ reached: Int, removed: [Int]) -> Bool {
        removed.indices.contains { k in removed[k] > 0 && touched(k) && reached <= removed[k] }
    }

    /// Whether a changed product can change suggestion `s`'s relaxed hits: in some scope it is in
    /// (`touchedScopes`) where the vetting made `removed[k]` words optional, it matches the
    /// suggestion with as many made optional or fewer (`reachedAt`). Otherwise the relaxed hits
    /// are as they were: the steps before found no record there and still find none (a changed
    /// product matching at an earlier step would reach the later one too, as matching only grows
    /// with every word made optional), and the step that found them finds the same records.
    func reachesRelaxed(_ s: Int, removed: [Int]) -> Bool {
        reaches(s < reachedAt.count ? reachedAt[s] : 0, removed: removed)
    }

    /// The result pages suggestion `s` keeps from the previous site, or nil when they are made
    /// again: its pages show its unscoped list alone, so only words made optional there count
    /// (`removed`, by scope, the unscoped list first).
    func pagesKept(_ s: Int, removed: [Int]) -> [String]? {
        kept(s, removed: removed.indices.map { $0 == 0 ? removed[0] : 0 })
    }

    /// The vetting of suggestion `s` (`known`, the previous one) when a changed product reaches its
    /// relaxed hits only in scopes, with each such scope's count and words made optional told
    /// from the previous ones (`relaxedCount`); nil when it must be vetted again (the unscoped
    /// list reached, whose pages would change; more than one product changed; a count that
    /// cannot be told).
    func recounted(_ s: Int, _ known: SuggestionVetting.Known) -> SuggestionVetting.Known? {
        guard s < matchesAll.count, !matchesAll[s], s < previous.count, previous[s] != nil, s < queries.count,
            s < reachedAt.count, let scopes = sideScopes, known.hits.count == known.removed.count,
            scopes.was.count == known.removed.count, scopes.now.count == known.removed.count
        else { return nil }
        // The fewest words made optional with which the product, as it was and as it is, matches it.
        let reached = [sides.was, sides.now].map { engine in
            engine.map { Self.fewestRemoved(queries[s], $0, forced: forcedSplits) } ?? .max
        }
        var known = known
        for k in known.removed.indices where known.removed[k] > 0 && touched(k) && reachedAt[s] <= known.removed[k] {
            guard k > 0, let hits = known.hits[k],
                let (count, removed) = Self.relaxedCount(
                    hits: hits, removed: known.removed[k], was: scopes.was[k] ? reached[0] : .max,
                    now: scopes.now[k] ? reached[1] : .max)
            else { return nil }
            (known.hits[k], known.removed[k]) = (count, removed)
        }
        return known
    }

    /// A scope's relaxed hits after one product changed: before, `hits` records matched with
    /// `removed` words made optional and none with fewer; the product, in the scope, matches with
    /// `was` words made optional as it was and `now` as it is (`Int.max`: not at all, or not in
    /// the scope). Nil when it cannot be told (no record left at that step: later steps would
    /// be searched). The other records are as they were: none matches with fewer, and as many as
    /// before, less the product as it was, match with `removed`.
    static func relaxedCount(hits: Int, removed: Int, was: Int, now: Int) -> (hits: Int, removed: Int)? {
        // A product that matches with every word (0) is no relaxed hit: the suggestion is asked.
        guard removed > 0, removed != .max, was >= removed, was > 0, now > 0 else { return nil }
        if now < removed { return (1, now) }
        let count = hits - (was == removed ? 1 : 0) + (now == removed ? 1 : 0)
        return count > 0 ? (count, removed) : nil
    }

    /// `reachedAt` for a suggestion of `query`, which the changed products (`engines`) match with
    /// every word (`all`) or with words made optional (`relaxed`): the fewest words made optional
    /// with which one of them matches it. Asked of the engines only when its previous vetting
    /// (`known`) made words optional in a scope some changed product is in (`touched`), the one
    /// case that reads it (0 otherwise, as when it is not known: the suggestion is then taken as
    /// reached).
    static func reached(
        _ query: String, _ engines: [SearchEngine], all: Bool, relaxed: Bool, _ known: SuggestionVetting.Known?,
        touched: [Bool], forced: [[UInt32]: [[UInt32]]] = [:]
    ) -> Int {
        guard relaxed else { return .max }
        guard !all, let known,
            known.removed.indices.contains(where: { known.removed[$0] > 0 && ($0 >= touched.count || touched[$0]) })
        else { return 0 }
        return engines.lazy.map { fewestRemoved(query, $0, forced: forced) }.min() ?? .max
    }

    /// The fewest words made optional with which a record of `engine` matches `query`, searched
    /// with the catalogue's splits `forced` (0: every word; `Int.max`: none matches).
    static func fewestRemoved(_ query: String, _ engine: SearchEngine, forced: [[UInt32]: [[UInt32]]]) -> Int {
        var index = engine.products
        if !forced.isEmpty { index.language.forcedSplits = forced }
        let outcome = index.search(query, best: 0, scratch: SearchScratch(vocabularySize: index.vocabularySize))
        return outcome.count > 0 ? outcome.removedWords : .max
    }

    /// For each scope (`SiteConfig.everyScope`'s order, nil the unscoped list, which holds every
    /// record), whether some record of `engine` is in it; every scope false without an engine.
    static func scopesHeld(by engine: SearchEngine?, _ scopes: [Scope?]) -> [Bool] {
        scopes.map { scope in
            engine.map { engine in scope.map { engine.allowed(.products, $0).contains(true) } ?? true } ?? false
        }
    }

    /// Whether some changed product, as it was or as it is, is in scope `k` (`touchedScopes`).
    func touched(_ k: Int) -> Bool {
        k >= touchedScopes.count || touchedScopes[k]
    }

    /// Whether every scope (`SiteConfig.everyScope`'s order) offers the same suggestions as the
    /// previous build did: a map's keys and values depend on the suggestions (their file, the
    /// fingerprint's), the settings (the fingerprint's) and which suggestions each scope offers,
    /// nothing else (docs/CONTRACT.md, Prefix maps). Offered means in the scope with at least
    /// `minHits` hits (`SuggestionVetting`); false when some suggestion's previous vetting is not
    /// known.
    func offeredAsBefore(_ vettings: [SuggestionVetting], minHits: Int) -> Bool {
        guard vettings.allSatisfy({ $0.offered.count == previousVetting.count }) else { return false }
        for s in previousVetting.indices {
            guard let known = previousVetting[s], known.hits.count == vettings.count else { return false }
            for k in vettings.indices
            where vettings[k].offered[s] != SuggestionVetting.offers(known.hits[k], minHits: minHits) {
                return false
            }
        }
        return true
    }

    /// Takes a suggestion the changed products match ranking as before (`asBefore`) as one they
    /// do not match, when its previous vetting made no word optional (in a scope some changed
    /// product is in: `relaxedWhereTouched`) and none of them is among the
    /// `best` hits its pages show (only the unscoped list has pages): its counts, the order of its
    /// hits and its facet summary are as they were, and no card on its pages shows what changed.
    ///
    /// Whether they are among those hits is read from its previous pages when they can tell: each
    /// changed product ranks as it did, with every other record as it was, so the hits' order is
    /// the previous build's, and its pages, unchanged since, show the same first hits. They tell
    /// when they mark exactly as many hits (`TemplateSet.hitMarker`, as `typeahead check` reads
    /// them) as the previous vetting says they show (`min(hits, best)`, none when it was not
    /// offered), each a product, once. Otherwise (a shop's card drawn without the marker, or
    /// twice) the engine is asked (`SearchIndex.placesWithin`, which counts the hits ranking
    /// before the product; at 100,000 products, asking it of every such suggestion was half of
    /// the one-edit build's vetting). A suggestion whose pages do show one of them is noted in
    /// `shownAsBefore`, with the hits they show.
    ///
    /// A suggestion they match ranking otherwise (`rankable`) whose pages can tell the same way
    /// is noted in `rankedAmong` when its best hits can be found among few records
    /// (`rankedAmong(shown:…)`); otherwise it is vetted again over the whole catalogue.
    mutating func keepUnshown(_ engine: SearchEngine, best: Int) {
        let index = engine.products
        let wanted = Set(edited)
        let records = index.records.indices.filter { wanted.contains(index.records[$0].objectID) }.map(Int32.init)
        let queries = engine.content.suggestions.map(\.query)
        // Ranked among the pages' hits needs the changed products' two engines (as they were, as
        // they are).
        let rankable =
            changedEngines.count == 2 && self.rankable.count == self.asBefore.count
            ? self.rankable : self.asBefore.map { _ in false }
        let candidates = self.asBefore.indices.filter { s in
            let known = s < previousVetting.count ? previousVetting[s] : nil
            return (self.asBefore[s] || rankable[s]) && matchesAll[s] && s < previous.count && previous[s] != nil
                && known.map { !relaxedWhereTouched($0.removed) } == true
        }
        guard records.count == edited.count, !candidates.isEmpty else { return }
        let unshown = Mutex([Int]())
        let shownHits = Mutex([Int: [Int32]]())
        let among = Mutex([Int: (hits: [Int?], among: [Int32])]())
        let (asBefore, engines, forced) = (self.asBefore, changedEngines, forcedSplits)
        // Each scope's members (none: the unscoped list), by record; a changed product's scopes are
        // as they were (`quietEdits`).
        let scopes = engine.content.config.everyScope.map { $0.map { engine.allowed(.products, $0) } }
        let chunks = max(1, min(candidates.count, PrefixMapBuilder.System.coreCount * 4))
        let (pages, vettings, site) = (previous, previousVetting, previousSite)
        // A page's marks are read as hits only when each names a product once (an id that did
        // not read back as written, or a mark outside the cards, sends it to the engine).
        let numbers = Dictionary(
            uniqueKeysWithValues: index.records.indices.map { (index.records[$0].objectID, Int32($0)) })
        let minHits = engine.content.config.minHits
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let scratch = SearchScratch(vocabularySize: index.vocabularySize)
            let scratches = engines.map { SearchScratch(vocabularySize: $0.products.vocabularySize) }
            var found: [Int] = []
            var ranked: [(Int, (hits: [Int?], among: [Int32]))] = []
            for c in Swift.stride(from: chunk, to: candidates.count, by: chunks) {
                let s = candidates[c]
                // The hits its pages showed: none when it was not offered (no pages). Read from them
                // when they tell (each marked hit a product, once, as many as they show).
                let shown = vettings[s]?.hits.first.flatMap { $0 }.map { $0 >= minHits ? min($0, best) : 0 }
                var onPages: [Int32]?
                if let site, let shown, let paths = pages[s],
                    let marked = Self.markedIDs(onPages: paths, in: site), marked.count == shown,
                    case let hits = marked.compactMap({ numbers[$0] }), hits.count == shown,
                    Set(hits).count == shown
                {
                    onPages = hits
                }
                if !asBefore[s] {
                    // Ranking otherwise: from its pages or not at all (vetted again in full).
                    guard let hits = onPages, let previousHits = vettings[s]?.hits else { continue }
                    let matching = zip(engines, scratches).map { engine, scratch in
                        Set(
                            (engine.standings(queries[s], relaxing: false, scratch: scratch, forced: forced).first
                                ?? [:]).keys
                                .compactMap { numbers[$0] })
                    }
                    if let entry = Self.rankedAmong(
                        shown: hits, best: best, previousHits: previousHits, was: matching[0], now: matching[1],
                        scopes: scopes)
                    {
                        ranked.append((s, entry))
                    }
                    continue
                }
                if let hits = onPages {
                    if !hits.contains(where: records.contains) {
                        found.append(s)
                    } else {
                        shownHits.withLock { $0[s] = hits }
                    }
                    continue
                }
                if !records.contains(where: {
                    index.placesWithin(best, record: Int($0), query: queries[s], scratch: scratch)
                }) {
                    found.append(s)
                }
            }
            unshown.withLock { $0 += found }
            among.withLock { for (s, entry) in ranked { $0[s] = entry } }
        }
        for s in unshown.withLock({ $0 }) {
            matchesAll[s] = false
            matchesRelaxed[s] = false
        }
        shownAsBefore = shownHits.withLock { $0 }
        rankedAmong = among.withLock { $0 }
    }

    /// A suggestion's hits in every scope now and the records its best hits are among, from the
    /// hits its previous pages `shown` (in order, by record; the first `best` of its hits, none
    /// when it was not offered, so then nil), its previous hits in every scope
    /// (nil: not in it), and the changed products that match it with every word as they were
    /// (`was`) and as they are (`now`), each ranking by itself otherwise than before, with the
    /// same scopes (`scopes`: each one's members by record, nil the unscoped list). Nil when it
    /// needs the whole catalogue: a changed product was among the hits shown and they were not
    /// all of them (the hit after them is not known), or some scope is left with no hit (its
    /// words would be made optional, or it would have none: asked again in full either way).
    ///
    /// Every other record that matches it ranks as it did, after all the shown ones it followed,
    /// so the best hits now are among the shown ones, less the changed products, and the changed
    /// products that match now; each scope counts its changed products out and in again.
    static func rankedAmong(
        shown: [Int32], best: Int, previousHits: [Int?], was: Set<Int32>, now: Set<Int32>, scopes: [[Bool]?]
    ) -> (hits: [Int?], among: [Int32])? {
        guard previousHits.count == scopes.count, let unscoped = previousHits.first ?? nil,
            shown.count == min(unscoped, best)
        else { return nil }
        if shown.count < unscoped, shown.contains(where: was.contains) { return nil }
        var hits: [Int?] = []
        for (previous, members) in zip(previousHits, scopes) {
            guard let previous else {
                hits.append(nil)
                continue
            }
            let inScope = { (record: Int32) in members?[Int(record)] ?? true }
            let count = previous - was.filter(inScope).count + now.filter(inScope).count
            guard count > 0 else { return nil }
            hits.append(count)
        }
        return (hits, Set(shown).subtracting(was).union(now).sorted())
    }

    /// The objectIDs of the hits the result pages at `paths` (in the site at `site`) mark, in
    /// order; nil when a page cannot be read.
    static func markedIDs(onPages paths: [String], in site: String) -> [ObjectID]? {
        var hits: [ObjectID] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: site + "/" + path) else { return nil }
            hits += data.withUnsafeBytes { SiteReader.objectIDs(inResultPage: $0.bindMemory(to: UInt8.self)) }
                .map { ObjectID($0) }
        }
        return hits
    }

    /// The result pages suggestion `s` keeps from the previous site, or nil when they are made
    /// again; `removed`: how many words its vetting made optional, by scope (0: none; only what
    /// a changed product can reach counts: `reachesRelaxed`).
    func kept(_ s: Int, removed: [Int]) -> [String]? {
        matchesAll[s] || (matchesRelaxed[s] && reachesRelaxed(s, removed: removed)) ? nil : previous[s]
    }

    /// The vetting suggestion `s` keeps from the previous build, or nil when it is vetted again.
    /// Kept when no changed product matches every word and, where its words were made optional in
    /// a scope some changed product is in, none matches it with as many made optional
    /// (`reachesRelaxed`): then no record that matches it changed, so neither did its hits
    /// nor whether some hit has every word (the vetting `kept` is asked with). With its pages kept;
    /// or, when its previous pages show a changed product ranking as before (`shownAsBefore`),
    /// with the best hits they show (`Known.best`), its pages made again.
    func knownVetting(_ s: Int) -> SuggestionVetting.Known? {
        guard s < previousVetting.count, var known = previousVetting[s] else { return nil }
        if kept(s, removed: known.removed) != nil { return known }
        if let entry = rankedAmong[s] {
            known.hits = entry.hits
            known.best = entry.among
            known.rankAmong = true
            return known
        }
        if let shown = shownAsBefore[s] {
            known.best = shown
            return known
        }
        return recounted(s, known)
    }

    /// The build's plan over the site at `output`, or nil (a clean build) and why; the inputs'
    /// fingerprint for the next build's state (nil: content held in memory, no state).
    static func make(
        content: Content, contentDirectory: String?, templates: TemplateSet, output: String,
        snapshot: [BuildState.ContentFile]
    ) -> (plan: IncrementalPlan?, note: String, fingerprint: String?) {
        guard let contentDirectory else { return (nil, "clean build (content held in memory)", nil) }
        let fingerprint = Fingerprint.make(contentDirectory: contentDirectory, templates: templates)
        let clean = { (why: String) in (IncrementalPlan?.none, "clean build: " + why, Optional(fingerprint)) }
        let state: BuildState
        do {
            // The first lines decide whether the rest is read (below, each check says why not).
            let serves = { (state: BuildState) in
                state.contentDirectory == BuildState.absolute(contentDirectory)
                    && BuildState.FileIdentity(path: output) == state.site
                    && Fingerprint.difference(state.fingerprint, fingerprint) == nil
            }
            guard let found = try BuildState.read(output: output, current: serves) else {
                return clean("no state from a previous build beside \(output)")
            }
            state = found
        } catch {
            return clean("the previous build's state is ignored (\(error.reason))")
        }
        guard state.contentDirectory == BuildState.absolute(contentDirectory) else {
            return clean("the previous build's state is for another content folder (\(state.contentDirectory))")
        }
        guard BuildState.FileIdentity(path: output) == state.site else {
            return clean("\(output) is not the site the previous build's state describes")
        }
        if let changed = Fingerprint.difference(state.fingerprint, fingerprint) {
            return clean("\(changed) changed since the previous build")
        }
        let (plan, note) = make(
            content: content, contentDirectory: contentDirectory, state: state, previousSite: output, snapshot: snapshot
        )
        return (plan, plan == nil ? "clean build: " + note : note, fingerprint)
    }

    /// The plan of a build from the site at `previousSite`, which `state` describes (made with
    /// the same inputs but the products), to `content` (whose products and site.json are
    /// `snapshot`); nil (a clean build) and why. `typeahead check` asks it of a proven site
    /// (`SiteProof`) to make again what a change since the proof made.
    static func make(
        content: Content, contentDirectory: String, state: BuildState, previousSite output: String,
        snapshot: [BuildState.ContentFile]
    ) -> (plan: IncrementalPlan?, note: String) {
        let clean = { (why: String) in (IncrementalPlan?.none, why) }
        if sameProducts(snapshot, state.contentCopy), let count = state.unchangedSite(output) {
            let plan = IncrementalPlan(
                matchesAll: [], matchesRelaxed: [], previous: [], changedProducts: 0, answers: nil, unchanged: true)
            return (
                plan,
                "nothing changed since the previous build: \(output) is as it was (its \(count) files checked by size and modification time)"
            )
        }
        // The previous site's answers are read on another core while the previous products are
        // parsed again (at 100,000 products, each takes seconds); they are used only when the
        // records keep their numbers (below).
        let answerLines = Box<(PreviousAnswers.Lines, PreviousAnswers.Heads)?>(nil)
        let reading = DispatchGroup()
        DispatchQueue.global().async(group: reading) { [state] in
            let read = PreviousAnswers.readLines(site: output, state: state).map {
                ($0, PreviousAnswers.readHeads(site: output, state: state))
            }
            answerLines.value.withLock { $0 = read }
        }
        let old: [Product]
        let new: [Product]
        let previousIDs: [ObjectID]
        if let found = changedRecords(
            content: content, contentDirectory: contentDirectory, copy: state.contentCopy, snapshot: snapshot)
        {
            (old, new, previousIDs) = found
        } else {
            let before: Content
            do {
                before = try ContentLoader(directory: state.contentCopy).loadCatalogue()
            } catch {
                reading.wait()
                return clean("the previous build's products cannot be read again")
            }
            (old, new) = changes(from: before.products, to: content.products)
            previousIDs = before.products.map(\.objectID)
        }
        let ids = content.products.map(\.objectID)
        let newSlugs = Slug.assign(ids)
        // The same objectIDs have the same slugs (only an added or removed one can move another's).
        let oldSlugs = previousIDs == ids ? newSlugs : Slug.assign(previousIDs)
        if oldSlugs.contains(where: { id, slug in newSlugs[id].map { $0 != slug } ?? false }) {
            reading.wait()
            return clean("a product's file name changed (an added product took a name another had)")
        }
        let engines = [old, new].filter { !$0.isEmpty }.map {
            SearchEngine(
                content: Content(products: $0, suggestions: [], config: content.config, synonyms: content.synonyms))
        }
        let joins = engines.reduce(into: Set<[UInt32]>()) { $0.formUnion($1.products.adjacentJoins()) }
        let (all, relaxed, asBefore, rankable, swayed) = matches(content, engines, joins: joins)
        // A record's number is its place by custom ranking, then objectID: the same records with
        // the same custom ranking values keep their numbers, and the answers' lines stay true.
        let ranking = content.config.ranking
        let numbered =
            old.map(\.objectID) == new.map(\.objectID)
            && zip(old, new).allSatisfy { ranking.key($0.attributes) == ranking.key($1.attributes) }
        reading.wait()
        let answers =
            numbered
            ? answerLines.value.withLock { $0 }.map {
                PreviousAnswers(lines: $0.0, changed: engines, joins: joins, heads: $0.1)
            }
            : nil
        // A page changed since the previous build (by hand, by another tool) is made again.
        let previous = content.suggestions.map { suggestion -> [String]? in
            let paths = state.pages[suggestion.objectID] ?? []
            return paths.allSatisfy { state.unchanged($0, in: output) } ? paths : nil
        }
        let scopes = content.config.everyScope.count
        let vetting = content.suggestions.map { suggestion -> SuggestionVetting.Known? in
            state.vetting[suggestion.objectID].flatMap { $0.hits.count == scopes ? $0 : nil }
        }
        let changed = Set(old.map(\.objectID)).union(new.map(\.objectID)).count
        var plan = IncrementalPlan(
            matchesAll: all, matchesRelaxed: relaxed, previous: previous, previousVetting: vetting,
            changedProducts: changed, answers: answers, numericFacets: state.numericFacets)
        plan.asBefore = asBefore
        plan.rankable = rankable
        plan.swayed = swayed
        plan.joins = joins
        plan.sides = (old.isEmpty ? nil : engines.first, new.isEmpty ? nil : engines.last)
        let (wasIn, nowIn) = (
            Self.scopesHeld(by: plan.sides.was, content.config.everyScope),
            Self.scopesHeld(by: plan.sides.now, content.config.everyScope)
        )
        plan.touchedScopes = zip(wasIn, nowIn).map { $0 || $1 }
        if old.count <= 1, new.count <= 1 {
            plan.sideScopes = (wasIn, nowIn)
            plan.queries = content.suggestions.map(\.query)
        }
        plan.reachedAt = content.suggestions.indices.map { s in
            Self.reached(
                content.suggestions[s].query, engines, all: all[s], relaxed: relaxed[s], vetting[s],
                touched: plan.touchedScopes)
        }
        plan.edited = new.map(\.objectID)
        plan.previousSite = output
        plan.previousMaps = previousMaps(state, scopes: content.config.everyScope, output: output)
        let edited = Set(new.map(\.objectID))
        for product in content.products where !edited.contains(product.objectID) {
            guard let slug = newSlugs[product.objectID] else { continue }
            let page = SiteLayout.product(slug: slug)
            if state.unchanged(page, in: output) { plan.keptProductPages.insert(page) }
        }
        return (
            plan, "incremental build: \(changed) of \(content.products.count) products changed since the previous build"
        )
    }

    /// The state's prefix maps, each given its scope, when there is one a scope (the same ids) and
    /// every file they wrote is as the previous build left it.
    static func previousMaps(_ state: BuildState, scopes: [Scope?], output: String) -> [PrefixMapLayout]? {
        guard state.maps.count == scopes.count,
            zip(state.maps, scopes).allSatisfy({ $0.id == SiteLayout.mapID($1) })
        else { return nil }
        guard state.maps.allSatisfy({ $0.files.allSatisfy { state.unchanged($0, in: output) } }) else { return nil }
        return zip(state.maps, scopes).map { map, scope in
            var map = map
            map.scope = scope
            return map
        }
    }

    /// Whether the products and site.json read at the build's start are byte for byte the state's copy.
    static func sameProducts(_ snapshot: [BuildState.ContentFile], _ copy: String) -> Bool {
        guard snapshot.map(\.name) == BuildState.productFiles(in: copy) else { return false }
        return snapshot.allSatisfy { $0.read != nil && $0 == BuildState.ContentFile(name: $0.name, in: copy) }
    }

    /// Whether a query holds a word that a changed product's adjacent words make (`joins`): its
    /// split may now be another.
    static func swayed(_ query: String, _ joins: Set<[UInt32]>, forced: [[UInt32]: [[UInt32]]] = [:]) -> Bool {
        !joins.isEmpty
            && TextNormalizer.words(query).contains {
                let scalars = $0.unicodeScalars.map(\.value)
                return joins.contains(scalars) && forced[scalars] == nil
            }
    }

    /// The facets of site.json that hold only numbers (over every product of `engine`).
    static func numericFacets(_ engine: SearchEngine) -> [String] {
        let names = engine.content.config.attributesForFaceting.map(\.name)
        // Each facet's column read on its own core (the engine keeps them for the pages' facets).
        DispatchQueue.concurrentPerform(iterations: names.count) { _ = engine.column(names[$0]) }
        return names.filter { engine.column($0).holdsOnlyNumbers }.sorted(by: utf8Less)
    }

    /// The products added, removed or edited since the state's copy (as they were, as they are)
    /// and the previous build's objectIDs, found by the records' bytes: only the records that one
    /// of the two files holds and the other does not, byte for byte, are read (at 100,000
    /// products, reading the whole copy again took 3.8 s). A record whose bytes changed but not
    /// its product (its members reordered) is read on both sides and found equal. Nil when the
    /// files cannot be compared so: another file name, site.json not the copy's, a file the scan
    /// cannot follow or one that is no longer what this build read (`snapshot`); the caller then
    /// reads the whole copy.
    static func changedRecords(
        content: Content, contentDirectory: String, copy: String, snapshot: [BuildState.ContentFile]
    ) -> (old: [Product], new: [Product], previousIDs: [ObjectID])? {
        guard snapshot.map(\.name) == BuildState.productFiles(in: copy),
            let file = snapshot.first(where: { $0.name != "site.json" }), let read = file.read,
            snapshot.allSatisfy({ $0.name == file.name || $0 == BuildState.ContentFile(name: $0.name, in: copy) }),
            let now = FileManager.default.contents(atPath: contentDirectory + "/" + file.name).map([UInt8].init),
            case let digest = ContentDigest.streamed(now), digest.digest == read.digest, digest.size == read.size,
            let was = FileManager.default.contents(atPath: copy + "/" + file.name).map([UInt8].init)
        else { return nil }
        let lines = file.name != "products.json"
        guard let nowRecords = ContentLoader.recordRanges(now, lines: lines),
            let wasRecords = ContentLoader.recordRanges(was, lines: lines)
        else { return nil }

        // Each record of the file now, by its bytes' digest; a record of the copy takes one of
        // the same bytes (compared, not only by digest), once.
        var byDigest: [RecordKey: [Int]] = [:]
        for (k, range) in nowRecords.enumerated() {
            byDigest[RecordKey(now, range), default: []].append(k)
        }
        var taken = [Bool](repeating: false, count: nowRecords.count)
        var gone: [ArraySlice<UInt8>] = []
        for range in wasRecords {
            let same = byDigest[RecordKey(was, range)]?.first { k in
                !taken[k] && now[nowRecords[k]].elementsEqual(was[range])
            }
            if let same { taken[same] = true } else { gone.append(was[range]) }
        }
        let came = nowRecords.indices.filter { !taken[$0] }.map { now[nowRecords[$0]] }
        let path = { (folder: String) in folder + "/" + file.name }
        guard let before = ContentLoader.readProducts(gone, config: content.config, file: path(copy)),
            let after = ContentLoader.readProducts(came, config: content.config, file: path(contentDirectory))
        else { return nil }
        // The records read again are among the build's products (as a check: the file's digest
        // is the snapshot's, taken once the products were loaded, like the rest of the state).
        let products = content.products
        for product in after {
            // `content.products` is sorted by objectID.
            var (low, high) = (0, products.count)
            while low < high {
                let middle = (low + high) / 2
                if products[middle].objectID < product.objectID { low = middle + 1 } else { high = middle }
            }
            guard low < products.count, products[low] == product else { return nil }
        }
        let (old, new) = changes(from: before, to: after)
        let added = Set(new.map(\.objectID)).subtracting(old.map(\.objectID))
        let removed = Set(old.map(\.objectID)).subtracting(new.map(\.objectID))
        let previousIDs = (products.map(\.objectID).filter { !added.contains($0) } + removed).sorted()
        return (old, new, previousIDs)
    }

    /// A record's bytes' digest, as a dictionary key.
    private struct RecordKey: Hashable {
        var a: UInt64
        var b: UInt64

        init(_ bytes: [UInt8], _ range: Range<Int>) {
            let digest = bytes.withUnsafeBytes { ContentDigest(UnsafeRawBufferPointer(rebasing: $0[range])) }
            (a, b) = (digest.a, digest.b)
        }
    }

    /// The products as they were and as they are, of those added, removed or edited.
    static func changes(from before: [Product], to after: [Product]) -> (old: [Product], new: [Product]) {
        var previous: [ObjectID: Product] = [:]
        for product in before { previous[product.objectID] = product }
        var old: [Product] = []
        var new: [Product] = []
        for product in after {
            if let was = previous.removeValue(forKey: product.objectID) {
                if was != product {
                    old.append(was)
                    new.append(product)
                }
            } else {
                new.append(product)
            }
        }
        old += previous.values
        old.sort { $0.objectID < $1.objectID }
        new.sort { $0.objectID < $1.objectID }
        return (old, new)
    }

    /// For each suggestion: whether one of the changed products (`engines`: as they were, as they
    /// are) matches every word; whether one matches it with words made optional; and whether they
    /// match it ranking as before, their scopes and summarised facets unchanged (`asBefore`).
    ///
    /// A suggestion holding a word the changed products' adjacent words make (`joins`) is swayed:
    /// taken as matched, neither as before nor rankable, since that word's split, which the whole
    /// catalogue chooses, may now be another; unless `forced` gives the word's split (the same in
    /// the previous catalogue and this one, `settleSwayed`), which the changed products are then
    /// searched with. `only`: the suggestions to tell (nil: every one; the others are false).
    static func matches(
        _ content: Content, _ engines: [SearchEngine], joins: Set<[UInt32]>,
        forced: [[UInt32]: [[UInt32]]] = [:], only: [Int]? = nil
    ) -> (all: [Bool], relaxed: [Bool], asBefore: [Bool], rankable: [Bool], swayed: [Bool]) {
        let queries = content.suggestions.map(\.query)
        let none = [Bool](repeating: false, count: queries.count)
        guard !engines.isEmpty else { return (none, none, none, none, none) }
        let told = only ?? Array(queries.indices)
        // Only a product whose scopes and summarised facets are as they were can rank as before
        // and leave a page as it was (`standsAsBefore`).
        let quiet =
            engines.count == 2 && quietEdits(engines[0].content.products, engines[1].content.products, content.config)
        let indices = engines.map { engine in
            var index = engine.products
            index.language.forcedSplits = forced
            return index
        }
        let result = Mutex((all: none, relaxed: none, asBefore: none, rankable: none, swayed: none))
        let chunks = max(1, min(told.count, PrefixMapBuilder.System.coreCount * 4))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let scratches = indices.map { SearchScratch(vocabularySize: $0.vocabularySize) }
            var found: [(Int, Bool, Bool, Bool, Bool, Bool)] = []
            for t in Swift.stride(from: chunk, to: told.count, by: chunks) {
                let s = told[t]
                let swayed = swayed(queries[s], joins, forced: forced)
                let all =
                    swayed
                    || indices.indices.contains { e in
                        indices[e].count(queries[s], allowed: nil, scratch: scratches[e]) > 0
                    }
                let relaxed =
                    all
                    || indices.indices.contains { e in
                        indices[e].search(queries[s], best: 0, scratch: scratches[e]).count > 0
                    }
                let quietly = all && !swayed && quiet
                let asBefore =
                    quietly
                    && standsAsBefore(
                        queries[s], engines[0], engines[1], scratches[0], scratches[1], forced: forced)
                found.append((s, all, relaxed, asBefore, quietly && !asBefore, swayed))
            }
            result.withLock {
                for (s, all, relaxed, asBefore, rankable, swayed) in found where relaxed || swayed {
                    $0.all[s] = all
                    $0.relaxed[s] = relaxed
                    $0.asBefore[s] = asBefore
                    $0.rankable[s] = rankable
                    $0.swayed[s] = swayed
                }
            }
        }
        return result.withLock { $0 }
    }

    /// Whether the changed products match `query` as they did, each ranking by itself as it did
    /// (`RecordStanding`): its hit count, and the order of its hits, are as they were in every scope.
    static func standsAsBefore(
        _ query: String, _ was: SearchEngine, _ now: SearchEngine, _ wasScratch: SearchScratch,
        _ nowScratch: SearchScratch, forced: [[UInt32]: [[UInt32]]] = [:]
    ) -> Bool {
        was.standings(query, relaxing: false, scratch: wasScratch, forced: forced)
            == now.standings(query, relaxing: false, scratch: nowScratch, forced: forced)
    }

    /// Takes the swayed suggestions (`swayed`) whose words of `joins` each split in the whole
    /// catalogue (`engine`) as they did in the previous one as the others are taken: matched when
    /// a changed product matches them, searched with those splits (`matches(…forced:)`), so ranking
    /// as before or rankable among their pages' hits. The previous catalogue's split is told from
    /// its counts (`SearchIndex.chooseSplit`): this one's, less the changed products as they are,
    /// plus them as they were. The splits stay in `forcedSplits`, for `keepUnshown`.
    mutating func settleSwayed(_ engine: SearchEngine, content: Content) {
        guard swayed.contains(true) else { return }
        let queries = content.suggestions.map(\.query)
        let index = engine.products
        let (was, now) = (sides.was?.products, sides.now?.products)
        var forced: [[UInt32]: [[UInt32]]] = [:]
        var moved = Set<[UInt32]>()
        for s in swayed.indices where swayed[s] {
            for word in TextNormalizer.words(queries[s]) {
                let scalars = word.unicodeScalars.map(\.value)
                guard joins.contains(scalars), forced[scalars] == nil, !moved.contains(scalars) else { continue }
                let before = SearchIndex.chooseSplit(
                    scalars,
                    held: { index.holders(of: $0) - (now?.holders(of: $0) ?? 0) + (was?.holders(of: $0) ?? 0) > 0 },
                    phrases: { a, b in
                        index.phraseCount(a, b) - (now?.phraseCount(a, b) ?? 0) + (was?.phraseCount(a, b) ?? 0)
                    })
                let current = index.split(of: scalars)
                if before == current { forced[scalars] = current ?? [] } else { moved.insert(scalars) }
            }
        }
        let settled = swayed.indices.filter { s in
            swayed[s] && !TextNormalizer.words(queries[s]).contains { moved.contains($0.unicodeScalars.map(\.value)) }
        }
        guard !settled.isEmpty else { return }
        let engines = [sides.was, sides.now].compactMap { $0 }
        let found = Self.matches(content, engines, joins: joins, forced: forced, only: settled)
        for s in settled {
            matchesAll[s] = found.all[s]
            matchesRelaxed[s] = found.relaxed[s]
            if s < reachedAt.count, s < previousVetting.count {
                reachedAt[s] = Self.reached(
                    queries[s], engines, all: found.all[s], relaxed: found.relaxed[s], previousVetting[s],
                    touched: touchedScopes, forced: forced)
            }
            if s < asBefore.count { asBefore[s] = found.asBefore[s] }
            if s < rankable.count { rankable[s] = found.rankable[s] }
            swayed[s] = false
        }
        forcedSplits = forced
        settledSwayed = settled.count
    }

    /// Whether every changed product (as it was, `old`, and as it is, `new`, in the same order)
    /// kept its custom ranking values, its place in every scope (the scope attribute's value) and
    /// its summarised facet values (a price its range), each read as the engine reads it (a
    /// member named with a dot first, then the path): a suggestion's counts by scope, the order of
    /// its other hits around it and its facet summaries do not depend on the edit then.
    static func quietEdits(_ old: [Product], _ new: [Product], _ config: SiteConfig) -> Bool {
        guard old.map(\.objectID) == new.map(\.objectID) else { return false }
        let scopes = Set(config.everyScope.compactMap { $0?.attribute })
        let facets = Set(config.attributesForFaceting.map(\.name)).subtracting(scopes)
        let ranking = config.ranking
        return zip(old, new).allSatisfy { was, now in
            let (a, b) = (JSONValue.object(was.attributes), JSONValue.object(now.attributes))
            return ranking.key(was.attributes) == ranking.key(now.attributes)
                && scopes.allSatisfy { a.member(path: $0) == b.member(path: $0) }
                && facets.allSatisfy { name in
                    let (x, y) = (a.member(path: name), b.member(path: name))
                    guard FacetSummary.isPrice(name), let p = x?.numberValue, let q = y?.numberValue else {
                        return x == y
                    }
                    return FacetSummary.priceRange(p) == FacetSummary.priceRange(q)
                }
        }
    }
}

/// A value another thread sets (under its lock), for a closure that escapes.
final class Box<Value: Sendable>: Sendable {
    let value: Mutex<Value>
    init(_ value: Value) { self.value = Mutex(value) }
}
