import CLibXML2
import Foundation
import TypeaheadModel

/// Merchant Center's XML feed with libxml2's streaming reader (xmlTextReader over xmlReaderForIO):
/// RSS 2.0 (`rss/channel/item`) or Atom 1.0 (`feed/entry`), the attributes in Google's namespace
/// (`g:price`). An item's `title`, `link` and `description` may also be RSS's own elements, and in
/// Atom `title`, `id`, `summary` and `<link href>`; a `g:` attribute wins over them. Each item is
/// handed on as soon as it ends: reading holds one item's text, whatever the file's size.
struct MerchantXMLReader {
    static let googleNamespace = "http://base.google.com/ns/1.0"
    static let atomNamespace = "http://www.w3.org/2005/Atom"

    var file: ChunkedFile
    var limits: ImportLimits
    /// See `XMLByteScanner.refusesDoctype`: tests only.
    var refusesDoctype = true

    private enum Kind {
        case rss, atom
        var itemDepth: Int { self == .rss ? 2 : 1 }
        var itemName: String { self == .rss ? "item" : "entry" }
    }

    /// The field being read: an item's child element.
    private struct OpenField {
        var key: MerchantField?
        var name: String
        var place: Place
        var replaceable: Bool
        var bytes: [UInt8] = []
        var broken = false
    }

    /// Hands each item to `each` as it is read; libxml2's errors and what stopped reading (a
    /// bound) are reported.
    func read(_ issues: inout IssueList, each: (MerchantItem, inout IssueList) -> Void) {
        _ = XMLFeedInput.setUp
        typeahead_xml_silence()
        let input = XMLFeedInput(file: file, limits: limits)
        input.scanner.refusesDoctype = refusesDoctype
        withExtendedLifetime(input) {
            let context = Unmanaged.passUnretained(input).toOpaque()
            guard
                let reader = xmlReaderForIO(
                    XMLCallbacks.read, XMLCallbacks.close, context, nil, nil, typeahead_xml_options())
            else {
                issues.add(record: nil, "cannot start the XML reader")
                return
            }
            defer { xmlFreeTextReader(reader) }
            xmlTextReaderSetStructuredErrorHandler(reader, XMLCallbacks.error, context)
            var stops: [ContentIssue] = []
            let (status, items) = walk(reader, input, &stops) { each($0, &issues) }
            if input.bytes == 0, input.stop == nil {
                issues.add(record: nil, "the file is empty; expected an RSS 2.0 or Atom 1.0 feed")
                return
            }
            for issue in input.parserIssues + (input.stop.map { [$0] } ?? []) + stops { issues.add(issue) }
            if status < 0, issues.total == 0 {
                issues.add(record: "line \(input.scanner.line)", "malformed XML")
            }
            if issues.total == 0, items == 0 {
                issues.add(record: nil, "no items: expected <item> elements in <rss><channel>, or <entry> in <feed>")
            }
        }
    }

    /// Reads every node, handing each item to `each`; returns xmlTextReaderRead's last status (0 at
    /// the end, -1 on an error) and the items read. What stops it goes to `stops`.
    private func walk(
        _ reader: OpaquePointer, _ input: XMLFeedInput, _ stops: inout [ContentIssue],
        _ each: (MerchantItem) -> Void
    ) -> (Int32, Int) {
        var items = 0
        var kind: Kind?
        var item: MerchantItem?
        var itemBytes = 0
        var field: OpenField?
        var status: Int32 = 1
        func text(_ pointer: UnsafePointer<xmlChar>?) -> String? { pointer.map { String(cString: $0) } }
        func stop(_ place: Place, field: String? = nil, _ message: String) -> (Int32, Int) {
            stops.append(ContentIssue(file: file.path, record: place.description, field: field, message: message))
            return (-1, items)
        }
        func finishField() {
            if let open = field, let key = open.key, !open.broken {
                let value = String(decoding: open.bytes, as: UTF8.self).trimmingWhitespace
                item?.set(
                    key,
                    FieldText(
                        text: String(value), name: open.name, place: open.place,
                        replaceable: open.replaceable))
            }
            field = nil
        }
        while true {
            status = xmlTextReaderRead(reader)
            guard status == 1, input.stop == nil else { break }
            let depth = Int(xmlTextReaderDepth(reader))
            switch xmlTextReaderNodeType(reader) {
            case 1:  // an element
                let line = input.scanner.nextStartLine() ?? Int(xmlTextReaderGetParserLineNumber(reader))
                let name = text(xmlTextReaderConstName(reader)) ?? ""
                let local = text(xmlTextReaderConstLocalName(reader)) ?? ""
                let empty = xmlTextReaderIsEmptyElement(reader) == 1
                if depth == 0 {
                    kind = local == "rss" ? .rss : local == "feed" ? .atom : nil
                    if kind == nil {
                        return stop(
                            Place(line: line), "expected an RSS 2.0 <rss> or Atom 1.0 <feed> document, found <\(name)>")
                    }
                } else if let kind, item == nil, depth == kind.itemDepth, local == kind.itemName {
                    items += 1
                    item = MerchantItem(place: Place(line: line, item: items), prefix: "g:")
                    itemBytes = 0
                    if empty, let finished = item {
                        each(finished)
                        item = nil
                    }
                } else if let kind, item != nil, depth == kind.itemDepth + 1 {
                    let namespace = text(xmlTextReaderConstNamespaceUri(reader))
                    let (key, replaceable) = Self.field(local, namespace, kind)
                    field = OpenField(
                        key: key, name: name, place: Place(line: line, item: items),
                        replaceable: replaceable)
                    if key == .link, kind == .atom, replaceable { field?.bytes = Self.atomLink(reader) }
                    if empty { finishField() }
                } else if let open = field, let key = open.key, !open.broken {
                    let issue = ContentIssue(
                        file: file.path, record: open.place.description, field: open.name,
                        message: "expected text, found the element <\(name)> (HTML in a field is escaped or in CDATA)")
                    item?.problems.append(issue)
                    item?.unreadable.insert(key)
                    field?.broken = true
                }
            case 3, 4, 13, 14:  // text, CDATA, white space
                guard let kind, field?.key != nil, depth == kind.itemDepth + 2,
                    let value = xmlTextReaderConstValue(reader)
                else { continue }
                let count = strlen(UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
                field?.bytes.append(contentsOf: UnsafeBufferPointer(start: value, count: count))
                itemBytes += count
                file.meter?.held(field?.bytes.count ?? 0)
                if let open = field, open.bytes.count > limits.fieldBytes {
                    return stop(
                        open.place, field: open.name,
                        "text longer than \(limits.fieldBytes) bytes; reading stopped there")
                }
                if itemBytes > limits.rowBytes, let place = item?.place {
                    return stop(place, "an item longer than \(limits.rowBytes) bytes; reading stopped there")
                }
            case 5, 10:  // an entity reference, a DOCTYPE: the scanner refuses both before libxml2; never taken
                return stop(
                    Place(line: Int(xmlTextReaderGetParserLineNumber(reader))),
                    "an entity or a DOCTYPE is not allowed in a feed")
            case 15:  // an end tag
                guard let kind, item != nil else { continue }
                if depth == kind.itemDepth + 1 {
                    finishField()
                } else if depth == kind.itemDepth, let finished = item {
                    each(finished)
                    item = nil
                }
            default:
                continue
            }
        }
        return (status, items)
    }

    /// The attribute an element stands for, and whether a `g:` attribute replaces it.
    private static func field(_ local: String, _ namespace: String?, _ kind: Kind) -> (MerchantField?, Bool) {
        if namespace == googleNamespace { return (MerchantField(rawValue: local), false) }
        guard namespace == nil || namespace == atomNamespace else { return (nil, false) }
        switch (local, kind) {
        case ("title", _), ("link", _), ("description", _): return (MerchantField(rawValue: local), true)
        case ("summary", .atom): return (.description, true)
        case ("id", .atom): return (.id, true)
        default: return (nil, false)
        }
    }

    /// Atom's `<link href="…"/>` (its `alternate`, or one without `rel`).
    private static func atomLink(_ reader: OpaquePointer) -> [UInt8] {
        defer { xmlTextReaderMoveToElement(reader) }
        if xmlTextReaderMoveToAttribute(reader, "rel") == 1, let rel = xmlTextReaderConstValue(reader),
            String(cString: rel) != "alternate"
        {
            return []
        }
        guard xmlTextReaderMoveToAttribute(reader, "href") == 1, let href = xmlTextReaderConstValue(reader) else {
            return []
        }
        return Array(String(cString: href).utf8)
    }
}
