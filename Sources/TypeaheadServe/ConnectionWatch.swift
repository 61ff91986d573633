import CMicroHTTPD
import Dispatch
import Foundation
import Synchronization

/// Deadlines for the server's connections, which libmicrohttpd's idle timeout does not give (a
/// client sending one byte a second is never idle): a request's headers must arrive within
/// `headerSeconds` of the connection opening (or of the previous request's end), and its body within
/// `bodySeconds` of its headers. A watch thread closes a connection past its deadline by shutting
/// its socket down, which libmicrohttpd then sees as the client gone (the descriptor stays
/// libmicrohttpd's to close, so it is never reused under it). A response being sent has no
/// deadline here: the idle timeout covers a client that stops reading.
final class ConnectionWatch: Sendable {
    enum Phase: Sendable {
        case headers, body, responding
    }

    private struct Entry {
        var socket: Int32
        var phase: Phase
        var since: UInt64
    }

    private struct State {
        var connections: [UInt: Entry] = [:]
        var headerNanoseconds: UInt64 = 10_000_000_000
        var bodyNanoseconds: UInt64 = 30_000_000_000
        var watching = false
    }

    private let state = Mutex(State())
    private let stopped = DispatchSemaphore(value: 0)

    private static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    private static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: connection)) }

    func opened(_ connection: OpaquePointer, socket: Int32) {
        state.withLock {
            $0.connections[Self.key(connection)] = Entry(socket: socket, phase: .headers, since: Self.now())
        }
    }

    func closed(_ connection: OpaquePointer) {
        _ = state.withLock { $0.connections.removeValue(forKey: Self.key(connection)) }
    }

    /// The connection's request reached `phase`: its deadline, if any, counts from now.
    func enter(_ phase: Phase, _ connection: OpaquePointer) {
        state.withLock { state in
            let key = Self.key(connection)
            guard var entry = state.connections[key] else { return }
            (entry.phase, entry.since) = (phase, Self.now())
            state.connections[key] = entry
        }
    }

    func startWatching(headerSeconds: Double, bodySeconds: Double) {
        setDeadlines(headerSeconds: headerSeconds, bodySeconds: bodySeconds)
        state.withLock { $0.watching = true }
        let tick = min(0.5, max(0.01, min(headerSeconds, bodySeconds) / 4))
        let thread = Thread { [self] in
            while state.withLock({ $0.watching }) {
                Thread.sleep(forTimeInterval: tick)
                closeExpired()
            }
            stopped.signal()
        }
        thread.name = "typeahead-serve-deadlines"
        thread.start()
    }

    func stopWatching() {
        let wasWatching = state.withLock { state -> Bool in
            defer { state.watching = false }
            return state.watching
        }
        if wasWatching { stopped.wait() }
    }

    /// Shuts down the sockets of the connections past their deadline.
    private func closeExpired() {
        for socket in expire() { shutdown(socket, Int32(SHUT_RDWR)) }
    }

    /// The sockets of the connections past their deadline at `now` (the clock read under the lock
    /// when nil), each given once. A connection whose phase began after `now` is not past it: the
    /// clock read outside the lock may be earlier than a phase another thread has since entered
    /// (an unsigned `now - since` trapped there and took the server down).
    func expire(at given: UInt64? = nil) -> [Int32] {
        state.withLock { state -> [Int32] in
            let now = given ?? Self.now()
            var sockets: [Int32] = []
            for (key, entry) in state.connections {
                let limit: UInt64
                switch entry.phase {
                case .headers: limit = state.headerNanoseconds
                case .body: limit = state.bodyNanoseconds
                case .responding: continue
                }
                if now > entry.since, now - entry.since > limit, entry.socket >= 0 {
                    sockets.append(entry.socket)
                    // Not again: libmicrohttpd closes it now, and says so.
                    state.connections[key]!.phase = .responding
                }
            }
            return sockets
        }
    }

    /// The deadlines (`startWatching` sets them too).
    func setDeadlines(headerSeconds: Double, bodySeconds: Double) {
        state.withLock {
            $0.headerNanoseconds = UInt64(max(0.001, headerSeconds) * 1e9)
            $0.bodyNanoseconds = UInt64(max(0.001, bodySeconds) * 1e9)
        }
    }
}
