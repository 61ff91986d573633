import TypeaheadModel

/// The products' pictures, resized (or taken unchanged from the site this build replaces), streamed
/// into the site first. Content held in memory has no pictures: every product shows its placeholder
/// or its link.
struct ImagesStep: BuildStep {
    let phase = "images"

    func run(_ context: BuildContext) throws {
        guard let contentDirectory = context.contentDirectory else { return }
        let progress = context.progress
        let images = try SiteImages.prepare(
            content: context.content, contentDirectory: contentDirectory, previousSite: context.previousSite
        ) { done, total in
            progress?.update(phase: "Images", done: done, total: total)
        }
        context.summary.picturesMade = images.made
        context.summary.picturesReused = images.reused
        for path in images.files.keys.sorted(by: utf8Less) {
            try context.put(path, images.files[path]!)
        }
        context.pictures = images.dropFiles()
    }
}
