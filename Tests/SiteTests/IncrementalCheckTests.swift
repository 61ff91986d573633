import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadSite

#if canImport(Glibc)
    import Glibc
#endif

/// `typeahead check` from the proof of an earlier one (`SiteProof`, `SiteChecker.runSinceProof`):
/// the proven site's digests read again, the incremental build from it made in memory and
/// compared with the site.
@Suite("Incremental checks", .serialized)
struct IncrementalCheckTests {
    /// A shop of the sample's first 50 products, in a content folder the tests edit in place.
    struct Shop {
        let content: URL
        let site: URL
        var products: [[String: Any]]

        init() throws {
            let sample = TestSupport.packageRoot.appendingPathComponent("Content")
            content = try TestSupport.temporaryDirectory("proof-shop")
            site = try TestSupport.temporaryDirectory("proof-site").appendingPathComponent("_site")
            let all = try JSONSerialization.jsonObject(
                with: Data(contentsOf: sample.appendingPathComponent("products.json")))
            products = Array((all as! [[String: Any]]).prefix(50))
            for name in ["query_suggestions.json", "synonyms.json", "site.json"] {
                try FileManager.default.copyItem(
                    at: sample.appendingPathComponent(name), to: content.appendingPathComponent(name))
            }
            try save()
        }

        func save() throws {
            let data = try JSONSerialization.data(withJSONObject: products, options: [.sortedKeys, .prettyPrinted])
            try data.write(to: content.appendingPathComponent("products.json"))
        }

        func build(templates: TemplateSet? = nil) throws -> BuildSummary {
            let loaded = try ContentLoader(directory: content.path).load()
            return try SiteBuilder(
                content: loaded, templates: try templates ?? IncrementalBuildTests.templates,
                contentDirectory: content.path
            ).write(to: site.path)
        }

        func checker(templates: TemplateSet? = nil) throws -> SiteChecker {
            SiteChecker(
                content: try ContentLoader(directory: content.path).load(), site: site.path,
                contentDirectory: content.path, templates: try templates ?? IncrementalBuildTests.templates)
        }

        /// The check from the proof (it must be one), its differences.
        func checkSinceProof() throws -> SiteChecker.Report {
            let (report, why) = try checker().runSinceProof()
            return try #require(report, "no check from the proof: \(why)")
        }

        var proof: String { SiteProof.folder(of: site.path) }
    }

    /// A shop built and proven by a full check.
    static func proven() throws -> Shop {
        let shop = try Shop()
        _ = try shop.build()
        let full = try shop.checker().run()
        #expect(full.differenceCount == 0, "\(full.differences)")
        #expect(full.proofNote?.hasPrefix("proof kept in") == true, "\(full.proofNote ?? "")")
        return shop
    }

    /// Changes one byte of a file in place, keeping its size and modification time (what a stamp
    /// would not see).
    static func tamper(_ path: String) throws {
        var info = stat()
        #expect(lstat(path, &info) == 0)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let at = bytes.count / 2
        bytes[at] = bytes[at] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
        let fd = open(path, O_WRONLY)
        #expect(fd >= 0)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
        close(fd)
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test("After edits and incremental builds, the check from the proof proves the site, making again only the change")
    func provesEdits() throws {
        var shop = try Self.proven()
        // Nothing changed: every file is the proven one.
        let same = try shop.checkSinceProof()
        #expect(same.differenceCount == 0, "\(same.differences)")
        #expect(same.sinceProof?.hasPrefix("0 made again") == true, "\(same.sinceProof ?? "")")
        // A price, then a name, each built incrementally, each checked from the proof before.
        for (step, edit) in [
            ("a price", { (p: inout [String: Any]) in p["price"] = 12.34 }),
            ("a name", { (p: inout [String: Any]) in p["name"] = "Zyxwv \(p["name"] ?? "")" }),
        ] {
            edit(&shop.products[7])
            try shop.save()
            let note = try shop.build().incremental ?? ""
            #expect(note.hasPrefix("incremental build"), "\(step): \(note)")
            // The proven site was moved beside the new one, not removed.
            #expect(FileManager.default.fileExists(atPath: shop.proof + "/site/.typeahead-site"), "\(step)")
            let report = try shop.checkSinceProof()
            #expect(report.differenceCount == 0, "\(step): \(report.differences)")
            let since = report.sinceProof ?? ""
            #expect(since.contains("(1 product changed since the proof;"), "\(step): \(since)")
            let made = Int(since.prefix { $0.isNumber }) ?? -1
            #expect(made > 0 && made < report.files, "\(step): \(since)")
            // The proof moved on to this site: the one before is gone.
            #expect(report.proofNote?.hasPrefix("proof kept in") == true, "\(step): \(report.proofNote ?? "")")
            #expect(!FileManager.default.fileExists(atPath: shop.proof + "/site"), "\(step)")
        }
        // The full check agrees.
        let full = try shop.checker().run()
        #expect(full.differenceCount == 0, "\(full.differences)")
    }

    @Test("The check from the proof finds a byte changed by hand anywhere, a stray file, a missing one, a stale site")
    func findsHandEdits() throws {
        var shop = try Self.proven()
        shop.products[3]["price"] = 77.5
        try shop.save()
        _ = try shop.build()
        let files = try TestSupport.tree(shop.site).map(\.0)
        let proven = shop.proof + "/site"
        // A file the build kept (the same file as the proven one) and a file it wrote anew.
        let kept = try #require(files.first { $0.hasPrefix("products/") && IncrementalCheckTests.same(shop, $0) })
        let written = try #require(files.first { !IncrementalCheckTests.same(shop, $0) && $0.hasSuffix(".html") })
        // The kept one changed in place (the proof's copy with it, the same file): no proven site
        // to start from, and the full check names it.
        let original = try Data(contentsOf: shop.site.appendingPathComponent(kept))
        try Self.tamper(shop.site.appendingPathComponent(kept).path)
        let fallen = try shop.checker().runSinceProof()
        #expect(fallen.report == nil)
        #expect(fallen.why == "\(kept) changed since the last proof (not by typeahead build)", "\(fallen.why)")
        let full = try shop.checker().run()
        #expect(full.differenceCount == 1, "\(full.differences)")
        #expect(full.differences.first?.hasPrefix(kept + ": line ") == true, "\(full.differences)")
        try original.write(to: shop.site.appendingPathComponent(kept))
        // The one the build wrote anew: the build from the proof makes other bytes.
        let writtenBytes = try Data(contentsOf: shop.site.appendingPathComponent(written))
        try Self.tamper(shop.site.appendingPathComponent(written).path)
        let report = try shop.checkSinceProof()
        #expect(report.differenceCount == 1, "\(written): \(report.differences)")
        #expect(report.differences.first?.hasPrefix(written + ": line ") == true, "\(report.differences)")
        try writtenBytes.write(to: shop.site.appendingPathComponent(written))
        #expect(FileManager.default.fileExists(atPath: proven + "/" + kept))
        // A stray file, a file removed.
        _ = try TestSupport.write("<p>stray</p>", to: "search/stray.html", in: shop.site)
        let stray = try shop.checkSinceProof()
        #expect(stray.differences == ["search/stray.html: not made by the build (a stray file)"])
        try FileManager.default.removeItem(at: shop.site.appendingPathComponent("search/stray.html"))
        let moved = try TestSupport.temporaryDirectory("moved").appendingPathComponent("page")
        try FileManager.default.moveItem(at: shop.site.appendingPathComponent(kept), to: moved)
        let missing = try shop.checkSinceProof()
        #expect(missing.differences == ["\(kept): missing"], "\(missing.differences)")
        try FileManager.default.moveItem(at: moved, to: shop.site.appendingPathComponent(kept))
        let whole = try shop.checkSinceProof()
        #expect(whole.differenceCount == 0, "\(whole.differences)")
        // The content changed and no build followed: the site is stale.
        shop.products[3]["price"] = 78.5
        try shop.save()
        let stale = try shop.checkSinceProof()
        #expect(stale.differenceCount > 0)
        #expect(stale.differences.contains { $0.contains(" differs from the build's") }, "\(stale.differences)")
    }

    static func same(_ shop: Shop, _ path: String) -> Bool {
        SiteChecker.sameFile(shop.proof + "/site/" + path, shop.site.appendingPathComponent(path).path)
    }

    @Test("No check from the proof when the inputs changed, the proof is broken or its site was changed or is gone")
    func fallsBack() throws {
        var shop = try Self.proven()
        shop.products[2]["price"] = 5.25
        try shop.save()
        _ = try shop.build()
        // The proof's own copy of a file the build replaced, changed: it proves nothing.
        let replaced = try #require(
            try TestSupport.tree(shop.site).map(\.0).first { !Self.same(shop, $0) && $0.hasSuffix(".html") })
        let copy = shop.proof + "/site/" + replaced
        let original = try Data(contentsOf: URL(fileURLWithPath: copy))
        try Self.tamper(copy)
        let tampered = try shop.checker().runSinceProof()
        #expect(tampered.report == nil)
        #expect(
            tampered.why == "the proof's copy of \(replaced) changed since the last proof (not by typeahead build)",
            "\(tampered.why)")
        try original.write(to: URL(fileURLWithPath: copy))
        // The proof's copy of the build state, changed.
        let vetting = shop.proof + "/state/vetting"
        let lines = try Data(contentsOf: URL(fileURLWithPath: vetting))
        try (lines + Data("[\"x\",1,1,1,1,\"0000\"]\n".utf8)).write(to: URL(fileURLWithPath: vetting))
        let forged = try shop.checker().runSinceProof()
        #expect(forged.why == "the proof's copy of the build state was changed since the proof", "\(forged.why)")
        try lines.write(to: URL(fileURLWithPath: vetting))
        // Restored, it proves the site again (and the proof moves on to it).
        #expect(try shop.checker().runSinceProof().report?.differenceCount == 0)
        // Other templates.
        var templates = try IncrementalBuildTests.templates
        templates.templates["layout"] = (templates.templates["layout"] ?? "") + "\n"
        let other = try SiteChecker(
            content: ContentLoader(directory: shop.content.path).load(), site: shop.site.path,
            contentDirectory: shop.content.path, templates: templates
        ).runSinceProof()
        #expect(other.report == nil)
        #expect(other.why == "the templates changed since the last proof", "\(other.why)")
        // A build of other inputs removes the proof, which can serve no check now.
        let otherBuild = try shop.build(templates: templates)
        #expect(otherBuild.incremental?.hasPrefix("clean build: the templates changed") == true)
        #expect(!FileManager.default.fileExists(atPath: shop.proof))
        _ = try shop.build()
        #expect(try shop.checker().run().differenceCount == 0)
        // Broken digests.
        let digests = shop.proof + "/digests"
        let saved = try Data(contentsOf: URL(fileURLWithPath: digests))
        try Data("not a digest line\n".utf8).write(to: URL(fileURLWithPath: digests))
        let broken = try shop.checker().runSinceProof()
        #expect(broken.report == nil)
        #expect(broken.why == "the earlier proof is ignored (its digests have a broken line)", "\(broken.why)")
        try saved.write(to: URL(fileURLWithPath: digests))
        // The site and the proven one removed, then built clean: no proven site to start from.
        try FileManager.default.removeItem(at: shop.site)
        _ = try shop.build()
        let gone = try shop.checker().runSinceProof()
        #expect(gone.report == nil)
        #expect(gone.why.hasPrefix("the proven site is gone"), "\(gone.why)")
        // The full check then proves the new site and keeps a proof of it.
        let full = try shop.checker().run()
        #expect(full.differenceCount == 0)
        #expect(try shop.checker().runSinceProof().report?.differenceCount == 0)
    }

    @Test("A failing check keeps no new proof; a site not made by typeahead build gets none")
    func noProof() throws {
        let shop = try Shop()
        _ = try shop.build()
        let page = try #require(try TestSupport.tree(shop.site).map(\.0).first { $0.hasPrefix("products/") })
        let original = try Data(contentsOf: shop.site.appendingPathComponent(page))
        try Self.tamper(shop.site.appendingPathComponent(page).path)
        let failed = try shop.checker().run()
        #expect(failed.differenceCount == 1)
        #expect(failed.proofNote == nil)
        #expect(!FileManager.default.fileExists(atPath: shop.proof))
        // Without a build state beside it (the site copied elsewhere): proven, but no proof kept.
        try original.write(to: shop.site.appendingPathComponent(page))
        try FileManager.default.removeItem(atPath: BuildState.folder(of: shop.site.path))
        let report = try shop.checker().run()
        #expect(report.differenceCount == 0, "\(report.differences)")
        #expect(report.proofNote?.hasPrefix("no proof kept for the next check (no build state beside") == true)
        #expect(!FileManager.default.fileExists(atPath: shop.proof))
    }

    @Test("A digest sees every byte: one changed anywhere, one more, one fewer")
    func digests() {
        let text = [UInt8]((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let digest = ContentDigest(text)
        for length in [0, 1, 7, 8, 15, 16, 17, 999, 1000] {
            let cut = Array(text.prefix(length))
            #expect(ContentDigest(cut) != ContentDigest(cut + [0]), "\(length)")
        }
        for at in Swift.stride(from: 0, to: 1000, by: 37) {
            var changed = text
            changed[at] ^= 1
            #expect(ContentDigest(changed) != digest, "\(at)")
        }
        #expect(ContentDigest(hex: ArraySlice(digest.hex.utf8)) == digest)
        #expect(ContentDigest(text) == digest)
    }

    /// The streamed digest of `bytes`, written to a file and read back (and copied, when `copy`).
    static func streamed(_ bytes: [UInt8], copy: String? = nil) throws -> (digest: ContentDigest, size: Int)? {
        let path = try TestSupport.temporaryDirectory("stream").appendingPathComponent("file").path
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        let target = copy.map { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        defer { target.map { _ = close($0) } }
        return ContentDigest.streamed(fd, copy: target)
    }

    @Test("A streamed digest (the build state's copy) sees every byte across its 1 MB chunks, and copies them")
    func streamedDigests() throws {
        let chunk = 1 << 20
        let text = [UInt8]((0..<(2 * chunk + 21)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })
        let whole = try #require(try Self.streamed(text))
        #expect(whole.size == text.count)
        #expect(try Self.streamed(text)?.digest == whole.digest)
        for length in [0, 1, 15, 16, 17, chunk - 1, chunk, chunk + 1, 2 * chunk] {
            let cut = Array(text.prefix(length))
            let (a, b) = (try Self.streamed(cut), try Self.streamed(cut + [0]))
            #expect(a?.size == length && b?.size == length + 1, "\(length)")
            #expect(a?.digest != b?.digest, "\(length)")
        }
        for at in [0, 15, 16, chunk - 1, chunk, chunk + 16, 2 * chunk + 20] {
            var changed = text
            changed[at] ^= 1
            #expect(try Self.streamed(changed)?.digest != whole.digest, "\(at)")
        }
        let copy = try TestSupport.temporaryDirectory("copy").appendingPathComponent("copy").path
        #expect(try Self.streamed(text, copy: copy)?.digest == whole.digest)
        #expect(FileManager.default.contents(atPath: copy) == Data(text))
    }
}
