import Testing

@testable import TypeaheadSite

/// The build's work on all cores gives what the same work on one gives.
struct CoresTests {
    @Test("A map on all cores is the map, in order, at any size", arguments: [0, 1, 1_023, 5_000, 100_001])
    func map(_ count: Int) {
        #expect(
            Cores.map(count, minimumChunk: 1_000) { $0 &* 2_654_435_761 } == (0..<count).map { $0 &* 2_654_435_761 })
    }

    @Test("A sort on all cores is the stable sort, at any size", arguments: [0, 10, 65_536 * 2 + 7, 300_000])
    func sorted(_ count: Int) {
        // Keys with many repeats; the second member tells equal keys apart (stability).
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        let items = (0..<count).map { n -> (key: Int, place: Int) in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return (Int(state % 1_000), n)
        }
        let parallel = Cores.sorted(items) { $0.key < $1.key }
        let plain = items.sorted { $0.key < $1.key }
        #expect(parallel.map(\.key) == plain.map(\.key))
        #expect(parallel.map(\.place) == plain.map(\.place))
    }
}
