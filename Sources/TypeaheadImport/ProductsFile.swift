import Foundation
import TypeaheadModel

/// A record written as JSON as soon as it is made, so memory holds about the output's bytes, not
/// every record's values.
struct RenderedRecord {
    var objectID: String
    var json: [UInt8]

    init(_ record: ProductRecord) {
        objectID = record.objectID
        json = []
        JSONWriter.write(record.json, scriptSafe: false, into: &json)
    }
}

/// `products.json` as `import` writes it: a JSON array, one record a line, sorted by objectID
/// bytes, keys sorted (JSONWriter): the same feed gives the same bytes. It is written from the
/// records, piece by piece, never held whole a second time.
public struct ProductsFile: Sendable {
    /// Sorted by objectID bytes.
    let records: [(objectID: String, json: [UInt8])]

    init(_ records: [RenderedRecord]) {
        self.records = records.map { ($0.objectID, $0.json) }.sorted { utf8Less($0.objectID, $1.objectID) }
    }

    /// The file's pieces in order.
    private func forEachPiece(_ body: (ArraySlice<UInt8>) throws -> Void) rethrows {
        try body(ArraySlice("[\n".utf8))
        for (i, record) in records.enumerated() {
            if i > 0 { try body(ArraySlice(",\n".utf8)) }
            try body(record.json[...])
        }
        try body(ArraySlice("\n]\n".utf8))
    }

    /// The file's size in bytes.
    public var count: Int { records.reduce(5) { $0 + $1.json.count } + 2 * max(0, records.count - 1) }

    /// The whole file (for tests; `write` does not make it).
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        forEachPiece { bytes += $0 }
        return bytes
    }

    /// Writes the file to `path` through a temporary file beside it, moved into place: a reader
    /// sees the old file or the new one, never a part, and a failure leaves the old one as it was.
    /// An unchanged file is not touched; a missing folder is made.
    public func write(to path: String) throws(ContentError) {
        if isSame(as: path) { return }
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A new file under a random name (mkstemp: O_CREAT | O_EXCL), never one that is there: a
        // link planted at a name we could guess would have us write through it.
        var template = Array(
            url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).typeahead-XXXXXX").path
                .utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let temporary = URL(fileURLWithPath: String(cString: template))
        func failure(_ file: String) -> ContentError {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { unlink(temporary.path) }
            return ContentError(ContentIssue(file: file, message: "cannot write: \(reason)"))
        }
        guard descriptor >= 0 else { throw failure(url.deletingLastPathComponent().path) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fchmod(descriptor, 0o644)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        func flush() -> Bool {
            var written = 0
            while written < buffer.count {
                let result = buffer[written...].withUnsafeBytes {
                    Foundation.write(descriptor, $0.baseAddress, $0.count)
                }
                if result < 0, errno == EINTR { continue }
                if result <= 0 { return false }
                written += result
            }
            buffer.removeAll(keepingCapacity: true)
            return true
        }
        var ok = true
        forEachPiece { piece in
            guard ok else { return }
            buffer += piece
            if buffer.count >= 1 << 20 { ok = flush() }
        }
        ok = ok && flush()
        let closed = close(descriptor) == 0
        guard ok, closed else { throw failure(temporary.path) }
        if rename(temporary.path, path) != 0 { throw failure(path) }
    }

    /// Whether the file at `path` already holds these bytes (read a chunk at a time).
    private func isSame(as path: String) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            (attributes[.size] as? NSNumber)?.intValue == count,
            let handle = FileHandle(forReadingAtPath: path)
        else { return false }
        defer { try? handle.close() }
        var pending: [UInt8] = []
        var offset = 0
        var same = true
        func compare(_ piece: ArraySlice<UInt8>) {
            var piece = piece
            while same, !piece.isEmpty {
                if offset == pending.count {
                    guard let data = try? handle.read(upToCount: 1 << 20), !data.isEmpty else {
                        same = false
                        return
                    }
                    pending = [UInt8](data)
                    offset = 0
                }
                let n = min(pending.count - offset, piece.count)
                if !pending[offset..<offset + n].elementsEqual(piece.prefix(n)) { same = false }
                offset += n
                piece = piece.dropFirst(n)
            }
        }
        forEachPiece(compare)
        return same
    }
}
