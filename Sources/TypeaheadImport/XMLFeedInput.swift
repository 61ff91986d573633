import CLibXML2
import Foundation
import TypeaheadModel

/// What libxml2 reads an XML feed through: the file a chunk at a time, each chunk scanned
/// (`XMLByteScanner`) before libxml2 gets it; and where libxml2's errors are kept.
final class XMLFeedInput {
    let file: ChunkedFile
    var scanner: XMLByteScanner
    /// Why the bytes stopped (the scanner's problem or a read error); it ends reading.
    var stop: ContentIssue?
    /// libxml2's errors, in order.
    var parserIssues: [ContentIssue] = []
    /// Whether libxml2 gave up (a fatal error).
    var fatal = false
    /// Bytes handed to libxml2.
    var bytes = 0

    init(file: ChunkedFile, limits: ImportLimits) {
        self.file = file
        scanner = XMLByteScanner(limit: limits.fieldBytes)
    }

    /// libxml2's read: up to `length` bytes into `buffer`; 0 at the end, -1 to stop.
    func read(into buffer: UnsafeMutablePointer<CChar>, length: Int32) -> Int32 {
        guard stop == nil else { return -1 }
        do {
            let got = try file.read(into: buffer, count: Int(length))
            bytes += got
            if let problem = scanner.scan(UnsafeRawBufferPointer(start: buffer, count: got)) {
                stop = ContentIssue(
                    file: file.path, record: problem.record, field: problem.field, message: problem.message)
                return -1
            }
            return Int32(got)
        } catch {
            stop = error.issue
            return -1
        }
    }

    /// Keeps a libxml2 error (warnings are dropped), worded for someone fixing the feed.
    func record(_ error: xmlError) {
        guard stop == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        if error.level == XML_ERR_FATAL { fatal = true }
        let text = error.message.map { String(cString: $0) } ?? "unknown error"
        let firstLine = text.split(separator: "\n").first.map(String.init) ?? text
        let message =
            firstLine.hasPrefix("Input is not proper UTF-8")
            ? "invalid UTF-8; the file must be UTF-8 or declare its encoding (<?xml version=\"1.0\" encoding=\"…\"?>)"
            : "malformed XML: \(firstLine.trimmingCharacters(in: .whitespaces))"
        parserIssues.append(
            ContentIssue(file: file.path, record: scanner.place(line: Int(error.line)), message: message))
    }

    /// Once per process: libxml2 initialised, and external entities refused whatever asks for them.
    static let setUp: Void = {
        xmlInitParser()
        xmlSetExternalEntityLoader { _, _, _ in nil }
    }()
}

/// libxml2's callbacks, C functions that find their `XMLFeedInput` through the context pointer.
enum XMLCallbacks {
    static let read: xmlInputReadCallback = { context, buffer, length in
        guard let context, let buffer else { return -1 }
        return Unmanaged<XMLFeedInput>.fromOpaque(context).takeUnretainedValue().read(into: buffer, length: length)
    }

    static let close: xmlInputCloseCallback = { _ in 0 }

    static let error: xmlStructuredErrorFunc = { context, error in
        guard let context, let error else { return }
        Unmanaged<XMLFeedInput>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
    }
}
