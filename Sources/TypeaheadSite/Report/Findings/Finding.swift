import Dispatch
import Synchronization
import TypeaheadEngine
import TypeaheadMarkup
import TypeaheadModel

/// A finding of the build report: a list of records in the data that need a look (suggestions that
/// lead nowhere, products without a price, markup in plain text…). One type a finding, one file
/// each, listed once in `Findings.all`; each is tested on a small content through `FindingInput`,
/// with no site built.
protocol Finding: Sendable {
    var id: FindingID { get }
    /// The finding's table over `input`: every row, sorted, none for clean data.
    func table(_ input: FindingInput) -> BuildReport.Table
}

/// Every finding's id, as the report's JSON and page (`<section id=…>`) name it.
public enum FindingID: String, CaseIterable, Sendable {
    case leftOut = "left-out"
    case leftOutOfScopes = "left-out-of-scopes"
    case shadowed
    case exactNbHits = "exact-nb-hits"
    case noImage = "no-image"
    case noPrice = "no-price"
    case noDescription = "no-description"
    case descriptionFormat = "description-format"
    case duplicateNames = "duplicate-names"
    case markup
    case prices
}

/// The registry: every finding, in the report's order.
enum Findings {
    static let all: [any Finding] = [
        LeftOut(), LeftOutOfScopes(), Shadowed(), ExactNbHits(), NoImage(), MissingField.price,
        MissingField.description, DescriptionFormats(), DuplicateNames(), MarkupInText(), SuspiciousPrices(),
    ]

    /// Every finding's table over `input`, in the registry's order.
    static func tables(_ input: FindingInput) -> [BuildReport.Table] {
        // Each over the whole catalogue, independent of the others: on all cores, kept in order.
        let made = Mutex([BuildReport.Table?](repeating: nil, count: all.count))
        DispatchQueue.concurrentPerform(iterations: all.count) { i in
            let table = all[i].table(input)
            made.withLock { $0[i] = table }
        }
        return made.withLock { $0.map { $0! } }
    }
}

extension BuildReport.Table {
    /// A finding's table.
    init(_ id: FindingID, title: String, note: String, columns: [String], rows: [[String]]) {
        self.init(id: id.rawValue, title: title, note: note, columns: columns, rows: rows)
    }
}

/// What findings look at: the content, the engine over it, the prefix maps as written and which
/// suggestions lead somewhere. A build passes its own; a test makes one from a content alone.
struct FindingInput: Sendable {
    var content: Content
    var engine: SearchEngine
    /// The maps as written, the unscoped one first.
    var layouts: [PrefixMapLayout]
    /// Which suggestions lead somewhere, unscoped and in each configured scope (in config order).
    var vetting: SuggestionVetting
    var scopeVettings: [SuggestionVetting]
    /// The products' pictures, for the products that show a placeholder.
    var images: SiteImages

    /// The input a build of `content` would give (in memory, no pictures: every product with an
    /// image shows why it has none), without rendering or writing anything.
    init(content: Content) {
        let engine = SearchEngine(content: content)
        let vettings = engine.rankedVettings(best: 0)
        var files: [String: [UInt8]] = [:]
        let layouts = content.config.everyScope.map {
            PrefixMapFiles(content: content).write(
                id: SiteLayout.mapID($0), scope: $0,
                builder: PrefixMapBuilder(engine: engine, perKey: content.config.suggestionsPerKey(in: $0)),
                into: &files)
        }
        self.init(
            content: content, engine: engine, layouts: layouts, vetting: vettings[0],
            scopeVettings: Array(vettings.dropFirst()), images: .none)
    }

    init(
        content: Content, engine: SearchEngine, layouts: [PrefixMapLayout], vetting: SuggestionVetting,
        scopeVettings: [SuggestionVetting], images: SiteImages
    ) {
        self.content = content
        self.engine = engine
        self.layouts = layouts
        self.vetting = vetting
        self.scopeVettings = scopeVettings
        self.images = images
        descriptionContents = content.products.map { $0.description.map(DescriptionContent.of) }
    }

    /// What each product's description holds (nil: none), read once for the finding and the counts.
    let descriptionContents: [DescriptionContent?]

    /// Each suggestion's product hits here (unscoped), by index into the sorted suggestions.
    var hits: [Int] { vetting.hits.map { $0 ?? 0 } }

    /// Suggestions sorted most popular first, then by objectID.
    func byPopularity(_ indices: [Int]) -> [Int] {
        let suggestions = content.suggestions
        return indices.sorted { a, b in
            suggestions[a].popularity != suggestions[b].popularity
                ? suggestions[a].popularity > suggestions[b].popularity
                : suggestions[a].objectID < suggestions[b].objectID
        }
    }
}
