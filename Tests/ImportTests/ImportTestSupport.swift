import Foundation
import TypeaheadTestSupport

@testable import TypeaheadCLI

/// Paths and the command line in process, for the import tests.
enum ImportTestSupport {
    static let fixtures = TestSupport.packageRoot.appendingPathComponent("Tests/ImportTests/Fixtures")
    static let golden = Golden(folder: TestSupport.packageRoot.appendingPathComponent("Tests/ImportTests/Golden"))

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    /// Runs `typeahead arguments…` in this process: (exit code, standard output, standard error).
    static func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        final class Captured: @unchecked Sendable {
            var out = ""
            var err = ""
        }
        let captured = Captured()
        let console = Console(out: { captured.out += $0 }, err: { captured.err += $0 }, errIsTerminal: false)
        let status = TypeaheadCommand(console: console).run(arguments)
        return (status, captured.out, captured.err)
    }

    /// Writes `text` (or `bytes`) as a feed in a fresh folder; returns the feed's path and the folder.
    static func feed(_ name: String, _ text: String) throws -> (path: String, folder: URL) {
        try feed(name, bytes: Array(text.utf8))
    }

    static func feed(_ name: String, bytes: [UInt8]) throws -> (path: String, folder: URL) {
        let folder = try TestSupport.temporaryDirectory("import")
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return (url.path, folder)
    }
}
