import TypeaheadEngine

/// The live engine over the products and the suggestions (or the one the builder was given):
/// every later step asks it.
struct EngineStep: BuildStep {
    let phase = "engine"

    func run(_ context: BuildContext) throws {
        if context.engine == nil {
            context.engine = SearchEngine(content: context.content)
        } else {
            context.summary.engineGiven = true
        }
    }
}
