import Dispatch
import Synchronization
import TypeaheadEngine

extension SiteBuilder {
    /// The pages of one batch of work: their sizes by path, and what the builder needs to know.
    struct RenderedBatch: Sendable {
        var pages = 0
        var withPages: [Int] = []
        var sizes: [(String, Int)] = []
        /// The files each item made or kept, by item (a suggestion's result pages).
        var paths: [(Int, [String])] = []
        /// Items whose files were kept from the previous site.
        var kept = 0

        /// Streams `files` into the sink now, keeping only their sizes.
        mutating func put(_ files: [(String, [UInt8])], into sink: some SiteSink) throws {
            for (path, bytes) in files {
                try sink.put(path, bytes)
                sizes.append((path, bytes.count))
            }
        }

        /// Keeps the previous site's `paths` in the new one (an incremental build), counting their sizes.
        mutating func keep(_ paths: [String], into sink: some SiteSink) throws {
            for path in paths { sizes.append((path, try sink.keep(path))) }
        }
    }

    /// Runs `body` over `0..<count` cut into small ranges, on all cores, a window of ranges at a
    /// time (so progress can be told between windows); the results in range order. The first
    /// error thrown stops the work and is rethrown.
    static func inBatches<T: Sendable>(
        count: Int, _ body: @Sendable (Range<Int>) throws -> T, progress: (Int) -> Void
    ) throws -> [T] {
        let size = 32
        let ranges = stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
        let window = max(1, PrefixMapBuilder.System.coreCount * 8)
        var results: [T] = []
        results.reserveCapacity(ranges.count)
        var start = 0
        while start < ranges.count {
            let slice = Array(ranges[start..<min(start + window, ranges.count)])
            let made = Mutex<[Int: Result<T, any Error>]>([:])
            DispatchQueue.concurrentPerform(iterations: slice.count) { i in
                let result = Result { try body(slice[i]) }
                made.withLock { $0[i] = result }
            }
            let all = made.withLock { $0 }
            for i in slice.indices { results.append(try all[i]!.get()) }
            start += slice.count
            progress(slice.last!.upperBound)
        }
        return results
    }
}
