/// What a command leaves for the process's end to reclaim: a build's engine, pages and content
/// are hundreds of megabytes of small objects, which freeing one by one costs time the exit would
/// not (as compilers do). Only for a process that ends once its work is written.
public enum ProcessEnd {
    private final class Held {
        let value: Any
        init(_ value: Any) { self.value = value }
    }

    /// Holds `value` until the process ends (a reference never given back).
    public static func keep(_ value: Any) {
        _ = Unmanaged.passRetained(Held(value))
    }
}
