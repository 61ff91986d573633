import Foundation
import TypeaheadModel
import TypeaheadMustache

/// The data templates see. Every text is passed as it is and escaped by the template, except
/// `descriptionHTML`, which `DescriptionFormat.render` made safe (cmark's safe mode, or libgumbo
/// and the allowlist).
enum PageData {
    static func page(
        config: SiteConfig, root: String, title: String, extra: [String: MustacheValue]
    ) -> MustacheValue {
        var members: [String: MustacheValue] = [
            "root": .string(root),
            "pageTitle": .string(title),
            "site": [
                "title": .string(config.title),
                "tagline": config.tagline.map(MustacheValue.string) ?? .null,
            ],
        ]
        members.merge(extra) { _, new in new }
        return .object(members)
    }

    /// `kind`: the product's `ProductKind`, when the caller has it already (result pages read each
    /// product's once, not once per card: it reads the category's words).
    static func card(
        _ product: Product, slug: String, root: String, config: SiteConfig, images: SiteImages,
        kind: ProductKind? = nil
    ) -> MustacheValue {
        [
            "objectID": .string(product.objectID.text),
            "name": .string(product.name),
            "brand": product.brand.map(MustacheValue.string) ?? .null,
            "price": product.price.map { .string(formatPrice($0, currency: config.currency)) } ?? .null,
            "image": picture(images.picture(product), large: false, root: root),
            "placeholder": [
                "initial": .string(Placeholder.initial(product)), "tone": .int(Placeholder.tone(product)),
                "kind": .string((kind ?? ProductKind.of(product)).rawValue),
            ],
            "href": .string(root + SiteLayout.product(slug: slug)),
        ]
    }

    static func product(
        _ product: Product, slug: String, root: String, config: SiteConfig, images: SiteImages
    ) -> MustacheValue {
        guard case .object(var members) = card(product, slug: slug, root: root, config: config, images: images) else {
            return .null
        }
        members["image"] = picture(images.picture(product), large: true, root: root)
        members["categories"] = breadcrumbs(product, root: root, config: config)
        members["url"] = safeURL(product.url).map(MustacheValue.string) ?? .null
        if let html = product.descriptionHTML, !html.isEmpty {
            members["descriptionHTML"] = .string(html)
        }
        return .object(members)
    }

    /// A product's place in the catalogue: the parts of its deepest `hierarchicalCategories` path,
    /// each of the levels that have category pages linked to its page; without a tree (or without
    /// category pages), its `categories` as text.
    static func breadcrumbs(_ product: Product, root: String, config: SiteConfig) -> MustacheValue {
        let levels = CategoryPages.levels(config)
        let tree = JSONValue.object(product.attributes)
        var deepest: String?
        var level = 0
        while let value = tree.member(path: CategoryPages.attribute(level))?.facetValues.first {
            deepest = value
            level += 1
        }
        // `href` null, not absent: Mustache would find the product's own `href` above.
        guard levels > 0, let deepest else {
            return .array(product.categories.map { ["name": .string($0), "href": .null] })
        }
        let parts = deepest.components(separatedBy: CategoryPages.separator)
        return .array(
            parts.indices.map { i in
                let path = parts[...i].joined(separator: CategoryPages.separator)
                let own = tree.member(path: CategoryPages.attribute(i))?.facetValues ?? []
                let linked = i < levels && own.contains { $0.utf8.elementsEqual(path.utf8) }
                return ["name": .string(parts[i]), "href": linked ? .string(root + SiteLayout.category(path)) : .null]
            })
    }

    /// A card with every part present and empty, for the `<template>` the page's script fills.
    static func emptyCard(picture: Bool) -> MustacheValue {
        [
            "objectID": "", "name": "", "brand": " ", "price": " ", "href": "",
            "image": picture ? ["src": "", "width": 0, "height": 0] : .null,
            "placeholder": ["initial": "", "tone": 0, "kind": "other"],
        ]
    }

    /// `{src, width, height}` of a picture's size (width and height null for a link), or null.
    static func picture(_ picture: ProductPicture?, large: Bool, root: String) -> MustacheValue {
        switch picture {
        case nil: return .null
        case .link(let url):
            return safeURL(url).map { ["src": .string($0), "width": .null, "height": .null] } ?? .null
        case .local(let thumb, let big):
            let file = large ? big : thumb
            return ["src": .string(root + file.path), "width": .int(file.width), "height": .int(file.height)]
        }
    }

    /// A URL safe to put in `href`/`src`: `http://…` or `https://…` with no white space or control
    /// character inside (around it, white space is trimmed); anything else (`javascript:`, `data:`, `//host`, relative paths that could point
    /// into the site) is dropped.
    static func safeURL(_ text: String?) -> String? {
        guard let text = text.map({ String($0.trimmingWhitespace) }), !text.isEmpty else { return nil }
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        guard
            !text.unicodeScalars.contains(where: {
                $0.properties.isWhitespace || $0.properties.generalCategory == .control
            })
        else { return nil }
        return text
    }

    /// `$1,299.99`: two decimals, comma thousands, whatever the machine's locale.
    static func formatPrice(_ price: Double, currency: String) -> String {
        let cents = Int((price * 100).rounded())
        let fraction = cents % 100
        return "\(currency)\(TypeaheadSite.grouped(cents / 100)).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
