import Foundation
import TypeaheadEngine
import TypeaheadModel
import TypeaheadServe
import TypeaheadSite

extension TypeaheadCommand {
    static let diffCommand = CommandSpec(
        name: "diff", positionals: "OLD_SITE NEW_SITE",
        about: """
            Compares two built sites as search sees them and prints a summary to paste into a pull
            request: a one-line headline; keys whose suggestions changed (before → after), grouped by
            what changed and the most used keys first; suggestions added, removed or changed; result
            pages added, removed, reordered or with other hits; products added, removed or changed;
            and the files that differ. Exit code 0 whatever the difference, 1 if a site cannot be read.
            """,
        options: [OptionSpec("--format", "NAME", "markdown or json", default: "markdown")])

    func diff(_ arguments: [String]) throws(UsageError) -> Int32 {
        let options = try Self.diffCommand.parse(arguments)
        guard options.positionals.count == 2 else {
            throw UsageError(message: "expected OLD_SITE and NEW_SITE, found \(options.positionals.count) arguments")
        }
        let format = options.value("--format")
        guard ["markdown", "json"].contains(format) else {
            throw UsageError(message: "--format expects markdown or json, not \"\(format)\"")
        }
        do {
            let old = try SiteSnapshot.read(options.positionals[0])
            let new = try SiteSnapshot.read(options.positionals[1])
            let difference = SiteDiff(old: old, new: new)
            console.out(format == "json" ? String(decoding: difference.json(), as: UTF8.self) : difference.markdown())
            return 0
        } catch {
            console.err("\(Self.describe(error))\n")
            return 1
        }
    }
}
