import Foundation
import TypeaheadImages
import TypeaheadModel

extension TypeaheadCommand {
    static let imagesCommand = CommandSpec(
        name: "images fetch",
        about: """
            Downloads the products' remote images (an http or https `image`) into DIR/image-cache/,
            each file named by the SHA-256 of its bytes, and records which URL is which file in
            DIR/image-cache/index.json. A build reads the cache and never the network: a remote image
            that is not cached shows the site's placeholder. URLs already cached are not fetched again.
            Only PNG, JPEG and WebP images that decode in full are kept; SVG, HTML, truncated files and
            anything else are refused. Prints what was fetched and every image that failed, with the
            product; exits 1 when any failed (what was fetched is kept).
            """,
        options: [
            OptionSpec("--content", "DIR", "Products", default: "Content"),
            OptionSpec("--max-bytes", "N", "The largest image downloaded (default: \(FetchOptions().maxBytes))"),
            OptionSpec(
                "--timeout", "S", "Seconds an image may take (default: \(JSONWriter.format(FetchOptions().timeout)))"),
            OptionSpec("--jobs", "N", "Downloads at once (default: \(FetchOptions().jobs))"),
        ])

    func images(_ arguments: [String]) throws(UsageError) -> Int32 {
        guard arguments.first == "fetch" else {
            throw UsageError(
                message: arguments.isEmpty
                    ? "images needs a subcommand: fetch" : "unknown images subcommand \"\(arguments[0])\"")
        }
        let options = try Self.imagesCommand.parse(Array(arguments.dropFirst()))
        if let extra = options.positionals.first {
            throw UsageError(message: "unexpected argument \"\(extra)\"")
        }
        var fetchOptions = FetchOptions()
        if let text = options.values["--max-bytes"] {
            guard let value = Int(text), value > 0 else {
                throw UsageError(message: "--max-bytes expects a positive whole number, not \"\(text)\"")
            }
            fetchOptions.maxBytes = value
        }
        if let text = options.values["--timeout"] {
            guard let value = Double(text), value > 0, value.isFinite else {
                throw UsageError(message: "--timeout expects a positive number of seconds, not \"\(text)\"")
            }
            fetchOptions.timeout = value
        }
        if let text = options.values["--jobs"] {
            guard let value = Int(text), (1...64).contains(value) else {
                throw UsageError(message: "--jobs expects a number from 1 to 64, not \"\(text)\"")
            }
            fetchOptions.jobs = value
        }
        let directory = options.value("--content")
        do {
            let content = try ContentLoader(directory: directory).loadCatalogue()
            var cache = try ImageCache.load(contentDirectory: directory)
            // Each remote URL once, with the products that show it.
            var products: [ByteKey: [ObjectID]] = [:]
            for product in content.products {
                if case .success(.remote(let url))? = ImageReference.parse(product.image) {
                    products[ByteKey(url), default: []].append(product.objectID)
                }
            }
            let urls = products.keys.map { String(decoding: $0.utf8, as: UTF8.self) }.sorted(by: utf8Less)
            let cached = urls.filter { url in
                cache.path(for: url).map { FileManager.default.fileExists(atPath: $0) } ?? false
            }
            let wanted = urls.filter { !cached.contains($0) }
            let results = ImageFetcher(options: fetchOptions).fetch(wanted)
            var fetched = 0
            var bytes = 0
            var failures: [String] = []
            for url in wanted {
                switch results[url]! {
                case .success(let image):
                    cache.set(url, file: try cache.store(image.bytes, format: image.format))
                    fetched += 1
                    bytes += image.bytes.count
                case .failure(let error):
                    let ids = products[ByteKey(url)]!
                    let more = ids.count > 1 ? " (and \(ids.count - 1) more product\(ids.count == 2 ? "" : "s"))" : ""
                    failures.append(
                        "objectID \"\(Self.printable(ids[0].text))\"\(more): \(Self.printable(url)): \(error.message)")
                }
            }
            if fetched > 0 { try cache.saveIndex() }
            var text =
                "\(urls.count) remote image\(urls.count == 1 ? "" : "s"): \(fetched) fetched (\(bytes) bytes), \(cached.count) already cached, \(failures.count) failed; cache: \(cache.directory)\n"
            if !failures.isEmpty {
                text += failures.prefix(20).map { "- \($0)\n" }.joined()
                if failures.count > 20 { text += "… and \(failures.count - 20) more\n" }
                text += "Products whose image failed show the site's placeholder.\n"
            }
            console.err(text)
            return failures.isEmpty ? 0 : 1
        } catch {
            console.err("\(Self.describe(error))\n")
            return 1
        }
    }

    /// `text` with control characters shown as `\u{…}`, so data cannot drive the terminal.
    static func printable(_ text: String) -> String {
        String(
            text.unicodeScalars.map {
                $0.value < 0x20 || $0.value == 0x7F ? "\\u{\(String($0.value, radix: 16))}" : String($0)
            }
            .joined())
    }
}
