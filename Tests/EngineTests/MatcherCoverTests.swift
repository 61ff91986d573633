import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadEngine

/// A key whose last word grew is ranked within its parent's matched occurrences only when every
/// word id its last word matches is among those the parent's matched (`PrefixMapBuilder.covers`).
@Suite("The answers walk: when a key may rank within its parent's matches")
struct MatcherCoverTests {
    typealias Ranges = [(words: Range<Int>, distance: UInt8)]

    @Test("Ranges inside the parent's, across adjacent ranges of other distances, are covered")
    func covered() {
        let parent: Ranges = [(2..<5, 1), (5..<9, 0), (12..<13, 1)]
        #expect(PrefixMapBuilder.covers(parent, [(3..<4, 1)]))
        // Across the boundary of two adjacent ranges (distances differ, ids are contiguous).
        #expect(PrefixMapBuilder.covers(parent, [(4..<7, 1), (12..<13, 2)]))
        #expect(PrefixMapBuilder.covers(parent, []))
        #expect(PrefixMapBuilder.covers(parent, parent))
    }

    @Test("A word id outside the parent's ranges, or none to cover it, is not covered")
    func notCovered() {
        let parent: Ranges = [(2..<5, 1), (5..<9, 0), (12..<13, 1)]
        #expect(!PrefixMapBuilder.covers(parent, [(1..<3, 0)]))
        #expect(!PrefixMapBuilder.covers(parent, [(8..<10, 0)]))  // runs past 9
        #expect(!PrefixMapBuilder.covers(parent, [(3..<4, 0), (10..<11, 0)]))  // the gap 9..<12
        #expect(!PrefixMapBuilder.covers(parent, [(13..<14, 0)]))
        #expect(!PrefixMapBuilder.covers([], [(0..<1, 0)]))
    }

    @Test("What is not covered: the ids outside the parent's ranges, as ascending ranges")
    func uncovered() {
        let parent: Ranges = [(2..<5, 1), (5..<9, 0), (12..<13, 1)]
        #expect(PrefixMapBuilder.uncovered(parent, [(4..<7, 1), (12..<13, 2)]).isEmpty)
        #expect(PrefixMapBuilder.uncovered(parent, [(0..<3, 0)]) == [0..<2])
        #expect(PrefixMapBuilder.uncovered(parent, [(8..<14, 0)]) == [9..<12, 13..<14])
        #expect(PrefixMapBuilder.uncovered(parent, [(3..<4, 0), (10..<11, 0), (20..<22, 1)]) == [10..<11, 20..<22])
        #expect(PrefixMapBuilder.uncovered([], [(0..<1, 0), (5..<6, 0)]) == [0..<1, 5..<6])
    }

    @Test("Over the real vocabulary, a grown last word with the same typo allowance is covered")
    func grownWordIsCovered() throws {
        let content = try ContentLoader(directory: TestSupport.packageRoot.appendingPathComponent("Content").path)
            .load()
        let index = SearchEngine(content: content).index(.products)
        var checked = 0
        for word in ["ip", "iph", "ipho", "iphon", "iphone", "gala", "galax", "galaxy", "cas", "case", "samsu"] {
            let scalars = Array(word.unicodeScalars)
            for cut in 1..<scalars.count {
                let shorter = String(String.UnicodeScalarView(scalars[..<cut]))
                guard EditDistance.allowedTypos(forLength: cut) == EditDistance.allowedTypos(forLength: scalars.count)
                else { continue }
                let parent = index.matcher(for: shorter, isLast: true, typoTolerance: true)
                let child = index.matcher(for: word, isLast: true, typoTolerance: true)
                #expect(PrefixMapBuilder.covers(parent.ranges, child.ranges), "\(shorter) → \(word)")
                checked += 1
            }
        }
        #expect(checked > 10)
    }
}
