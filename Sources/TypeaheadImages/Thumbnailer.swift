import CVips
import Foundation

/// The formats a product image may be in: what every browser shows and libvips decodes without
/// running a renderer. SVG (a document that can hold script), GIF, PDF, HEIC and the rest are refused.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg, webp

    /// The format the first bytes say, or nil for anything else.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
            bytes[8..<12].elementsEqual("WEBP".utf8)
        {
            return .webp
        }
        return nil
    }

    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
}

/// Why an image cannot be used, said for a person.
public struct ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// One encoded size of an image, named by its own bytes.
public struct Thumbnail: Sendable, Equatable {
    public var bytes: [UInt8]
    public var width: Int
    public var height: Int

    public init(bytes: [UInt8], width: Int, height: Int) {
        self.bytes = bytes
        self.width = width
        self.height = height
    }

    /// `<first 20 hex digits of the SHA-256 of the bytes>.webp`: a changed picture is a new name,
    /// an unchanged one keeps its name from build to build.
    public var fileName: String { String(SHA256.hex(bytes).prefix(20)) + ".webp" }
}

/// What an image may be before it is decoded.
public struct ImageLimits: Sendable {
    /// The largest source file read, in bytes.
    public var maxBytes: Int
    /// The most pixels a source image may have (a 20,000 × 20,000 PNG is a few kilobytes).
    public var maxPixels: Int

    public init(maxBytes: Int = 25_000_000, maxPixels: Int = 50_000_000) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
    }
}

/// Resizes images with libvips: each size fits in a square of that many pixels, never enlarged,
/// in sRGB, encoded as WebP at a pinned quality with no metadata, so the same source gives the same
/// bytes on every run.
public enum Thumbnailer {
    /// The WebP quality (libvips' `Q`).
    public static let quality: Int32 = 80

    /// Everything besides a source's bytes that decides the bytes made from it: the library's
    /// version and the pinned settings. A picture made under another recipe is made again.
    public static func recipe(sizes: [Int]) -> String {
        let version = (try? VipsLibrary.start()).map { String(cString: typeahead_vips_version()) } ?? "?"
        return
            "libvips \(version) webp Q\(quality) effort 4 strip, sizes \(sizes.map(String.init).joined(separator: " "))"
    }

    /// The sizes of `bytes` (a PNG, JPEG or WebP), one per entry of `sizes`, in that order.
    public static func make(_ bytes: [UInt8], sizes: [Int], limits: ImageLimits = ImageLimits()) throws(ImageError)
        -> [Thumbnail]
    {
        guard bytes.count <= limits.maxBytes else {
            throw ImageError("the file is \(bytes.count) bytes, more than the limit of \(limits.maxBytes)")
        }
        guard let format = ImageFormat.sniff(bytes) else {
            throw ImageError("not a PNG, JPEG or WebP image (\(describeStart(bytes)))")
        }
        try VipsLibrary.start()
        var width: Int32 = 0
        var height: Int32 = 0
        let header = bytes.withUnsafeBytes {
            typeahead_vips_header($0.baseAddress, $0.count, &width, &height)
        }
        guard header == 0 else { throw VipsLibrary.error("a \(format.rawValue.uppercased()) file that cannot be read") }
        guard width > 0, height > 0, Int(width) * Int(height) <= limits.maxPixels else {
            throw ImageError(
                "the image is \(width) × \(height) pixels, more than the limit of \(limits.maxPixels) pixels")
        }
        var made: [Thumbnail] = []
        for size in sizes {
            var output: UnsafeMutableRawPointer?
            var length = 0
            var outWidth: Int32 = 0
            var outHeight: Int32 = 0
            let status = bytes.withUnsafeBytes {
                typeahead_vips_thumbnail_webp(
                    $0.baseAddress, $0.count, Int32(size), quality, &output, &length, &outWidth, &outHeight)
            }
            guard status == 0, let output else {
                throw VipsLibrary.error("a \(format.rawValue.uppercased()) file that cannot be decoded")
            }
            let encoded = [UInt8](UnsafeRawBufferPointer(start: output, count: length))
            g_free(output)
            made.append(Thumbnail(bytes: encoded, width: Int(outWidth), height: Int(outHeight)))
        }
        return made
    }

    private static func describeStart(_ bytes: [UInt8]) -> String {
        if bytes.isEmpty { return "the file is empty" }
        let text = String(decoding: bytes.prefix(64), as: UTF8.self).lowercased()
        if text.contains("<svg") || text.contains("<?xml") { return "an SVG or XML document" }
        if text.hasPrefix("gif8") { return "a GIF" }
        if text.contains("<html") || text.contains("<!doctype") { return "an HTML page" }
        return "it starts with bytes " + bytes.prefix(4).map { String($0, radix: 16) }.joined(separator: " ")
    }
}

/// libvips, started once per process.
enum VipsLibrary {
    private static let started: Bool = typeahead_vips_start() == 0

    static func start() throws(ImageError) {
        guard started else { throw ImageError("the image library (libvips) could not start") }
    }

    /// `what`, with libvips' own reason when it gave one (its error buffer is cleared).
    static func error(_ what: String) -> ImageError {
        let reason =
            String(cString: typeahead_vips_error())
            .split(separator: "\n").first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
        typeahead_vips_clear_error()
        return ImageError(reason.isEmpty ? what : "\(what): \(reason)")
    }
}

/// SHA-256, as GLib computes it.
public enum SHA256 {
    public static func hex(_ bytes: [UInt8]) -> String {
        let digest = bytes.withUnsafeBytes { typeahead_sha256($0.baseAddress, $0.count) }
        guard let digest else { return "" }
        defer { g_free(digest) }
        return String(cString: digest)
    }
}
