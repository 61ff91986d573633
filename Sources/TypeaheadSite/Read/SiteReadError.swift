/// A built site that cannot be read back (by `check`, `diff` or `check --engine`): the file, and
/// what in it is wrong. A site that reads but differs from the engine is not an error: `check`
/// reports it.
public struct SiteReadError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}
