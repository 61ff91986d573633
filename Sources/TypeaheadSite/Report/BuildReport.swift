import Foundation
import TypeaheadEngine
import TypeaheadModel

/// What a build found in its data and produced, for a person to read (`report/index.html`), to paste
/// (`typeahead report --format markdown`) or for a program (`report/report.json`).
///
/// Everything in it is derived from the content and the site's bytes, sorted, and free of timings,
/// so it is as byte-identical as the rest of the site. Phase timings exist only when a report is made
/// by a build that is running (`phases`), and are never written into the site.
public struct BuildReport: Codable, Sendable, Equatable {
    public var version = 1
    /// The site's title.
    public var site: String
    public var counts: [Count]
    /// Bytes and files by kind of file (the report's own files are not counted).
    public var bytes: Table
    /// Data findings, each with the list of its records.
    public var findings: [Table]
    /// The largest shards and pages.
    public var largest: [Table]
    public var histograms: [Histogram]
    /// Seconds by build phase; only in a report made by a running build, never in the site.
    public var phases: [Phase]?

    public struct Count: Codable, Sendable, Equatable {
        public var label: String
        public var value: Int
    }

    /// A titled list of records. Cells are text; numbers are written plainly (no separators).
    public struct Table: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        /// One or two sentences: what the list means and what to do about it.
        public var note: String
        public var columns: [String]
        public var rows: [[String]]
        /// How many records a finding has when `rows` holds only its first ones (a site's report
        /// keeps `BuildReport.siteRows` a finding); nil: `rows` is the whole list.
        public var total: Int? = nil

        /// How many records the list has.
        public var count: Int { total ?? rows.count }
    }

    public struct Histogram: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var note: String
        /// What a bar counts, e.g. "keys".
        public var unit: String
        public var buckets: [Bucket]

        public struct Bucket: Codable, Sendable, Equatable {
            public var label: String
            public var count: Int
        }
    }

    public struct Phase: Codable, Sendable, Equatable {
        public var name: String
        public var seconds: Double
    }

    /// Records a finding lists in the site's report (`report/`). At 1,000,000 products every
    /// product without a picture made the report 418 MB, a list no one reads whole; the rest is
    /// `typeahead report --content`'s, which builds in memory and lists every record.
    public static let siteRows = 1000

    /// The report with each finding's list cut to its first `limit` records (`total` says how many
    /// there are).
    public func capped(_ limit: Int) -> BuildReport {
        var report = self
        for i in report.findings.indices where report.findings[i].rows.count > limit {
            report.findings[i].total = report.findings[i].count
            report.findings[i].rows.removeSubrange(limit...)
        }
        return report
    }

    /// The report as `report/report.json` holds it: sorted keys, one value a line.
    public func json() -> [UInt8] { reviewJSON(self) }

    /// Reads a report written by `json()`.
    public static func decode(_ bytes: [UInt8]) throws -> BuildReport {
        try JSONDecoder().decode(BuildReport.self, from: Data(bytes))
    }
}

/// JSON for review: sorted keys (deterministic), one value a line (diffs well), a final newline.
/// Encoding plain structs of strings and numbers cannot fail.
func reviewJSON(_ value: some Encodable) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    var bytes = [UInt8]((try? encoder.encode(value)) ?? Data())
    bytes.append(UInt8(ascii: "\n"))
    return bytes
}

/// Computes a build's report from the content, the engine and the files made so far.
extension BuildReport {
    /// `no hit` for `minHits` 1, `fewer than 5 hits` for 5.
    public static func tooFewHits(_ minHits: Int) -> String {
        minHits == 1 ? "no hit" : "fewer than \(minHits) hits"
    }
}
