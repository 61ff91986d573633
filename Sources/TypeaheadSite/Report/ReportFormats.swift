import TypeaheadModel
import TypeaheadMustache

/// Text for inline Markdown (GitHub's flavour included): the characters that can open emphasis,
/// code, a link, an image, raw HTML, an entity, a table cell border or strikethrough are
/// backslash-escaped, and so is a first character that could start a block (`#`, `-`, `1.`), so data
/// can never become markup; line breaks become spaces. CommonMark renders the result as exactly the
/// text it was given (tested with cmark).
public enum MarkdownText {
    public static func escape(_ text: String) -> String {
        if isPlainNumber(text) { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        var atStart = true
        var leadingDigits = true
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\u{2028}", "\u{2029}":
                result.unicodeScalars.append(" ")
            case "\\", "`", "*", "_", "[", "]", "<", ">", "&", "|", "~", "!":
                result.unicodeScalars.append("\\")
                result.unicodeScalars.append(scalar)
            default:
                // A block marker only counts at the start: `# x`, `- x`, `+ x`, `= x`, `1. x`, `1) x`.
                let opensBlock =
                    atStart ? "#+-=".unicodeScalars.contains(scalar) : leadingDigits && (scalar == "." || scalar == ")")
                if opensBlock { result.unicodeScalars.append("\\") }
                if atStart, scalar == " " || scalar == "\t" {
                    // Leading white space could indent the text into a code block or past a marker.
                    result += scalar == " " ? "&#32;" : "&#9;"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
            leadingDigits = leadingDigits && ("0"..."9").contains(scalar)
            atStart = false
        }
        return result
    }

    /// `12`, `-3`, `1,234`, `449.99`: left as they are (used only inside lines, never at a line start,
    /// where they could not become markup).
    static func isPlainNumber(_ text: String) -> Bool {
        var digits = text.utf8[...]
        if digits.first == UInt8(ascii: "-") { digits = digits.dropFirst() }
        guard let first = digits.first, first >= 0x30, first <= 0x39 else { return false }
        var seenPoint = false
        for byte in digits {
            switch byte {
            case 0x30...0x39: continue
            case UInt8(ascii: ","): if seenPoint { return false }
            case UInt8(ascii: "."): if seenPoint { return false } else { seenPoint = true }
            default: return false
            }
        }
        return digits.last.map { $0 >= 0x30 && $0 <= 0x39 } ?? false
    }

    /// A table row of escaped cells.
    static func row(_ cells: [String]) -> String {
        "| " + cells.map { $0.isEmpty ? " " : $0 }.joined(separator: " | ") + " |\n"
    }

    /// A whole table; cells are escaped here.
    static func table(_ columns: [String], _ rows: [[String]], numeric: Set<Int> = []) -> String {
        var text = row(columns.map(escape))
        text += row(columns.indices.map { numeric.contains($0) ? "---:" : "---" })
        for cells in rows { text += row(cells.map(escape)) }
        return text
    }
}

/// `1234567` as `1,234,567` (locale-free).
func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (i, character) in digits.enumerated() {
        if i > 0, (digits.count - i) % 3 == 0 { result.append(",") }
        result.append(character)
    }
    return (value < 0 ? "-" : "") + result
}

extension BuildReport {
    /// How many records of a finding the Markdown form lists (HTML and JSON list them all).
    public static let markdownRows = 20
    /// The command that lists every record of a finding the site's report cut, and what it costs.
    static let everyRecordCommand = "typeahead report --content DIR --format json"
    static let everyRecordCost = "lists them all (it builds the site in memory)"

    /// Columns that hold counts and sizes, shown right-aligned with thousands separators.
    static let numericColumns: Set<String> = [
        "files", "bytes", "popularity", "exact_nb_hits", "hits here", "difference", "products", "price",
    ]

    // MARK: - Markdown

    /// The report as Markdown, to paste into a pull request or an issue.
    public func markdown() -> String {
        var text = "# Build report: \(MarkdownText.escape(site))\n\n"
        text += "## Counts\n\n"
        text += MarkdownText.table(["", "count"], counts.map { [$0.label, grouped($0.value)] }, numeric: [1])
        text += "\n" + markdownTable(bytes, limit: nil)
        text += "\n## Data findings\n\n"
        for finding in findings {
            text += "- \(MarkdownText.escape(finding.title)): \(grouped(finding.count))\n"
        }
        for finding in findings where !finding.rows.isEmpty {
            text += "\n" + markdownTable(finding, limit: Self.markdownRows)
        }
        text += "\n## Pictures\n"
        for histogram in histograms {
            text += "\n### \(MarkdownText.escape(histogram.title))\n\n\(MarkdownText.escape(histogram.note))\n\n"
            let top = histogram.buckets.map(\.count).max() ?? 0
            text += MarkdownText.row(["", MarkdownText.escape(histogram.unit), ""])
            text += MarkdownText.row(["---", "---:", "---"])
            for bucket in histogram.buckets {
                let bar = top == 0 ? 0 : Int((Double(bucket.count) / Double(top) * 30).rounded(.up))
                text += MarkdownText.row([
                    MarkdownText.escape(bucket.label), grouped(bucket.count), String(repeating: "█", count: bar),
                ])
            }
        }
        text += "\n## Largest files\n"
        for table in largest {
            text += "\n" + markdownTable(table, limit: nil)
        }
        if let phases {
            text += "\n## Build phases\n\n"
            text += MarkdownText.table(
                ["phase", "seconds"], phases.map { [$0.name, String(format: "%.2f", $0.seconds)] }, numeric: [1])
        }
        return text
    }

    private func markdownTable(_ table: Table, limit: Int?) -> String {
        // A finding says how many records it has; other tables are read, not counted.
        let count = limit == nil ? "" : " (\(grouped(table.count)))"
        var text = "### \(MarkdownText.escape(table.title))\(count)\n\n"
        text += MarkdownText.escape(table.note) + "\n\n"
        let shown = limit.map { Array(table.rows.prefix($0)) } ?? table.rows
        let numeric = Set(table.columns.indices.filter { Self.numericColumns.contains(table.columns[$0]) })
        let cells = shown.map { row in
            row.enumerated().map { i, cell in numeric.contains(i) ? (Int(cell).map(grouped) ?? cell) : cell }
        }
        text += MarkdownText.table(table.columns, cells, numeric: numeric)
        if shown.count < table.count {
            let all =
                table.total == nil
                ? "report/index.html and `typeahead report --format json` list them all"
                : "`\(Self.everyRecordCommand)` \(Self.everyRecordCost)"
            text += "\n… and \(grouped(table.count - shown.count)) more: \(all).\n"
        }
        return text
    }

    // MARK: - HTML

    /// The report as a self-contained page (no scripts, no outside files): `report/index.html`.
    public func html() -> String {
        let e = HTML.escape
        var h = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Build report · \(e(site))</title>
            <style>
            body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1a202c;background:#fff}
            header,main{max-width:1100px;margin:0 auto;padding:0 20px}
            header{padding-top:16px}
            h1{margin:.2em 0 .6em}h2{margin-top:2em;border-bottom:1px solid #e2e8f0}
            table{border-collapse:collapse;margin:.5em 0 1em;font-size:14px}
            th,td{border:1px solid #e2e8f0;padding:3px 8px;text-align:left;vertical-align:top}
            th{background:#f7fafc}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
            .counts{display:flex;flex-wrap:wrap;gap:10px;padding:0;margin:0}
            .counts div{border:1px solid #e2e8f0;border-radius:6px;padding:8px 12px;min-width:120px}
            .counts dt{color:#4a5568;font-size:13px}.counts dd{margin:0;font-size:20px;font-weight:600}
            .ok{color:#276749}.warn{color:#9c4221}
            figure{margin:1em 0 2em}figcaption{color:#4a5568;font-size:14px;max-width:70ch}
            svg text{font:11px system-ui,sans-serif;fill:#1a202c}
            figure svg{max-width:100%;height:auto}table{display:block;max-width:100%;overflow-x:auto}
            a{color:#2b6cb0}
            @media (prefers-color-scheme:dark){body{color:#e2e8f0;background:#171923}th{background:#2d3748}
            th,td,.counts div{border-color:#4a5568}h2{border-color:#4a5568}.counts dt,figcaption{color:#cbd5e0}
            .ok{color:#9ae6b4}.warn{color:#fbd38d}svg text{fill:#e2e8f0}a{color:#90cdf4}}
            </style>
            </head>
            <body>
            <header>
            <a href="../index.html">← \(e(site))</a>
            <h1>Build report</h1>
            </header>
            <main>
            <section id="counts">
            <h2>Counts</h2>
            <dl class="counts">

            """
        for count in counts {
            h += "<div><dt>\(e(count.label))</dt><dd>\(grouped(count.value))</dd></div>\n"
        }
        h += "</dl>\n" + htmlTable(bytes, collapse: false) + "</section>\n"
        h += "<section id=\"findings\">\n<h2>Data findings</h2>\n<ul>\n"
        for finding in findings {
            let mark = finding.rows.isEmpty ? "ok" : "warn"
            h +=
                "<li><a href=\"#\(e(finding.id))\">\(e(finding.title))</a>: <strong class=\"\(mark)\">\(grouped(finding.count))</strong></li>\n"
        }
        h += "</ul>\n"
        for finding in findings {
            h += htmlTable(finding, collapse: true)
        }
        h += "</section>\n<section id=\"pictures\">\n<h2>Pictures</h2>\n"
        for histogram in histograms {
            h += "<figure id=\"\(e(histogram.id))\">\n<h3>\(e(histogram.title))</h3>\n"
            h += Self.svg(histogram)
            h += "<figcaption>\(e(histogram.note))</figcaption>\n</figure>\n"
        }
        h += "</section>\n<section id=\"largest\">\n<h2>Largest files</h2>\n"
        for table in largest {
            h += htmlTable(table, collapse: false)
        }
        h += "</section>\n"
        if let phases {
            h +=
                "<section id=\"phases\">\n<h2>Build phases</h2>\n<table>\n<tr><th>phase</th><th class=\"n\">seconds</th></tr>\n"
            for phase in phases {
                h += "<tr><td>\(e(phase.name))</td><td class=\"n\">\(String(format: "%.2f", phase.seconds))</td></tr>\n"
            }
            h += "</table>\n</section>\n"
        }
        h += "</main>\n</body>\n</html>\n"
        return h
    }

    private func htmlTable(_ table: Table, collapse: Bool) -> String {
        let e = HTML.escape
        let count = collapse ? " (\(grouped(table.count)))" : ""
        var h = "<section id=\"\(e(table.id))\">\n<h3>\(e(table.title))\(count)</h3>\n"
        h += "<p>\(e(table.note))</p>\n"
        if table.rows.isEmpty {
            return h + "<p class=\"ok\">None.</p>\n</section>\n"
        }
        let numeric = table.columns.map { Self.numericColumns.contains($0) }
        let long = collapse && table.rows.count > Self.markdownRows
        let summary =
            table.total == nil
            ? "All \(grouped(table.rows.count)) records"
            : "The first \(grouped(table.rows.count)) of \(grouped(table.count)) records"
        if long { h += "<details>\n<summary>\(summary)</summary>\n" }
        h += "<table>\n<tr>"
        for (column, isNumber) in zip(table.columns, numeric) {
            h += isNumber ? "<th class=\"n\">\(e(column))</th>" : "<th>\(e(column))</th>"
        }
        h += "</tr>\n"
        for row in table.rows {
            h += "<tr>"
            for (cell, isNumber) in zip(row, numeric) {
                if isNumber, let value = Int(cell) {
                    h += "<td class=\"n\">\(grouped(value))</td>"
                } else {
                    h += isNumber ? "<td class=\"n\">\(e(cell))</td>" : "<td>\(e(cell))</td>"
                }
            }
            h += "</tr>\n"
        }
        h += "</table>\n"
        if table.total != nil {
            h +=
                "<p>… and \(grouped(table.count - table.rows.count)) more: <code>\(e(Self.everyRecordCommand))</code> \(e(Self.everyRecordCost)).</p>\n"
        }
        if long { h += "</details>\n" }
        return h + "</section>\n"
    }

    /// A bar chart of a histogram as inline SVG: one bar a bucket, its count above, its label below.
    static func svg(_ histogram: Histogram) -> String {
        let e = HTML.escape
        let longest = histogram.buckets.map { $0.label.count }.max() ?? 1
        let slot = max(36, longest * 7 + 8)
        let plot = 160
        let width = 16 + slot * histogram.buckets.count
        let height = plot + 50
        let top = histogram.buckets.map(\.count).max() ?? 0
        var s =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(e(histogram.title)): bar chart of \(e(histogram.unit))\">\n"
        s += "<line x1=\"8\" y1=\"\(plot + 20)\" x2=\"\(width - 8)\" y2=\"\(plot + 20)\" stroke=\"#a0aec0\"/>\n"
        for (i, bucket) in histogram.buckets.enumerated() {
            let barHeight = top == 0 ? 0 : max(bucket.count > 0 ? 1 : 0, bucket.count * plot / top)
            let x = 8 + i * slot + 4
            let middle = x + (slot - 8) / 2
            s +=
                "<rect x=\"\(x)\" y=\"\(plot + 20 - barHeight)\" width=\"\(slot - 8)\" height=\"\(barHeight)\" fill=\"#3182ce\"><title>\(e(bucket.label)): \(grouped(bucket.count)) \(e(histogram.unit))</title></rect>\n"
            s +=
                "<text x=\"\(middle)\" y=\"\(plot + 15 - barHeight)\" text-anchor=\"middle\">\(grouped(bucket.count))</text>\n"
            s += "<text x=\"\(middle)\" y=\"\(plot + 36)\" text-anchor=\"middle\">\(e(bucket.label))</text>\n"
        }
        s += "<text x=\"8\" y=\"\(plot + 48)\">\(e(histogram.unit)) per bucket</text>\n"
        return s + "</svg>\n"
    }
}
