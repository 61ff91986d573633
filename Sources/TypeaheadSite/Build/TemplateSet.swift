import Foundation
import TypeaheadMustache

/// The contents of `Templates/`: Mustache templates named by file name (without `.mustache`,
/// wherever they sit under the folder) and static assets under `assets/`, copied as they are but
/// for the page's script parts, which the build joins (`AssetsStep`).
public struct TemplateSet: Sendable {
    public var templates: [String: String]
    /// Asset path relative to `assets/` → bytes.
    public var assets: [String: [UInt8]]

    /// The templates a site needs: the layout every page inherits, and those the build's steps
    /// render.
    public static var required: [String] { ["layout"] + SiteBuilder.steps.flatMap(\.templates) }

    /// How a result card starts: `check` and `check --engine` read a result page's hits, in
    /// order, by this text and the objectID written right after it, so some template must write it.
    public static let hitMarker = #"<li class="hit" data-object-id=""#

    public init(templates: [String: String], assets: [String: [UInt8]] = [:]) {
        self.templates = templates
        self.assets = assets
    }

    /// The path with every symbolic link resolved, or nil when it does not resolve.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Reads a templates folder, reporting every problem at once.
    public static func load(from directory: String) throws(SiteWriteError) -> TemplateSet {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SiteWriteError(description: "\(directory): no such templates folder")
        }
        guard let enumerator = fm.enumerator(atPath: directory) else {
            throw SiteWriteError(description: "\(directory): cannot read the templates folder")
        }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String { paths.append(path) }
        var templates: [String: String] = [:]
        var sources: [String: String] = [:]
        var assets: [String: [UInt8]] = [:]
        var problems: [String] = []
        let root = Self.realPath(directory) ?? directory
        for path in paths.sorted() {
            let full = (directory as NSString).appendingPathComponent(path)
            // Hidden files and everything in hidden folders (`assets/.git/…`) are not published.
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let name = (path as NSString).lastPathComponent
            // A link may point within the templates folder, never out of it (`/etc/shadow`).
            guard let real = Self.realPath(full), real == root || real.hasPrefix(root + "/") else {
                problems.append(
                    "\(full): a symbolic link that leads out of the templates folder; copy the file in instead")
                continue
            }
            guard let data = fm.contents(atPath: full) else {
                problems.append("\(full): cannot read the file")
                continue
            }
            if path.hasPrefix("assets/") {
                assets[String(path.dropFirst("assets/".count))] = [UInt8](data)
            } else if name.hasSuffix(".mustache") {
                let templateName = String(name.dropLast(".mustache".count))
                guard let text = String(data: data, encoding: .utf8) else {
                    problems.append("\(full): invalid UTF-8; templates must be UTF-8")
                    continue
                }
                if let other = sources[templateName] {
                    problems.append("\(full): a template named \"\(templateName)\" already comes from \(other)")
                    continue
                }
                templates[templateName] = text
                sources[templateName] = full
            }
        }
        for name in required where templates[name] == nil {
            problems.append(
                "\((directory as NSString).appendingPathComponent(name + ".mustache")): missing; the site needs it")
        }
        if !templates.isEmpty, !templates.values.contains(where: { $0.contains(hitMarker + "{{objectID}}\"") }) {
            problems.append(
                "\(directory): no template draws a result as \(hitMarker){{objectID}}\">, which typeahead check reads result pages by (Templates/partials/product-card.mustache does)"
            )
        }
        let set = TemplateSet(templates: templates, assets: assets)
        do {
            try MustacheRenderer(templates: templates).validate(strict: true)
        } catch let error as MustacheSyntaxError {
            let file = sources[error.template] ?? error.template
            problems.append(error.line > 0 ? "\(file):\(error.line): \(error.message)" : "\(file): \(error.message)")
        } catch {
            problems.append("\(directory): \(error)")
        }
        if !problems.isEmpty {
            throw SiteWriteError(description: problems.map { "error: \($0)" }.joined(separator: "\n"))
        }
        return set
    }
}
