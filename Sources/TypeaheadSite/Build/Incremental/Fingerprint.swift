import Foundation
import TypeaheadModel

/// The inputs of a build other than the products, each as a 128-bit hash (two FNV-1a streams):
/// `binary=…;config=…;…`, so that a state can say which of them changed.
enum Fingerprint {
    /// The parts, in order, and what each is called in a message.
    static let parts: [(key: String, name: String)] = [
        ("binary", "the typeahead binary"), ("config", "site.json"),
        ("suggestions", "the suggestions"),
        ("synonyms", "the synonyms"), ("templates", "the templates"),
        ("pictures", "the pictures or their recipe (libvips, its settings)"),
    ]

    static func make(contentDirectory: String, templates: TemplateSet) -> String {
        var values: [String: String] = [:]
        var binary = Stream()
        if let data = FileManager.default.contents(atPath: "/proc/self/exe") {
            binary.add(data)
        } else {
            // Unknown: never the same as a state's, so the build is clean.
            binary.add(UUID().uuidString)
        }
        values["binary"] = binary.hex
        var config = Stream()
        config.file(contentDirectory + "/site.json")
        values["config"] = config.hex
        for (key, base) in [("suggestions", "query_suggestions"), ("synonyms", "synonyms")] {
            var stream = Stream()
            for suffix in ["json", "ndjson", "jsonl"] {
                stream.add(suffix)
                stream.file(contentDirectory + "/\(base).\(suffix)")
            }
            values[key] = stream.hex
        }
        var source = Stream()
        for name in templates.templates.keys.sorted(by: utf8Less) {
            source.add(name)
            source.add(templates.templates[name]!)
        }
        for path in templates.assets.keys.sorted(by: utf8Less) {
            source.add(path)
            source.add(templates.assets[path]!)
        }
        values["templates"] = source.hex
        // Pictures by name, size and modification time (reading them all would cost a build's time).
        var pictures = Stream()
        var anyPicture = false
        for folder in ["images", "image-cache"] {
            let root = contentDirectory + "/" + folder
            guard let enumerator = FileManager.default.enumerator(atPath: root) else { continue }
            var found: [String] = []
            while let path = enumerator.nextObject() as? String { found.append(path) }
            for path in found.sorted(by: utf8Less) {
                anyPicture = true
                pictures.add(folder + "/" + path)
                if let stamp = BuildState.FileStamp(path: root + "/" + path) {
                    pictures.add("\(stamp.size) \(stamp.modified)")
                }
            }
        }
        // The recipe names libvips's version: an upgrade makes every picture again, under new names.
        // (libvips starts only for a shop that has pictures.)
        if anyPicture { pictures.add(SiteImages.recipe) }
        values["pictures"] = pictures.hex
        return parts.map { "\($0.key)=\(values[$0.key]!)" }.joined(separator: ";")
    }

    /// What differs between two fingerprints, in words; nil when they are the same.
    static func difference(_ a: String, _ b: String) -> String? {
        guard a != b else { return nil }
        let split = { (text: String) -> [String: String] in
            var found: [String: String] = [:]
            for part in text.split(separator: ";") {
                let pair = part.split(separator: "=", maxSplits: 1)
                if pair.count == 2 { found[String(pair[0])] = String(pair[1]) }
            }
            return found
        }
        let (x, y) = (split(a), split(b))
        let names = parts.filter { x[$0.key] != y[$0.key] }.map(\.name)
        return names.isEmpty ? "the state's inputs" : names.joined(separator: ", ")
    }

    /// Two FNV-1a 64-bit hashes with different offset bases, over a stream of byte strings (each
    /// ended by its length, so that two splits of the same bytes differ).
    struct Stream {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x8422_2325_cbf2_9ce4

        mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            var (a, b) = (self.a, self.b)
            var count = 0
            for byte in bytes {
                a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
                b = (b ^ UInt64(byte)) &* 0x100_0000_01b3
                count += 1
            }
            for byte in withUnsafeBytes(of: UInt64(count).littleEndian, Array.init) {
                a = (a ^ UInt64(byte)) &* 0x100_0000_01b3
                b = (b ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            (self.a, self.b) = (a, b)
        }

        mutating func add(_ text: String) { add(text.utf8) }

        mutating func add(_ data: Data) {
            data.withUnsafeBytes { add($0.bindMemory(to: UInt8.self)) }
        }

        /// A file's bytes, or a mark that it is not there.
        mutating func file(_ path: String) {
            if let data = FileManager.default.contents(atPath: path) {
                add([1])
                add(data)
            } else {
                add([0])
            }
        }

        var hex: String {
            String(a, radix: 16) + "-" + String(b, radix: 16)
        }
    }
}
