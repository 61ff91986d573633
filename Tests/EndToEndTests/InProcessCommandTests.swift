import Foundation
import Testing

@testable import TypeaheadCLI

/// The command line in process, through `Console`: help made from each command's declarations,
/// parsing against them, and defaults said once.
struct InProcessCommandTests {
    /// Runs `typeahead arguments…` in this process: (exit code, standard output, standard error).
    static func run(_ arguments: [String]) -> (Int32, String, String) {
        final class Captured: @unchecked Sendable {
            var out = ""
            var err = ""
        }
        let captured = Captured()
        let console = Console(out: { captured.out += $0 }, err: { captured.err += $0 }, errIsTerminal: false)
        let status = TypeaheadCommand(console: console).run(arguments)
        return (status, captured.out, captured.err)
    }

    static let commands = [
        "build", "check", "report", "diff", "query", "serve", "suggest", "images", "import",
    ]

    @Test(arguments: commands) func everyOptionIsInItsHelpWithItsDefault(command: String) {
        let (status, out, err) = Self.run([command, "--help"])
        #expect(status == 0 && err.isEmpty)
        let spec = TypeaheadCommand.commandSpecs[command]!
        #expect(out.hasPrefix("Usage: typeahead \(spec.name) "))
        for option in spec.allOptions {
            #expect(out.contains("  \(option.label) "), "\(command) --help lacks \(option.label)")
            #expect(
                out.contains("[\(option.label)]") || spec.otherUsages.contains { $0.contains(option.label) },
                "\(command)'s usage lacks \(option.label)")
            if let value = option.defaultValue { #expect(out.contains("(default: \(value))")) }
        }
        #expect(out.contains("  -h, --help "))
        #expect(
            out.split(separator: "\n").allSatisfy { $0.count <= 100 }, "\(command) --help has a line over 100 columns")
    }

    @Test func theOverviewNamesEveryCommand() {
        let (status, out, _) = Self.run(["--help"])
        #expect(status == 0)
        for command in Self.commands { #expect(out.contains("  \(command) "), "\(command)") }
        #expect(Set(TypeaheadCommand.commandSpecs.keys) == Set(Self.commands))
    }

    @Test func anUndeclaredOptionIsAUsageErrorWithTheCommandsHelp() {
        let (status, out, err) = Self.run(["diff", "--verbose", "a", "b"])
        #expect(status == 2 && out.isEmpty)
        #expect(
            err.hasPrefix("error: unknown option --verbose\n\nUsage: typeahead diff [--format NAME] OLD_SITE NEW_SITE"))
        let (unknown, _, said) = Self.run(["publish"])
        #expect(unknown == 2 && said.hasPrefix("error: unknown command \"publish\""))
    }

    @Test func aDefaultIsDeclaredOnceAndReadFromTheDeclaration() throws {
        let spec = CommandSpec(
            name: "x", about: "X.",
            options: [OptionSpec("--content", "DIR", "Where", default: "Content"), OptionSpec("--dry", nil, "Dry")])
        let given = try spec.parse(["--content", "Shop", "--dry"])
        #expect(given.value("--content") == "Shop" && given.flags == ["--dry"])
        #expect(try spec.parse([]).value("--content") == "Content")
        #expect(throws: UsageError.self) {
            try spec.parse(["--dry", "yes"]).positionals.isEmpty ? () : { throw UsageError(message: "") }()
        }
    }
}
