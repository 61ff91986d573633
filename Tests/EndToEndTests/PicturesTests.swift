import Foundation
import Testing
import TypeaheadTestSupport

/// The pictures fixture: local JPEG, PNG (one with alpha), WebP and a 3,000 × 2,000 JPEG in
/// `Content/images/`, one remote image in the cache, one remote image not fetched, one product
/// without an image, and two products sharing a picture.
@Suite("Pictures in a built site, run as a program")
struct PicturesTests {
    static let fixture = TestSupport.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/pictures")
    static let templates = TestSupport.packageRoot.appendingPathComponent("Templates").path

    func build(_ content: String, _ output: String) throws -> TestSupport.RunResult {
        try TestSupport.runTypeahead(["build", "--content", content, "--templates", Self.templates, "--output", output])
    }

    @Test("The fixture builds into exactly the golden tree: resized WebP named by their bytes, placeholders")
    func golden() throws {
        let output = try TestSupport.temporaryDirectory("pictures").appendingPathComponent("site")
        let result = try build(Self.fixture.appendingPathComponent("Content").path, output.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("data findings: no-image 2"))
        // Its assets are the small site's (that golden tree holds them).
        try Golden.endToEnd.compare(tree: output, with: "pictures-site", skipping: ["assets"])
        let files = try TestSupport.tree(output)
        // Six distinct pictures (p9 shares p1's), two sizes each.
        #expect(files.filter { $0.0.hasPrefix("images/") && $0.0.hasSuffix(".webp") }.count == 12)
        let card = String(decoding: files.first { $0.0 == "index.html" }!.1, as: UTF8.self)
        #expect(card.contains(#"<img src="images/"#))
        #expect(!card.contains("cdn.example.com"), "no remote picture in an offline site")
        let charger = String(decoding: files.first { $0.0 == "products/p7.html" }!.1, as: UTF8.self)
        #expect(
            charger.contains(#"<div class="product-image placeholder tone-4 kind-charger" aria-hidden="true"></div>"#))
        let galaxy = String(decoding: files.first { $0.0 == "search/galaxy.html" }!.1, as: UTF8.self)
        #expect(galaxy.contains(#"<img src="../images/"#))
        #expect(galaxy.contains(#"width="160" height="120" loading="lazy">"#))
    }

    @Test("A rebuild takes unchanged pictures from the site it replaces, never a changed file, same bytes")
    func reuse() throws {
        let content = Self.fixture.appendingPathComponent("Content").path
        let site = try TestSupport.temporaryDirectory("pictures").appendingPathComponent("site")
        #expect(try build(content, site.path).stderr.contains("pictures: 6 resized, 0 unchanged"))
        let first = try TestSupport.tree(site)
        // Nothing changed: nothing is built (the state beside the site says so).
        #expect(try build(content, site.path).stderr.contains("nothing changed since the previous build"))
        #expect(try TestSupport.tree(site).map(\.1) == first.map(\.1))
        // Without that state, a rebuild takes every picture from the site it replaces.
        try FileManager.default.removeItem(
            at: site.deletingLastPathComponent().appendingPathComponent(".site.typeahead-state"))
        let again = try build(content, site.path)
        #expect(again.stderr.contains("pictures: 0 resized, 6 unchanged since the previous build"), "\(again.stderr)")
        #expect(try TestSupport.tree(site).map(\.1) == first.map(\.1))

        // A picture file changed in the site is not taken: that picture is made again.
        let index = try String(contentsOf: site.appendingPathComponent("images/index.json"), encoding: .utf8)
        let name = String(index.split(separator: "\"")[9])  // the first picture's thumb file
        #expect(name.hasSuffix(".webp"))
        try Data([0xFF, 0xD8, 0xFF]).write(to: site.appendingPathComponent("images/" + name))
        #expect(try build(content, site.path).stderr.contains("pictures: 1 resized, 5 unchanged"))
        #expect(try TestSupport.tree(site).map(\.1) == first.map(\.1))

        // Another recipe (another libvips, other settings) or an unreadable index: all made again.
        try index.replacingOccurrences(of: "Q80", with: "Q90").write(
            to: site.appendingPathComponent("images/index.json"), atomically: true, encoding: .utf8)
        #expect(try build(content, site.path).stderr.contains("pictures: 6 resized, 0 unchanged"))
        try "{".write(to: site.appendingPathComponent("images/index.json"), atomically: true, encoding: .utf8)
        #expect(try build(content, site.path).stderr.contains("pictures: 6 resized, 0 unchanged"))
        #expect(try TestSupport.tree(site).map(\.1) == first.map(\.1))
    }

    @Test("check proves the pictures byte for byte and finds a changed, missing or stray one")
    func check() throws {
        let content = Self.fixture.appendingPathComponent("Content").path
        let site = try TestSupport.temporaryDirectory("pictures").appendingPathComponent("site").path
        #expect(try build(content, site).status == 0)
        let clean = try TestSupport.runTypeahead(["check", "--content", content, "--site", site])
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout.contains("and 12 pictures in"))
        let images = try FileManager.default.contentsOfDirectory(atPath: site + "/images").sorted().filter {
            $0.hasSuffix(".webp")
        }
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: site + "/images/" + images[0]))
        try FileManager.default.removeItem(atPath: site + "/images/" + images[1])
        try Data([1]).write(to: URL(fileURLWithPath: site + "/images/extra.webp"))
        let broken = try TestSupport.runTypeahead(["check", "--full", "--content", content, "--site", site])
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("images/\(images[0]): differs from the build's (3 bytes, expected"))
        #expect(broken.stdout.contains("images/\(images[1]): missing"))
        #expect(broken.stdout.contains("images/extra.webp: not made by the build (a stray file)"))
        // The first check kept a proof; a file changed since leaves no proven site to start from,
        // and the whole proof runs, saying why.
        let since = try TestSupport.runTypeahead(["check", "--content", content, "--site", site])
        #expect(since.status == 1)
        #expect(since.stdout.contains("images/\(images[0]): differs from the build's (3 bytes, expected"))
        #expect(
            since.stdout.contains(
                "A full check: images/\(images[0]) changed since the last proof (not by typeahead build)."),
            "\(since.stdout)")
    }

    @Test("A picture that cannot be used stops the build, naming the product; the previous site stays")
    func refused() throws {
        let work = try TestSupport.copy(Self.fixture.appendingPathComponent("Content"), label: "pictures")
        let site = try TestSupport.temporaryDirectory("pictures").appendingPathComponent("site").path
        #expect(try build(work.path, site).status == 0)
        let before = try TestSupport.tree(URL(fileURLWithPath: site))
        let products = work.appendingPathComponent("products.json")
        let original = try String(contentsOf: products, encoding: .utf8)
        let outside = try TestSupport.temporaryDirectory("outside")
        try Data(try Data(contentsOf: work.appendingPathComponent("images/case.png"))).write(
            to: outside.appendingPathComponent("secret.png"))
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("images/escape.png").path,
            withDestinationPath: outside.appendingPathComponent("secret.png").path)
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(
            to: work.appendingPathComponent("images/logo.png"))
        try Data(try Data(contentsOf: work.appendingPathComponent("images/phones/galaxy.jpg")).prefix(1700)).write(
            to: work.appendingPathComponent("images/cut.jpg"))
        let edited =
            original
            .replacingOccurrences(of: #""image":"case.png""#, with: #""image":"escape.png""#)
            .replacingOccurrences(of: #""image":"cable.png""#, with: #""image":"gone/cable.png""#)
            .replacingOccurrences(of: #""image":"watch.webp""#, with: #""image":"logo.png""#)
            .replacingOccurrences(of: #""image":"phones/poster.jpg""#, with: #""image":"cut.jpg""#)
        try edited.write(to: products, atomically: true, encoding: .utf8)
        let result = try build(work.path, site)
        #expect(result.status == 1)
        let file = products.path
        for expected in [
            "\(file): objectID \"p2\", field \"image\": escape.png leads outside \(work.path)/images/ (through a symbolic link)",
            "\(file): objectID \"p3\", field \"image\": \(work.path)/images/gone/cable.png does not exist",
            "\(file): objectID \"p4\", field \"image\": \(work.path)/images/logo.png: not a PNG, JPEG or WebP image (an SVG or XML document)",
            "\(file): objectID \"p5\", field \"image\": \(work.path)/images/cut.jpg: a JPEG file that cannot be decoded",
            "4 problems in the content; nothing was written.",
        ] {
            #expect(result.stderr.contains(expected), "\(result.stderr)")
        }
        #expect(try TestSupport.tree(URL(fileURLWithPath: site)).map(\.1) == before.map(\.1))

        // A path that climbs out is refused when the content is read, with the record's place.
        try original.replacingOccurrences(of: #""image":"case.png""#, with: #""image":"../products.json""#)
            .write(to: products, atomically: true, encoding: .utf8)
        let climbing = try build(work.path, site)
        #expect(climbing.status == 1)
        #expect(
            climbing.stderr.contains(
                #"record [1] (line 3), field "image": must stay inside Content/images/ (no empty, . or .. folder names)"#
            ), "\(climbing.stderr)")
    }

    @Test("The report lists the products shown with a placeholder, and why")
    func report() throws {
        let result = try TestSupport.runTypeahead([
            "report", "--content", Self.fixture.appendingPathComponent("Content").path, "--templates", Self.templates,
            "--format", "markdown",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Products without an image"))
        #expect(result.stdout.contains("| p7 | Galaxy Charger | remote image not fetched (typeahead images fetch) |"))
        #expect(result.stdout.contains("| p8 | Galaxy Screen Protector | no image |"))
        #expect(result.stdout.contains("| products with a picture | 7 |"))
    }
}
