import Foundation
import Testing

/// Golden files in a folder, compared byte for byte; a missing one fails. `Scripts/record-goldens`
/// re-records them (it runs the tests with `TYPEAHEAD_RECORD_GOLDEN=1`): a test that records fails,
/// so a run that re-records never passes as a run that proved something. A difference is reported
/// at the test's own line (`sourceLocation`), with the first differing line of a text.
public struct Golden: Sendable {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    public static var recording: Bool { ProcessInfo.processInfo.environment["TYPEAHEAD_RECORD_GOLDEN"] == "1" }

    /// Compares a text with the golden file `name`, byte for byte.
    public func compare(text: String, with name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let golden = folder.appendingPathComponent(name)
        if Self.recording {
            try Data(text.utf8).write(to: golden)
            Self.recorded(name, sourceLocation)
            return
        }
        guard let want = FileManager.default.contents(atPath: golden.path) else {
            Issue.record(
                "golden file \(name) is missing: record it with Scripts/record-goldens",
                sourceLocation: sourceLocation)
            return
        }
        #expect(Data(text.utf8) == want, "output differs from golden \(name)", sourceLocation: sourceLocation)
        if Data(text.utf8) != want {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let wanted = String(decoding: want, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            if let first = zip(lines, wanted).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
                Issue.record(
                    "line \(first.offset + 1): got \(first.element.0)\nwanted \(first.element.1)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// Compares a whole tree with the golden tree `name`, file by file, byte for byte, but for the
    /// files under the folders `skipping` (which another golden tree already holds).
    public func compare(
        tree directory: URL, with name: String, skipping: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let golden = folder.appendingPathComponent(name)
        let actual = try TestSupport.tree(directory).filter { file in
            !skipping.contains { file.0.hasPrefix($0 + "/") }
        }
        if Self.recording {
            try? FileManager.default.removeItem(at: golden)
            for (path, data) in actual {
                let url = golden.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
            Self.recorded(name, sourceLocation)
            return
        }
        let expected = try TestSupport.tree(golden)
        #expect(
            !expected.isEmpty, "golden tree \(name) is missing: record it with Scripts/record-goldens",
            sourceLocation: sourceLocation)
        #expect(
            actual.map(\.0) == expected.map(\.0), "file lists differ from golden \(name)",
            sourceLocation: sourceLocation)
        let expectedByPath = Dictionary(uniqueKeysWithValues: expected)
        for (path, data) in actual {
            guard let want = expectedByPath[path] else { continue }
            #expect(data == want, "\(path) differs from golden \(name)", sourceLocation: sourceLocation)
        }
    }

    /// A recording run fails on purpose: it wrote the golden instead of comparing with it.
    private static func recorded(_ name: String, _ sourceLocation: SourceLocation) {
        Issue.record(
            "re-recorded golden \(name) (TYPEAHEAD_RECORD_GOLDEN=1): this run proves nothing; run the tests without it",
            sourceLocation: sourceLocation)
    }
}
