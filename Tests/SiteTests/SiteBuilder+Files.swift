import TypeaheadSite

extension SiteBuilder {
    /// Every file of the site, in memory (the tests' shorthand).
    func build() throws -> [String: [UInt8]] {
        try buildWithSummary().files
    }
}
