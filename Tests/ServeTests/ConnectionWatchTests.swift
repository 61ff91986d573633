import Foundation
import Testing

@testable import TypeaheadServe

/// The connections' deadlines, with the clock given: which sockets are shut, and when.
struct ConnectionWatchTests {
    static func connection(_ number: Int) -> OpaquePointer { OpaquePointer(bitPattern: number)! }

    @Test func aConnectionPastItsPhasesDeadlineIsShutOnce() {
        let watch = ConnectionWatch()
        watch.setDeadlines(headerSeconds: 1, bodySeconds: 2)
        watch.opened(Self.connection(16), socket: 7)
        watch.opened(Self.connection(32), socket: 8)
        watch.enter(.body, Self.connection(32))
        watch.opened(Self.connection(48), socket: 9)
        watch.enter(.responding, Self.connection(48))
        let start = DispatchTime.now().uptimeNanoseconds
        #expect(watch.expire(at: start + 500_000_000) == [])
        // Past the headers' second, within the body's two: only the one waiting for headers.
        #expect(watch.expire(at: start + 1_600_000_000) == [7])
        #expect(watch.expire(at: start + 1_700_000_000) == [])
        // Past the body's two seconds; a response being sent has no deadline here.
        #expect(watch.expire(at: start + 3_000_000_000) == [8])
        #expect(watch.expire(at: start + 60_000_000_000) == [])
        watch.closed(Self.connection(16))
        watch.closed(Self.connection(32))
        watch.closed(Self.connection(48))
    }

    /// The clock read before another thread entered a phase is earlier than that phase's start:
    /// the connection is not past its deadline (an unsigned subtraction trapped there, and the
    /// server died under a browser's requests).
    @Test func aClockEarlierThanAPhasesStartIsNotPastItsDeadline() {
        let watch = ConnectionWatch()
        watch.setDeadlines(headerSeconds: 0.001, bodySeconds: 0.001)
        let before = DispatchTime.now().uptimeNanoseconds
        watch.opened(Self.connection(16), socket: 7)
        watch.enter(.body, Self.connection(16))
        #expect(watch.expire(at: before) == [])
        #expect(watch.expire(at: 0) == [])
        #expect(watch.expire(at: DispatchTime.now().uptimeNanoseconds + 1_000_000_000) == [7])
    }

    /// Many threads entering phases while the watch reads its clock: nothing traps.
    @Test func phasesEnteredWhileTheWatchLooksDoNotTrap() async {
        let watch = ConnectionWatch()
        watch.setDeadlines(headerSeconds: 0.001, bodySeconds: 0.001)
        for number in 1...8 { watch.opened(Self.connection(number * 16), socket: -1) }
        await withTaskGroup(of: Void.self) { group in
            for number in 1...8 {
                group.addTask {
                    for round in 0..<2_000 {
                        watch.enter(round % 2 == 0 ? .body : .headers, Self.connection(number * 16))
                    }
                }
            }
            group.addTask {
                for _ in 0..<2_000 { _ = watch.expire(at: DispatchTime.now().uptimeNanoseconds) }
            }
        }
    }
}
