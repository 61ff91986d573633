import Dispatch
import Foundation
import Synchronization

/// What `serve`'s answers may hold in memory, by construction: one answer at most `perAnswer`
/// bytes of JSON, all answers being made or sent at most `inFlight` bytes together, and at most
/// `concurrentSearches` searches being computed at once. An answer
/// reserves its bytes as it grows (a search at a time) and gives them back once sent, so one
/// request of fifty searches of a thousand hits, or many at once, is refused with Algolia's error
/// shape instead of growing the process without bound.
public final class AnswerBudget: Sendable {
    /// The largest answer, in bytes (a search of 1,000 hits of the sample is about 1.5 MB).
    public let perAnswer: Int
    /// All answers in flight together, in bytes.
    public let inFlight: Int
    private let used = Mutex(0)
    /// Searches computed at once: a search of 1,000 hits builds its hits and highlights before
    /// they become bytes, so without this bound 150 clients at once held 539 MB of them.
    public let concurrentSearches: Int
    private let searches: DispatchSemaphore

    public init(
        perAnswer: Int = 32 << 20, inFlight: Int = 128 << 20,
        concurrentSearches: Int = max(2, ProcessInfo.processInfo.activeProcessorCount)
    ) {
        self.perAnswer = perAnswer
        self.inFlight = inFlight
        self.concurrentSearches = concurrentSearches
        searches = DispatchSemaphore(value: concurrentSearches)
    }

    /// Runs `search` when fewer than `concurrentSearches` others run (the others wait their turn).
    func searching<T>(_ search: () throws(APIError) -> T) throws(APIError) -> T {
        searches.wait()
        defer { searches.signal() }
        return try search()
    }

    /// Takes `bytes` of the budget; false (and nothing taken) when it does not have them.
    func reserve(_ bytes: Int) -> Bool {
        used.withLock { used in
            guard used + bytes <= inFlight else { return false }
            used += bytes
            return true
        }
    }

    func release(_ bytes: Int) {
        used.withLock { $0 -= bytes }
    }

    /// The bytes answers hold now.
    public var inUse: Int { used.withLock { $0 } }
}
