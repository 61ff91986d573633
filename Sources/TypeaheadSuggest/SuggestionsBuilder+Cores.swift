import Dispatch
import Synchronization
import TypeaheadEngine

extension SuggestionsBuilder {
    // MARK: - Work on all cores

    /// `transform` applied to every element on all cores, each thread with its own scratch memory of
    /// the products index; the results in order.
    func parallelMap<T: Sendable>(
        _ items: [String], _ transform: @Sendable (String, SearchScratch) -> T
    ) -> [T] {
        let engine = self.engine
        let chunks = max(1, min(items.count, PrefixMapBuilder.System.coreCount * 8))
        let results = Mutex([[T]](repeating: [], count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let scratch = SearchScratch(vocabularySize: engine.products.vocabularySize)
            let part = Swift.stride(from: chunk, to: items.count, by: chunks).map { transform(items[$0], scratch) }
            results.withLock { $0[chunk] = part }
        }
        let parts = results.withLock { $0 }
        return items.indices.map { parts[$0 % chunks][$0 / chunks] }
    }
}
