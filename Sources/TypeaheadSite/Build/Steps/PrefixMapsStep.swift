import TypeaheadEngine

/// The prefix maps (every key's suggestions), cut into shards: all suggestions, then each scope.
struct PrefixMapsStep: BuildStep {
    let phase = "prefix maps"

    func run(_ context: BuildContext) throws {
        let config = context.config
        if let plan = context.plan, let previous = plan.previousMaps,
            plan.offeredAsBefore(context.vettings, minHits: config.minHits)
        {
            // An incremental build where every scope offers the suggestions it offered: the maps
            // are the previous build's, byte for byte; their files are kept unread.
            for map in previous {
                for file in map.files { context.sizes[file] = try context.sink.keep(file) }
            }
            context.layouts = previous
            context.mapsKept = true
        } else {
            let mapFiles = PrefixMapFiles(content: context.content)
            for (i, scope) in config.everyScope.enumerated() {
                context.progress?.update(phase: "Prefix maps", done: i, total: config.scopes.count + 1)
                let builder = PrefixMapBuilder(engine: context.engine, perKey: config.suggestionsPerKey(in: scope))
                let id = SiteLayout.mapID(scope)
                context.layouts.append(mapFiles.write(id: id, scope: scope, builder: builder, into: &context.files))
            }
        }
        let layouts = context.layouts
        context.summary.keys = layouts.reduce(0) { $0 + $1.keyCount + 1 }
        context.summary.shards = layouts.reduce(0) { $0 + $1.manifest.count }
        context.summary.largestShardBytes = layouts.map(\.largestShardBytes).max() ?? 0
    }
}
