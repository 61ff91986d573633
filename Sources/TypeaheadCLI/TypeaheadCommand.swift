import Foundation
import TypeaheadEngine
import TypeaheadModel
import TypeaheadServe
import TypeaheadSite

/// Where a command writes: results to `out`, messages and progress to `err`.
public struct Console {
    public var out: (String) -> Void
    public var err: (String) -> Void
    /// Whether `err` is a terminal, so progress may be drawn on it.
    public var errIsTerminal: Bool
    /// Writes to `err` as it is: the progress line's own carriage return and erase sequence.
    public var draw: (String) -> Void

    public init(
        out: @escaping (String) -> Void, err: @escaping (String) -> Void, errIsTerminal: Bool,
        draw: ((String) -> Void)? = nil
    ) {
        self.out = out
        self.err = err
        self.errIsTerminal = errIsTerminal
        self.draw = draw ?? err
    }

    /// The process's standard output and error. Text reaches them printable: names, queries and
    /// ids from the data may hold control characters (ESC, BEL, a carriage return) that a terminal
    /// would obey, so every control character but newline and tab is shown as `�`.
    public static var standard: Console {
        Console(
            out: { FileHandle.standardOutput.write(Data(printable($0).utf8)) },
            err: { FileHandle.standardError.write(Data(printable($0).utf8)) },
            errIsTerminal: isatty(2) == 1,
            draw: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    /// `text` with C0 and C1 control characters and DEL, newline and tab excepted, replaced by U+FFFD.
    public static func printable(_ text: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.value < 0x20 && scalar != "\n" && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(isControl(scalar) ? "\u{FFFD}" : scalar) }
        return String(result)
    }
}

/// The `typeahead` command line: parses arguments, runs a command, returns the exit code
/// (0 success, 1 failure, 2 usage).
public struct TypeaheadCommand {
    public static let version = "0.1.0"

    static let overview = """
        typeahead \(version): static, offline search sites with Query Suggestions.

        Usage: typeahead <command> [options]

        Commands:
          suggest   Make query_suggestions.json from the catalogue and query logs
          build     Build the site from Content/ and Templates/ into _site/
          query     Ask the live engine; prints an Algolia-shaped JSON response
          check     Prove a built site equal to the live engine, key by key, page by page
          report    The build report: counts, data findings, largest files, pictures
          diff      What changed in search between two built sites, as Markdown for a pull request
          serve     Preview the site over HTTP, with the live engine as Algolia's search API
          images    fetch: download the products' remote images into the content's image cache
          import    Make products.json from a Merchant Center feed or a Shopify products CSV

        Options:
          -h, --help     Show help (also: typeahead <command> --help)
          --version      Show the version

        """

    var console: Console

    public init(console: Console = .standard) {
        self.console = console
    }

    /// Runs the command line `arguments` (without the program name).
    public func run(_ arguments: [String]) -> Int32 {
        guard let command = arguments.first else {
            console.err(Self.overview)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help", "help":
            console.out(Self.overview)
            return 0
        case "--version":
            console.out("typeahead \(Self.version)\n")
            return 0
        default:
            break
        }
        guard let (spec, body) = commands[command] else {
            console.err("error: unknown command \"\(command)\"\n\n" + Self.overview)
            return 2
        }
        if rest.contains("--help") || rest.contains("-h") {
            console.out(spec.help)
            return 0
        }
        return usageGuard(help: spec.help) { () throws(UsageError) -> Int32 in try body(rest) }
    }

    /// Every command's declaration (help and options), by the name it is called by.
    static let commandSpecs: [String: CommandSpec] = [
        "build": buildCommand, "check": checkCommand, "report": reportCommand, "diff": diffCommand,
        "serve": serveCommand, "query": queryCommand, "suggest": suggestCommand, "images": imagesCommand,
        "import": importCommand,
    ]

    /// Every command: its declaration and what runs it.
    private var commands: [String: (CommandSpec, ([String]) throws(UsageError) -> Int32)] {
        let runs: [String: ([String]) throws(UsageError) -> Int32] = [
            "build": build, "check": check, "report": report, "diff": diff, "serve": serve, "query": query,
            "suggest": suggest, "images": images, "import": importFeed,
        ]
        return runs.reduce(into: [:]) { $0[$1.key] = (Self.commandSpecs[$1.key]!, $1.value) }
    }

    private func usageGuard(help: String, _ body: () throws(UsageError) -> Int32) -> Int32 {
        do {
            return try body()
        } catch {
            console.err("error: \(error.message)\n\n" + help)
            return 2
        }
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as ContentError: return error.description
        case let error as SiteReadError: return "error: \(error.description)"
        case let error as SiteCheckError: return "error: \(error.description)"
        case let error as HTTPServerError: return "error: \(error.description)"
        case let error as SiteWriteError:
            return error.description.hasPrefix("error:") ? error.description : "error: \(error.description)"
        default: return "error: \(error)"
        }
    }
}

/// Draws `phase done/total` on one terminal line; silent when disabled.
final class TerminalProgress: BuildProgress {
    let console: Console
    let enabled: Bool
    private var drawn = false

    init(console: Console, enabled: Bool) {
        self.console = console
        self.enabled = enabled
    }

    func update(phase: String, done: Int, total: Int) {
        guard enabled else { return }
        drawn = true
        console.draw("\r\u{1B}[2K\(phase) \(done)/\(total)")
    }

    func finish() {
        guard enabled, drawn else { return }
        console.draw("\r\u{1B}[2K")
        drawn = false
    }
}
