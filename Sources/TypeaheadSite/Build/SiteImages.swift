import Foundation
import TypeaheadImages
import TypeaheadModel

/// One size of a product's picture in the site: its path from the site's root and its pixels.
struct SiteImageFile: Sendable, Equatable {
    var path: String
    var width: Int
    var height: Int
}

/// What a product's picture is in the site. A product with none shows the placeholder.
enum ProductPicture: Sendable, Equatable {
    /// Its own picture, resized: `thumb` for cards, `large` for its page.
    case local(thumb: SiteImageFile, large: SiteImageFile)
    /// A remote URL shown as it is (`"remoteImages": "link"`).
    case link(String)
}

/// Every product's picture, read from `Content/images/` or the image cache and resized with libvips
/// into `images/<hash>.webp`, named by the bytes written so an unchanged picture keeps its name.
public struct SiteImages: Sendable {
    /// Pixels of the square each size fits in: twice the CSS size the templates show (80 px in a
    /// card, 300 px on a product's page), for screens of two pixels a point.
    public static let thumbSize = 160
    public static let largeSize = 600
    /// The pictures' recipe: libvips's version and the pinned settings.
    static var recipe: String { Thumbnailer.recipe(sizes: [thumbSize, largeSize]) }

    var pictures: [ObjectID: ProductPicture] = [:]
    /// `images/<name>.webp` → bytes.
    var files: [String: [UInt8]] = [:]
    /// Source files read; of them, pictures resized now and pictures whose files were taken from
    /// the previous build (same source bytes, same recipe).
    public private(set) var sources = 0
    public private(set) var made = 0
    public private(set) var reused = 0

    /// No pictures: every product shows its placeholder (or its link).
    public static let none = SiteImages()

    /// What `product` shows.
    func picture(_ product: Product) -> ProductPicture? {
        pictures[product.objectID]
    }

    /// Why `product` shows the placeholder, or nil when it has a picture.
    func placeholderReason(_ product: Product) -> String? {
        if picture(product) != nil { return nil }
        switch ImageReference.parse(product.image) {
        case nil: return "no image"
        case .success(.remote): return "remote image not fetched (typeahead images fetch)"
        case .success(.local): return "local image not read"
        case .failure: return "image refused (not an http(s) URL or a path inside Content/images/)"
        }
    }

    /// Reads and resizes every product's image (distinct pictures once, on all cores). Throws every
    /// image that cannot be used, naming the product: a missing file, a path that leaves
    /// `Content/images/`, a file that is not a PNG, JPEG or WebP, a corrupt or oversized one.
    ///
    /// `previousSite` is the site being replaced, if any: a picture whose source bytes and recipe
    /// its `images/index.json` lists, and whose files are there with the bytes their names say, is
    /// taken from it instead of resized again (the result is the same bytes either way).
    public static func prepare(
        content: Content, contentDirectory: String, previousSite: String? = nil, limits: ImageLimits = ImageLimits(),
        progress: ((Int, Int) -> Void)? = nil
    ) throws(ContentError) -> SiteImages {
        let cache = try ImageCache.load(contentDirectory: contentDirectory)
        let productsFile =
            ["products.json", "products.ndjson", "products.jsonl"]
            .map { (contentDirectory as NSString).appendingPathComponent($0) }
            .first { FileManager.default.fileExists(atPath: $0) } ?? "products.json"
        let imagesFolder = (contentDirectory as NSString).appendingPathComponent(ImageReference.folder)
        var collector: [ContentIssue] = []
        func issue(_ product: Product, _ message: String) {
            collector.append(
                ContentIssue(
                    file: productsFile, record: "objectID \"\(product.objectID)\"", field: "image", message: message))
        }

        var images = SiteImages()
        let sourceOf = sources(
            of: content, imagesFolder: imagesFolder, cache: cache, pictures: &images.pictures, issue: issue)
        let paths = Array(Set(sourceOf.map(\.path))).sorted(by: utf8Less)
        // libvips starts (and loads its modules) only for a shop that has pictures to resize.
        guard !paths.isEmpty else {
            if !collector.isEmpty { throw ContentError(issues: Array(collector.prefix(50)), total: collector.count) }
            return images
        }
        let recipe = Thumbnailer.recipe(sizes: [thumbSize, largeSize])
        let previous = previousSite.flatMap { PictureIndex.read(site: $0) }.flatMap { $0.recipe == recipe ? $0 : nil }
        let results = resize(
            paths, previous: previous, previousSite: previousSite, limits: limits, progress: progress)
        for result in results.values {
            if case .success(let made) = result {
                if made.reused { images.reused += 1 } else { images.made += 1 }
            }
        }
        var index = PictureIndex(recipe: recipe)
        var names = Set<String>()
        for (i, path) in sourceOf {
            let product = content.products[i]
            switch results[path]! {
            case .failure(let error):
                issue(product, "\(path): \(error.message)")
            case .success(let made):
                var files: [SiteImageFile] = []
                for size in made.sizes {
                    let file = SiteLayout.picturesFolder + "/" + size.fileName
                    if names.insert(file).inserted { images.files[file] = size.bytes }
                    files.append(SiteImageFile(path: file, width: size.width, height: size.height))
                }
                images.pictures[product.objectID] = .local(thumb: files[0], large: files[1])
                index.entries[made.source] = files
            }
        }
        images.sources = paths.count
        if !index.entries.isEmpty { images.files[SiteLayout.pictureIndex] = index.bytes() }
        if !collector.isEmpty {
            throw ContentError(issues: Array(collector.prefix(50)), total: collector.count)
        }
        return images
    }

    /// Each product's source file (a local image inside `Content/images/`, or a remote one in the
    /// cache); a remote image not cached is a link when the content says so.
    private static func sources(
        of content: Content, imagesFolder: String, cache: ImageCache, pictures: inout [ObjectID: ProductPicture],
        issue: (Product, String) -> Void
    ) -> [(product: Int, path: String)] {
        let realFolder = realPath(imagesFolder)
        var sourceOf: [(product: Int, path: String)] = []
        for (i, product) in content.products.enumerated() {
            switch ImageReference.parse(product.image) {
            case nil, .failure?:
                continue  // none, or refused when the content was read
            case .success(.local(let relative))?:
                let path = (imagesFolder as NSString).appendingPathComponent(relative)
                guard let real = realPath(path) else {
                    issue(product, "\(path) does not exist")
                    continue
                }
                guard let realFolder, real.hasPrefix(realFolder + "/") else {
                    issue(product, "\(relative) leads outside \(imagesFolder)/ (through a symbolic link)")
                    continue
                }
                sourceOf.append((i, real))
            case .success(.remote(let url))?:
                if let path = cache.path(for: url), FileManager.default.fileExists(atPath: path) {
                    sourceOf.append((i, path))
                } else if content.config.remoteImages == .link {
                    pictures[product.objectID] = .link(url)
                }
            }
        }
        return sourceOf
    }

    /// Every distinct source resized on all cores (or its files taken from `previousSite`), by path.
    private static func resize(
        _ paths: [String], previous: PictureIndex?, previousSite: String?, limits: ImageLimits,
        progress: ((Int, Int) -> Void)?
    ) -> [String: Result<Made, ImageError>] {
        var results: [String: Result<Made, ImageError>] = [:]
        let batches = try? SiteBuilder.inBatches(count: paths.count) { range in
            range.map { k in
                (
                    paths[k],
                    Result { () throws(ImageError) -> Made in
                        let bytes = try read(paths[k], limit: limits.maxBytes)
                        let source = SHA256.hex(bytes)
                        if let previousSite, let files = previous?.reuse(source, site: previousSite) {
                            return Made(source: source, sizes: files, reused: true)
                        }
                        let sizes = try Thumbnailer.make(bytes, sizes: [thumbSize, largeSize], limits: limits)
                        return Made(source: source, sizes: sizes, reused: false)
                    }
                )
            }
        } progress: { done in
            progress?(done, paths.count)
        }
        for batch in batches ?? [] {
            for (path, result) in batch { results[path] = result }
        }
        return results
    }

    /// One source's sizes, made now or taken from the previous build.
    struct Made: Sendable {
        var source: String
        var sizes: [Thumbnail]
        var reused: Bool
    }

    private static func read(_ path: String, limit: Int) throws(ImageError) -> [UInt8] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { throw ImageError("not a regular file") }
        if let size = attributes[.size] as? Int, size > limit {
            throw ImageError("the file is \(size) bytes, more than the limit of \(limit)")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw ImageError("cannot read the file") }
        return [UInt8](data)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// The picture a product without one shows, drawn by the site (CSS): the first letter or digit of
/// its brand (or name) on one of eight tones chosen by that text. `typeahead-core.js` computes the same.
enum Placeholder {
    static let tones = 8

    static func initial(_ product: Product) -> String {
        let text = label(product)
        guard let scalar = text.unicodeScalars.first(where: isLetterOrDigit) else { return "" }
        return String(scalar).uppercased()
    }

    static func tone(_ product: Product) -> Int {
        Int(FNV1a.hash32(label(product).utf8) % UInt32(tones))
    }

    private static func label(_ product: Product) -> String {
        if let brand = product.brand, brand.unicodeScalars.contains(where: isLetterOrDigit) { return brand }
        return product.name
    }

    private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default: return false
        }
    }
}

extension SiteImages {
    /// The pictures without the files' bytes (written once, then not kept through the build).
    func dropFiles() -> SiteImages {
        var copy = self
        copy.files = [:]
        return copy
    }
}

/// `images/index.json`: for each picture, by the SHA-256 of its source's bytes, its files and their
/// pixels, and the recipe they were made with; one picture a line, by source hash. The next build
/// reads it to take unchanged pictures from the site it replaces instead of resizing them again.
struct PictureIndex {

    var recipe: String
    /// Source SHA-256 → its files, thumb then large.
    var entries: [String: [SiteImageFile]] = [:]

    func bytes() -> [UInt8] {
        let lines = entries.keys.sorted(by: utf8Less).map { source -> String in
            JSONWriter.string(
                .array(
                    [.string(source)]
                        + entries[source]!.flatMap {
                            [
                                .string(String($0.path.dropFirst(SiteLayout.picturesFolder.count + 1))),
                                .number(Double($0.width)), .number(Double($0.height)),
                            ]
                        }))
        }
        let head = "{\"recipe\":" + JSONWriter.string(.string(recipe)) + ",\"pictures\":[\n"
        return Array((head + lines.joined(separator: ",\n") + "\n]}\n").utf8)
    }

    /// The index of the site at `site`, or nil when there is none or it cannot be read (then every
    /// picture is simply made again).
    static func read(site: String) -> PictureIndex? {
        guard
            let data = FileManager.default.contents(
                atPath: (site as NSString).appendingPathComponent(SiteLayout.pictureIndex)),
            let value = try? JSONParser.parse([UInt8](data)), let recipe = value["recipe"]?.stringValue,
            case .array(let rows)? = value["pictures"]
        else { return nil }
        var index = PictureIndex(recipe: recipe)
        for row in rows {
            guard case .array(let fields) = row, fields.count == 7, let source = fields[0].stringValue else {
                return nil
            }
            var files: [SiteImageFile] = []
            for k in [1, 4] {
                guard let name = fields[k].stringValue, let width = fields[k + 1].numberValue,
                    let height = fields[k + 2].numberValue, !name.contains("/"), !name.hasPrefix(".")
                else { return nil }
                files.append(
                    SiteImageFile(path: SiteLayout.picturesFolder + "/" + name, width: Int(width), height: Int(height)))
            }
            index.entries[source] = files
        }
        return index
    }

    /// The files of the picture made from `source`, read from `site`, when each is there with the
    /// bytes its name says (a file changed since is not taken).
    func reuse(_ source: String, site: String) -> [Thumbnail]? {
        guard let files = entries[source] else { return nil }
        var sizes: [Thumbnail] = []
        for file in files {
            guard let data = FileManager.default.contents(atPath: (site as NSString).appendingPathComponent(file.path))
            else { return nil }
            let thumbnail = Thumbnail(bytes: [UInt8](data), width: file.width, height: file.height)
            guard SiteLayout.picturesFolder + "/" + thumbnail.fileName == file.path else { return nil }
            sizes.append(thumbnail)
        }
        return sizes
    }
}
