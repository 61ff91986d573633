/// The build report (`report/`): what the site is made of, and what in the data needs a look. It
/// counts every file but its own.
struct ReportStep: BuildStep {
    let phase = "report"

    func run(_ context: BuildContext) throws {
        for (path, bytes) in context.files { context.sizes[path] = bytes.count }
        let input = FindingInput(
            content: context.content, engine: context.engine, layouts: context.layouts, vetting: context.vetting,
            scopeVettings: context.scopeVettings, images: context.pictures)
        let report = ReportMaker(input: input, resultPages: context.summary.resultPages, sizes: context.sizes).make()
        // The site's report lists the first records of each finding; the build's summary keeps them all.
        let written = report.capped(BuildReport.siteRows)
        context.files[SiteLayout.reportHTML] = Array(written.html().utf8)
        context.files[SiteLayout.reportJSON] = written.json()
        context.summary.report = report
    }
}
