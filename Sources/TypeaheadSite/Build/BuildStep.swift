import Dispatch

/// One step of the build, and one phase of `typeahead build`'s timings: it reads what the steps
/// before it left in the context and adds what it makes. The build is the list
/// `SiteBuilder.steps`; a new page type or output is a new step in it (a file in `Steps/`).
protocol BuildStep: Sendable {
    /// The phase's name, as the terminal and the report's timings show it.
    var phase: String { get }
    /// The templates it renders (`templates/<name>.mustache`): a templates folder without them is
    /// refused before anything is built.
    var templates: [String] { get }
    func run(_ context: BuildContext) throws
}

extension BuildStep {
    var templates: [String] { [] }
}

/// Measures phases with the monotonic clock (for the terminal and benchmarks, never the site).
struct PhaseClock {
    private var last = DispatchTime.now().uptimeNanoseconds

    mutating func lap(_ name: String, _ summary: inout BuildSummary) {
        let now = DispatchTime.now().uptimeNanoseconds
        summary.phases.append((name, Double(now - last) / 1e9))
        last = now
    }

    /// Seconds since the last lap.
    mutating func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { last = now }
        return Double(now - last) / 1e9
    }
}
