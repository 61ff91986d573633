import Foundation
import TypeaheadModel

/// The kinds of catalogue `typeahead import` reads.
public enum FeedFormat: String, CaseIterable, Sendable {
    /// Google Merchant Center's RSS 2.0 or Atom 1.0 feed, attributes in the `g:` namespace.
    case merchantXML = "merchant-xml"
    /// Google Merchant Center's tab-separated feed, a header row of attribute names.
    case merchantTSV = "merchant-tsv"
    /// Shopify's products CSV export.
    case shopifyCSV = "shopify-csv"

    /// How messages name it.
    public var title: String {
        switch self {
        case .merchantXML: return "Merchant Center XML"
        case .merchantTSV: return "Merchant Center TSV"
        case .shopifyCSV: return "Shopify CSV"
        }
    }

    /// The bytes read from a file's beginning to tell its format.
    static let prefixBytes = 64 * 1024

    /// The format of the file at `path`, told from its first bytes; an error saying why when it
    /// cannot be told.
    public static func detect(path: String) throws(ContentError) -> FeedFormat {
        let prefix: [UInt8]
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            prefix = [UInt8](try handle.read(upToCount: prefixBytes) ?? Data())
        } catch {
            throw ContentError(ContentIssue(file: path, message: "cannot read the file"))
        }
        switch detect(prefix: prefix) {
        case .success(let format): return format
        case .failure(let problem): throw ContentError(ContentIssue(file: path, message: problem.message))
        }
    }

    struct Problem: Error {
        var message: String
    }

    /// XML starts with `<?xml`, `<rss` or `<feed` (after a UTF-8 byte order mark and white space); a
    /// first line with `Handle` and `Title` columns is Shopify's CSV; a tab-separated first line with
    /// `id` and `title` columns (`g:` or not) is Merchant Center's TSV.
    static func detect(prefix: [UInt8]) -> Result<FeedFormat, Problem> {
        let bytes = ArraySlice(prefix).droppingByteOrderMark
        let text = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        for opening in ["<?xml", "<rss", "<feed"] where text.starts(with: Array(opening.utf8)) {
            return .success(.merchantXML)
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return .failure(Problem(message: "the file is UTF-16; save it as UTF-8"))
        }
        guard let end = bytes.firstIndex(of: 0x0A) ?? (prefix.count < prefixBytes ? bytes.endIndex : nil) else {
            return .failure(
                Problem(
                    message:
                        "cannot tell the format: the first line is longer than \(prefixBytes) bytes; say it with --format"
                ))
        }
        let line = String(decoding: bytes[..<end], as: UTF8.self)
        let tabbed = line.split(separator: "\t", omittingEmptySubsequences: false).map(MerchantField.columnName)
        if tabbed.count > 1, tabbed.contains("id"), tabbed.contains("title") { return .success(.merchantTSV) }
        let columns = line.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0).trimmingWhitespace.trimmingCharacters(in: CharacterSet(charactersIn: "\"")).lowercased()
        }
        if columns.contains("handle"), columns.contains("title") { return .success(.shopifyCSV) }
        return .failure(
            Problem(
                message:
                    "cannot tell the format: not XML (<?xml, <rss or <feed), and the first line has neither Shopify's Handle and Title columns nor Merchant Center's tab-separated id and title; say it with --format"
            ))
    }
}

extension ArraySlice where Element == UInt8 {
    /// Without a leading UTF-8 byte order mark.
    var droppingByteOrderMark: ArraySlice<UInt8> {
        starts(with: [0xEF, 0xBB, 0xBF]) ? dropFirst(3) : self
    }
}
