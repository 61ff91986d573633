/// The templates' `assets/` folder (scripts, styles, icons), copied as it is.
struct AssetsStep: BuildStep {
    let phase = "assets"

    func run(_ context: BuildContext) throws {
        for (path, bytes) in context.templates.assets {
            context.files[SiteLayout.assetsFolder + "/" + path] = bytes
        }
    }
}
