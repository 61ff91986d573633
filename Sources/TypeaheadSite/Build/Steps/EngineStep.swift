import TypeaheadEngine

/// The live engine over the products and the suggestions: every later step asks it.
struct EngineStep: BuildStep {
    let phase = "engine"

    func run(_ context: BuildContext) throws {
        context.engine = SearchEngine(content: context.content)
    }
}
