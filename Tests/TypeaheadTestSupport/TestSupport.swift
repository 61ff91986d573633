import Foundation

/// Paths and temporary folders shared by the test targets.
public enum TestSupport {
    /// The package's root folder.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A fresh, empty temporary folder, unique to the caller.
    public static func temporaryDirectory(_ label: String = "test") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("typeahead-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to `name` inside `directory`, creating folders as needed.
    @discardableResult
    public static func write(_ text: String, to name: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Every regular file under `directory`: relative path → bytes, in sorted order of paths.
    public static func tree(_ directory: URL) throws -> [(String, Data)] {
        let fm = FileManager.default
        var result: [(String, Data)] = []
        guard let enumerator = fm.enumerator(atPath: directory.path) else { return [] }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String { paths.append(path) }
        for path in paths.sorted() {
            var isDirectory: ObjCBool = false
            let full = directory.appendingPathComponent(path).path
            if fm.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                result.append((path, fm.contents(atPath: full) ?? Data()))
            }
        }
        return result
    }
}
