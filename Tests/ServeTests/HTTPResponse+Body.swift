import Foundation
import TypeaheadServe

extension HTTPResponse {
    /// The body's bytes (a file's read from disk).
    var bodyBytes: [UInt8] {
        switch body {
        case .bytes(let bytes): return bytes
        case .file(let path, let offset, let length):
            guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
            defer { try? handle.close() }
            try? handle.seek(toOffset: offset)
            return [UInt8]((try? handle.read(upToCount: Int(length))) ?? Data())
        }
    }
}
