import Synchronization

/// What `serve`'s answers may hold in memory, by construction: one answer at most `perAnswer`
/// bytes of JSON, and all answers being made or sent at most `inFlight` bytes together. An answer
/// reserves its bytes as it grows (a search at a time) and gives them back once sent, so one
/// request of fifty searches of a thousand hits, or many at once, is refused with Algolia's error
/// shape instead of growing the process without bound.
public final class AnswerBudget: Sendable {
    /// The largest answer, in bytes (a search of 1,000 hits of the sample is about 1.5 MB).
    public let perAnswer: Int
    /// All answers in flight together, in bytes.
    public let inFlight: Int
    private let used = Mutex(0)

    public init(perAnswer: Int = 32 << 20, inFlight: Int = 128 << 20) {
        self.perAnswer = perAnswer
        self.inFlight = inFlight
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
