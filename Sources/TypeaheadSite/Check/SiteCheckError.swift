/// Why `check` could not finish. A site that reads but differs from the engine is not an error:
/// its differences are the report.
public enum SiteCheckError: Error, CustomStringConvertible, Sendable {
    /// The site cannot be read back (no site data, a malformed file).
    case unreadable(SiteReadError)
    /// The content cannot be built again to compare with (its pictures, its templates).
    case cannotRebuild(String)

    public var description: String {
        switch self {
        case .unreadable(let error): error.description
        case .cannotRebuild(let reason): reason
        }
    }
}
