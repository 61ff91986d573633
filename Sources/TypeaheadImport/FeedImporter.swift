import TypeaheadModel

/// `typeahead import`: a Merchant Center feed or a Shopify export made `products.json`, in the
/// Algolia record shape the build reads. Everything wrong is reported together (up to
/// `limits.issues`), each problem naming the file, the line (and the item, in XML) and the field;
/// then nothing is made.
public struct FeedImporter {
    public var path: String
    /// nil: told from the file's first bytes.
    public var format: FeedFormat?
    /// An ISO 4217 code: Shopify's prices' currency; a Merchant feed's prices must all be in it.
    public var currency: String?
    public var limits: ImportLimits
    public var meter: ReadMeter?

    public init(
        path: String, format: FeedFormat? = nil, currency: String? = nil, limits: ImportLimits = ImportLimits(),
        meter: ReadMeter? = nil
    ) {
        self.path = path
        self.format = format
        self.currency = currency
        self.limits = limits
        self.meter = meter
    }

    /// What an import made and how.
    public struct Result: Sendable {
        public var format: FeedFormat
        /// `products.json`, to write.
        public var file: ProductsFile
        /// Items (Merchant) or rows (Shopify) read.
        public var read: Int
        public var products: Int
        /// Variants folded into another's product.
        public var folded: Int
        /// Shopify products left out (drafts, archived, unpublished).
        public var leftOut: Int
        /// The prices' currency, when known.
        public var currency: String?
    }

    /// Whether `code` is an active ISO 4217 currency code (upper case).
    public static func isCurrency(_ code: String) -> Bool { Currencies.isActive(code) }

    public func run() throws(ContentError) -> Result {
        let file = try ChunkedFile(path: path, chunkBytes: limits.chunkBytes, meter: meter)
        let format: FeedFormat
        if let given = self.format { format = given } else { format = try FeedFormat.detect(path: path) }
        var issues = IssueList(file: path, limit: limits.issues)
        var records: [RenderedRecord] = []
        var result = Result(
            format: format, file: ProductsFile([]), read: 0, products: 0, folded: 0, leftOut: 0, currency: currency)
        do throws(FeedStop) {
            switch format {
            case .shopifyCSV:
                let made = try ShopifyCatalogue(file: file, limits: limits, currency: currency).read(&issues)
                (records, result.read, result.folded, result.leftOut) = (
                    made.records, made.rows, made.folded, made.leftOut
                )
            case .merchantXML, .merchantTSV:
                var catalogue = MerchantCatalogue(file: path, currency: currency)
                if format == .merchantXML {
                    MerchantXMLReader(file: file, limits: limits).read(&issues) { catalogue.add($0, &$1) }
                } else {
                    MerchantTSVReader(file: file, limits: limits).read(&issues) { catalogue.add($0, &$1) }
                }
                result.folded = catalogue.finish(&issues)
                (records, result.read, result.currency) = (catalogue.records, catalogue.items, catalogue.currency)
            }
        } catch {
            issues.add(error.issue)
        }
        if issues.total > 0 { throw issues.error }
        result.products = records.count
        result.file = ProductsFile(records)
        return result
    }
}
