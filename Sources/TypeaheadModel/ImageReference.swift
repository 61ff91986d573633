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
        guard let text else { return nil }
        if let ascii = parseASCII(text) { return ascii }
        return parseText(text)
    }

    /// The same for an ASCII text (every catalogue's common case, read once a product per build),
    /// over its bytes: where a text's characters are its bytes, the rules of `parseText` read the
    /// same. Nil for a text that is not ASCII (`parseText` reads it); `.some(nil)` for a blank one.
    private static func parseASCII(_ text: String) -> Result<ImageReference, ImageReferenceError>?? {
        var copy = text
        return copy.withUTF8 { bytes -> Result<ImageReference, ImageReferenceError>?? in
            var blank = true
            var previous: UInt8 = 0
            for byte in bytes {
                if byte >= 0x80 { return nil }
                // "\r\n" is one character, which is not blank (and then a control character).
                if !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D) || (previous == 0x0D && byte == 0x0A)
                {
                    blank = false
                }
                previous = byte
            }
            if blank { return .some(nil) }
            if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) {
                return .failure(.init("contains a control character"))
            }
            let slash = UInt8(ascii: "/")
            func lowerStarts(_ prefix: String) -> Bool {
                bytes.count >= prefix.utf8.count
                    && zip(bytes, prefix.utf8).allSatisfy { ($0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0) == $1 }
            }
            if lowerStarts("http://") || lowerStarts("https://") {
                let parts = bytes.split(separator: slash, omittingEmptySubsequences: false)
                guard !bytes.contains(0x20), parts.count > 2, !parts[2].isEmpty else {
                    return .failure(.init("is not a valid http(s) URL"))
                }
                return .success(.remote(text))
            }
            if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), !bytes[..<colon].contains(slash) {
                return parseText(text)  // an error, its message made from the text
            }
            let backslash = UInt8(ascii: "\\")
            if bytes.first == slash || bytes.contains(backslash) {
                return .failure(.init("must be a path relative to Content/images/ with / between folders"))
            }
            let dot = UInt8(ascii: ".")
            for part in bytes.split(separator: slash, omittingEmptySubsequences: false)
            where part.isEmpty || (part.count <= 2 && part.allSatisfy { $0 == dot }) {
                return .failure(.init("must stay inside Content/images/ (no empty, . or .. folder names)"))
            }
            return .success(.local(text))
        }
    }

    /// The rules over characters (any text; the reference `parseASCII` agrees with).
    static func parseText(_ text: String) -> Result<ImageReference, ImageReferenceError>? {
        guard !text.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return nil }
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
