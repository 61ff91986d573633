import Foundation
import TypeaheadModel

/// A file read `chunkBytes` at a time with read(2): however long its lines, reading holds one chunk.
final class ChunkedFile {
    let path: String
    let chunkBytes: Int
    let meter: ReadMeter?
    private let descriptor: Int32

    init(path: String, chunkBytes: Int, meter: ReadMeter?) throws(ContentError) {
        self.path = path
        self.chunkBytes = max(1, chunkBytes)
        self.meter = meter
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ContentError(ContentIssue(file: path, message: "no such file"))
        }
        // A FIFO would block open(2) until a writer came; a feed is a file.
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG, (status.st_mode & S_IFMT) != S_IFCHR {
            throw ContentError(
                ContentIssue(file: path, message: "is not a regular file (a FIFO or a socket); save the feed to a file")
            )
        }
        descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw ContentError(ContentIssue(file: path, message: "cannot read: \(String(cString: strerror(errno)))"))
        }
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes (at most a chunk) into `buffer`: how many, 0 at the end of the file.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(FeedStop) -> Int {
        while true {
            let got = Foundation.read(descriptor, buffer, min(count, chunkBytes))
            if got >= 0 {
                meter?.bytesRead += got
                return got
            }
            if errno == EINTR { continue }
            throw FeedStop(
                issue: ContentIssue(file: path, message: "cannot read: \(String(cString: strerror(errno)))"))
        }
    }

    /// The next chunk, replacing `buffer`'s bytes; false at the end of the file.
    func next(into buffer: inout [UInt8]) throws(FeedStop) -> Bool {
        buffer.removeAll(keepingCapacity: true)
        var got = 0
        var failure: FeedStop?
        buffer = [UInt8](unsafeUninitializedCapacity: chunkBytes) { pointer, count in
            do throws(FeedStop) {
                got = try read(into: UnsafeMutableRawPointer(pointer.baseAddress!), count: chunkBytes)
            } catch {
                failure = error
            }
            count = got
        }
        if let failure { throw failure }
        return got > 0
    }
}
