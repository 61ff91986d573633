import Dispatch
import Synchronization
import TypeaheadEngine

/// Work cut into chunks on all cores, for the build's long loops whose items are independent.
enum Cores {
    /// `transform` of every index of `0..<count`, in order, computed on all cores in chunks of at
    /// least `minimumChunk` indices (below two chunks' worth, on this thread).
    static func map<T: Sendable>(_ count: Int, minimumChunk: Int = 1024, _ transform: @Sendable (Int) -> T) -> [T] {
        let chunks = min(PrefixMapBuilder.System.coreCount * 4, count / max(1, minimumChunk))
        guard chunks >= 2 else { return (0..<count).map(transform) }
        let size = (count + chunks - 1) / chunks
        let parts = Mutex([[T]](repeating: [], count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let part = (c * size..<min(count, (c + 1) * size)).map(transform)
            parts.withLock { $0[c] = part }
        }
        return parts.withLock { parts in
            var all: [T] = []
            all.reserveCapacity(count)
            for c in parts.indices {
                all += parts[c]
                parts[c] = []
            }
            return all
        }
    }
}
