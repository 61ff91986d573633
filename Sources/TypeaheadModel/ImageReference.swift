/// What a product's `image` names: a picture in `Content/images/` or one on the web.
public enum ImageReference: Sendable, Equatable {
    /// A path relative to `Content/images/`, as `/`-separated components.
    case local(String)
    /// An `http://` or `https://` URL, used only through the image cache (`typeahead images fetch`)
    /// unless `site.json` says `"remoteImages": "link"`.
    case remote(String)

    /// The folder of `Content/` that local images are read from.
    public static let folder = "images"

    /// Reads an `image` value: nil for none (absent or blank), or why it cannot be an image.
    public static func parse(_ text: String?) -> Result<ImageReference, ImageReferenceError>? {
        guard let text, !text.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return nil }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return .failure(.init("contains a control character"))
        }
        let lower = text.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard !text.contains(" "), text.split(separator: "/", omittingEmptySubsequences: false).count > 2,
                !text.split(separator: "/", omittingEmptySubsequences: false)[2].isEmpty
            else { return .failure(.init("is not a valid http(s) URL")) }
            return .success(.remote(text))
        }
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/") {
            return .failure(
                .init(
                    "is a \(text[..<colon].lowercased()): URL; an image is an http(s) URL or a path inside Content/images/"
                )
            )
        }
        if text.hasPrefix("/") || text.hasPrefix("\\") || text.contains("\\") {
            return .failure(.init("must be a path relative to Content/images/ with / between folders"))
        }
        let components = text.split(separator: "/", omittingEmptySubsequences: false)
        if components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return .failure(.init("must stay inside Content/images/ (no empty, . or .. folder names)"))
        }
        return .success(.local(text))
    }
}

/// Why an `image` value is not an image reference.
public struct ImageReferenceError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// What the site shows for a remote image that `typeahead images fetch` has not cached.
public enum RemoteImages: String, Sendable, Equatable, CaseIterable {
    /// The site's own placeholder: the site needs no network (the default).
    case placeholder
    /// The URL itself, for a site that is only ever read online.
    case link
}
