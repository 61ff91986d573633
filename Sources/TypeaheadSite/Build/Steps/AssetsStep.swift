/// The templates' `assets/` folder (scripts, styles, icons), copied as it is, but for the page's
/// script parts: they are joined into one script (`SiteLayout.pageScript`).
struct AssetsStep: BuildStep {
    let phase = "assets"

    func run(_ context: BuildContext) throws {
        let assets = context.templates.assets
        let parts = Set(SiteLayout.scriptParts)
        for (path, bytes) in assets where !parts.contains(path) {
            context.files[SiteLayout.assetsFolder + "/" + path] = bytes
        }
        if let script = Self.pageScript(assets) {
            context.files[SiteLayout.assetsFolder + "/" + SiteLayout.pageScript] = script
        }
    }

    /// The parts the templates have, in `SiteLayout.scriptParts`' order, each after a line that
    /// names it and ending in a line break: nil when they have none.
    static func pageScript(_ assets: [String: [UInt8]]) -> [UInt8]? {
        var script: [UInt8] = []
        for part in SiteLayout.scriptParts {
            guard let bytes = assets[part] else { continue }
            script += "// \(part.dropFirst(3))\n".utf8
            script += bytes
            if bytes.last != UInt8(ascii: "\n") { script.append(UInt8(ascii: "\n")) }
        }
        return script.isEmpty ? nil : script
    }
}
