import Foundation
import TypeaheadModel

/// `Content/image-cache/`: remote images downloaded by `typeahead images fetch`, each stored under
/// the SHA-256 of its bytes (`<hash>.<ext>`), and `index.json`, which maps each URL to its file,
/// one URL a line in byte order. A build reads it and never writes it.
public struct ImageCache: Sendable {
    public static let folderName = "image-cache"
    public static let indexName = "index.json"

    /// The cache folder.
    public var directory: String
    /// URL → file name in `directory`, by the URL's bytes.
    public private(set) var files: [ByteKey: String] = [:]

    public init(contentDirectory: String) {
        directory = (contentDirectory as NSString).appendingPathComponent(Self.folderName)
    }

    public var indexPath: String { (directory as NSString).appendingPathComponent(Self.indexName) }

    /// Reads `index.json` when there is one (no cache is an empty cache).
    public static func load(contentDirectory: String) throws(ContentError) -> ImageCache {
        var cache = ImageCache(contentDirectory: contentDirectory)
        let path = cache.indexPath
        guard FileManager.default.fileExists(atPath: path) else { return cache }
        func fail(_ message: String, record: String? = nil) -> ContentError {
            ContentError(ContentIssue(file: path, record: record, message: message))
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw fail("cannot read the file") }
        let value: JSONValue
        do {
            value = try JSONParser.parse([UInt8](data))
        } catch {
            throw fail("malformed JSON: \(error.message)", record: "line \(error.line), column \(error.column)")
        }
        guard case .array(let entries)? = value["images"] else {
            throw fail("expected {\"version\": 1, \"images\": [[url, file], …]}")
        }
        for (i, entry) in entries.enumerated() {
            guard case .array(let pair) = entry, pair.count == 2, let url = pair[0].stringValue,
                let file = pair[1].stringValue, Self.isCacheFileName(file)
            else { throw fail("expected [url, \"<sha-256>.<png|jpg|webp>\"]", record: "images[\(i)]") }
            cache.files[ByteKey(url)] = file
        }
        return cache
    }

    /// The cached file's path for `url`, when it is in the index.
    public func path(for url: String) -> String? {
        files[ByteKey(url)].map { (directory as NSString).appendingPathComponent($0) }
    }

    /// Records that `url` is stored as `file`.
    public mutating func set(_ url: String, file: String) {
        files[ByteKey(url)] = file
    }

    /// The text of `index.json`: one entry a line, by URL bytes, so a fetch's diff is readable.
    public func indexText() -> String {
        let lines = files.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map {
            JSONWriter.string(.array([.string(String(decoding: $0.key.utf8, as: UTF8.self)), .string($0.value)]))
        }
        return "{\"version\":1,\"images\":[\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "]}\n"
    }

    /// Stores `bytes` (already checked to be an image of `format`) under their hash; returns the name.
    public func store(_ bytes: [UInt8], format: ImageFormat) throws -> String {
        let name = SHA256.hex(bytes) + "." + format.fileExtension
        let path = (directory as NSString).appendingPathComponent(name)
        if !FileManager.default.fileExists(atPath: path) {
            try Self.writeAtomically(Data(bytes), to: path)
        }
        return name
    }

    /// Writes `index.json` (through a temporary file and a rename).
    public func saveIndex() throws {
        try Self.writeAtomically(Data(indexText().utf8), to: indexPath)
    }

    static func isCacheFileName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].count == 64
            && parts[0].allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
            && ImageFormat.allCases.map(\.fileExtension).contains(String(parts[1]))
    }

    static func writeAtomically(_ data: Data, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = (folder as NSString).appendingPathComponent(
            ".\((path as NSString).lastPathComponent).\(getpid()).tmp")
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw ImageError("cannot write \(temporary)")
        }
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw ImageError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
