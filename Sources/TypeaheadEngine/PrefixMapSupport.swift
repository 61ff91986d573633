import Dispatch
import Synchronization

/// Hands chunks to workers in order and their results to the visiting thread in order, with at
/// most `window` chunks claimed but not yet taken.
final class ChunkPipeline: Sendable {
    private struct State {
        var next = 0
        var slots: [Int: [PrefixMapEntry]] = [:]
    }

    private let count: Int
    private let state = Mutex(State())
    private let ready: [DispatchSemaphore]
    private let window: DispatchSemaphore

    init(count: Int, window: Int) {
        self.count = count
        ready = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        self.window = DispatchSemaphore(value: window)
    }

    /// The next chunk to work on, or nil when all are taken.
    func claim() -> Int? {
        window.wait()
        let chunk: Int? = state.withLock { state in
            guard state.next < count else { return nil }
            state.next += 1
            return state.next - 1
        }
        if chunk == nil { window.signal() }
        return chunk
    }

    func deliver(_ chunk: Int, _ entries: [PrefixMapEntry]) {
        state.withLock { $0.slots[chunk] = entries }
        ready[chunk].signal()
    }

    /// Waits for chunk `chunk` and hands over its entries.
    func take(_ chunk: Int) -> [PrefixMapEntry] {
        ready[chunk].wait()
        let entries = state.withLock { $0.slots.removeValue(forKey: chunk) ?? [] }
        window.signal()
        return entries
    }
}

/// What is known of a wanted key's value before the walk ranks it (`PrefixMapBuilder.build`'s
/// `reuse`): an incremental build's previous answer, or `typeahead check`'s direct one.
public enum PrefixMapReuse: Sendable {
    /// The previous site's value holds: the key is visited unranked, `kept`.
    case kept
    /// The value is the first page of these records alone (sorted, each once), with `nbHits` hits:
    /// the previous first page and the changed records that match the key now.
    case among([Int32], nbHits: Int)
    /// The value was found elsewhere (`typeahead check` asked the engine directly): the key is
    /// visited unranked, with this entry's value.
    case given(PrefixMapEntry)
}

/// The best `k` records seen, ranked, kept without sorting the rest.
struct TopK {
    let k: Int
    private var best: [RankedRecord] = []

    init(k: Int) {
        self.k = k
        best.reserveCapacity(k + 1)
    }

    mutating func add(_ record: RankedRecord) {
        if best.count == k, let last = best.last, !record.precedes(last) { return }
        var i = best.count
        while i > 0, record.precedes(best[i - 1]) { i -= 1 }
        best.insert(record, at: i)
        if best.count > k { best.removeLast() }
    }

    var records: [Int32] { best.map { Int32(truncatingIfNeeded: $0.record) } }

    /// The records kept, best first.
    var ranked: [RankedRecord] { best }
}

/// Key arithmetic shared by the builder, the shard writer and the harness.
public enum PrefixMapShape {
    /// The key one character shorter (a trailing space dropped), as bytes.
    public static func parent(of key: [UInt8]) -> [UInt8] {
        Array(key[..<parentLength(of: key)])
    }

    /// The length in bytes of the key one character shorter.
    public static func parentLength(of key: [UInt8]) -> Int {
        var end = key.count - 1
        while end > 0, key[end] & 0xC0 == 0x80 { end -= 1 }
        end = max(end, 0)
        if end > 0, key[end - 1] == 0x20 { end -= 1 }
        return end
    }
}

extension PrefixMapBuilder {
    /// Whether the word ids of `inner` are all among those of `outer` (both ascending, disjoint).
    static func covers(
        _ outer: [(words: Range<Int>, distance: UInt8)], _ inner: [(words: Range<Int>, distance: UInt8)]
    ) -> Bool {
        var i = 0
        for (range, _) in inner {
            var position = range.lowerBound
            while position < range.upperBound {
                while i < outer.count, outer[i].words.upperBound <= position { i += 1 }
                if i == outer.count || outer[i].words.lowerBound > position { return false }
                position = outer[i].words.upperBound
            }
        }
        return true
    }

    /// The word ids of `inner` that are not among those of `outer` (both ascending, disjoint), as
    /// ascending ranges.
    static func uncovered(
        _ outer: [(words: Range<Int>, distance: UInt8)], _ inner: [(words: Range<Int>, distance: UInt8)]
    ) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var i = 0
        for (range, _) in inner {
            var position = range.lowerBound
            while position < range.upperBound {
                while i < outer.count, outer[i].words.upperBound <= position { i += 1 }
                let next = i < outer.count ? min(outer[i].words.lowerBound, range.upperBound) : range.upperBound
                if next > position {
                    result.append(position..<next)
                    position = next
                } else {
                    position = outer[i].words.upperBound
                }
            }
        }
        return result
    }
}
