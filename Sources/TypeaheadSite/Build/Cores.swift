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

extension Cores {
    /// `items` sorted by `less`, as `sorted(by:)` sorts them (stable), a part on each core then
    /// merged.
    static func sorted<T: Sendable>(_ items: [T], by less: @Sendable (T, T) -> Bool) -> [T] {
        let chunks = min(PrefixMapBuilder.System.coreCount, items.count / 65_536)
        guard chunks >= 2 else { return items.sorted(by: less) }
        let size = (items.count + chunks - 1) / chunks
        let parts = Mutex([[T]](repeating: [], count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let part = items[c * size..<min(items.count, (c + 1) * size)].sorted(by: less)
            parts.withLock { $0[c] = part }
        }
        var runs = parts.withLock { $0 }
        while runs.count > 1 {
            runs = stride(from: 0, to: runs.count, by: 2).map { i in
                i + 1 < runs.count ? merge(runs[i], runs[i + 1], less) : runs[i]
            }
        }
        return runs[0]
    }

    /// Two sorted runs as one, the first's element first among equals.
    private static func merge<T>(_ a: [T], _ b: [T], _ less: (T, T) -> Bool) -> [T] {
        var merged: [T] = []
        merged.reserveCapacity(a.count + b.count)
        var (i, j) = (0, 0)
        while i < a.count, j < b.count {
            if less(b[j], a[i]) {
                merged.append(b[j])
                j += 1
            } else {
                merged.append(a[i])
                i += 1
            }
        }
        merged += a[i...]
        merged += b[j...]
        return merged
    }
}
