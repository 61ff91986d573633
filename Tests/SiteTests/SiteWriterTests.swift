import Foundation
import Synchronization
import Testing
import TypeaheadTestSupport

@testable import TypeaheadSite

@Suite("Writing the site atomically")
struct SiteWriterTests {
    @Test("A new site is written with its marker, and a rebuild replaces it whole")
    func replace() throws {
        let root = try TestSupport.temporaryDirectory("writer")
        let output = root.appendingPathComponent("_site")
        try SiteWriter(output: output.path).write(["index.html": Array("one".utf8), "old.html": [1]])
        try SiteWriter(output: output.path).write(["index.html": Array("two".utf8)])
        let tree = try TestSupport.tree(output).map(\.0)
        #expect(tree == [".typeahead-site", "index.html"])
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["_site"])
    }

    @Test("A failed write leaves the previous site byte for byte, and no temporary folder")
    func failureKeepsOldSite() throws {
        let root = try TestSupport.temporaryDirectory("writer")
        let output = root.appendingPathComponent("_site")
        try SiteWriter(output: output.path).write(["index.html": Array("old".utf8)])
        let before = try TestSupport.tree(output)
        #expect(throws: SiteWriteError.self) {
            try SiteWriter(output: output.path).write(["a.html": [1], "../escape.html": [2]])
        }
        let after = try TestSupport.tree(output)
        #expect(before.map(\.0) == after.map(\.0) && before.map(\.1) == after.map(\.1))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["_site"])
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("escape.html").path))
    }

    @Test("A non-empty folder that is not a Typeahead site is never replaced")
    func refuseToClobber() throws {
        let home = try TestSupport.temporaryDirectory("home")
        try TestSupport.write("precious", to: "notes.txt", in: home)
        do {
            try SiteWriter(output: home.path).write(["index.html": [1]])
            Issue.record("should refuse")
        } catch {
            #expect(error.description.contains("is not empty and is not a Typeahead site"))
        }
        #expect(try TestSupport.tree(home).map(\.0) == ["notes.txt"])
    }

    @Test("An output path that is a file is refused; an empty folder is used")
    func fileAndEmptyFolder() throws {
        let root = try TestSupport.temporaryDirectory("writer")
        let file = try TestSupport.write("x", to: "file", in: root)
        #expect(throws: SiteWriteError.self) { try SiteWriter(output: file.path).write([:]) }
        let empty = root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
        try SiteWriter(output: empty.path).write(["index.html": [1]])
        #expect(try TestSupport.tree(empty).map(\.0) == [".typeahead-site", "index.html"])
    }

    @Test(
        "Paths that would leave the site are refused",
        arguments: [
            "../x", "/etc/x", "a/../../x", "", "a//b", "./x", "a/", "a/.", "a/..", "..", ".", "/", "a\0b",
        ])
    func pathsStayInside(_ path: String) {
        #expect(throws: SiteWriteError.self) { try SiteWriter.checkRelative(path) }
    }

    @Test(
        "Paths inside the site are taken, dots within names too",
        arguments: ["x", "a/b/c.js", "...", "a/.../b", ".hidden", "a..b/c", "é/ü"])
    func pathsInsideAreTaken(_ path: String) throws {
        try SiteWriter.checkRelative(path)
    }
}

@Suite("Rebuilds write only what changed")
struct IncrementalWriteTests {
    static func inode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? NSNumber)?.intValue ?? -1
    }

    @Test("Unchanged files keep their inode and modification time; changed, added and removed files follow")
    func incremental() throws {
        let root = try TestSupport.temporaryDirectory("incremental")
        let output = root.appendingPathComponent("_site")
        let writer = SiteWriter(output: output.path)
        #expect(
            try writer.write(["a/same.html": Array("same".utf8), "b.html": Array("old".utf8), "gone.html": [1]]) == 0)
        let same = output.appendingPathComponent("a/same.html")
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: same.path)
        let before = try Self.inode(same)
        let reused = try writer.write(["a/same.html": Array("same".utf8), "b.html": Array("new".utf8), "c.html": [2]])
        #expect(reused == 2)  // a/same.html and the marker
        #expect(try Self.inode(same) == before)
        let modified = try FileManager.default.attributesOfItem(atPath: same.path)[.modificationDate] as? Date
        #expect(modified == old)
        #expect(try String(contentsOf: output.appendingPathComponent("b.html"), encoding: .utf8) == "new")
        #expect(try TestSupport.tree(output).map(\.0) == [".typeahead-site", "a/same.html", "b.html", "c.html"])
    }

    @Test("A rebuild with nothing changed leaves the site alone; one extra or renamed file makes it rewrite")
    func nothingChanged() throws {
        let root = try TestSupport.temporaryDirectory("unchanged")
        let output = root.appendingPathComponent("_site")
        let writer = SiteWriter(output: output.path)
        let files: [String: [UInt8]] = ["a/x.html": Array("x".utf8), "e\u{301}.html": [1]]
        try writer.write(files)
        let folder = try Self.inode(output)
        #expect(try writer.write(files) == 3)  // both files and the marker
        #expect(try Self.inode(output) == folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["_site"])
        // A file the new site does not have: the site is rewritten without it.
        try Data("stray".utf8).write(to: output.appendingPathComponent("a/stray.html"))
        #expect(try writer.write(files) == 3)
        #expect(try Self.inode(output) != folder)
        #expect(try TestSupport.tree(output).map(\.0) == [".typeahead-site", "a/x.html", "e\u{301}.html"])
        // The same name in another normal form is another file.
        let renamed = try Self.inode(output)
        try writer.write(["a/x.html": Array("x".utf8), "\u{e9}.html": [1]])
        #expect(try Self.inode(output) != renamed)
        #expect(try TestSupport.tree(output).map(\.0).last?.unicodeScalars.first == "\u{e9}")
    }
}

@Suite("The swap, the lock and what interrupted builds leave")
struct SiteSwapTests {
    @Test("The exchange swaps two folders in one step (Linux renameat2 RENAME_EXCHANGE)")
    func exchange() throws {
        let root = try TestSupport.temporaryDirectory("swap")
        let a = root.appendingPathComponent("a")
        let b = root.appendingPathComponent("b")
        try TestSupport.write("A", to: "f", in: a)
        try TestSupport.write("B", to: "f", in: b)
        #expect(SiteWriter.exchange(a.path, b.path))
        #expect(try String(contentsOf: a.appendingPathComponent("f"), encoding: .utf8) == "B")
        #expect(try String(contentsOf: b.appendingPathComponent("f"), encoding: .utf8) == "A")
        #expect(!SiteWriter.exchange(a.path, root.appendingPathComponent("missing").path))
    }

    @Test("A rebuild never leaves the site missing: index.html is there at every moment")
    func neverMissing() throws {
        let root = try TestSupport.temporaryDirectory("swap")
        let output = root.appendingPathComponent("_site")
        try SiteWriter(output: output.path).write(["index.html": Array("0".utf8)])
        let index = output.appendingPathComponent("index.html").path
        let stop = Mutex(false)
        let missing = Mutex(0)
        let polls = Mutex(0)
        let poller = Thread {
            while !stop.withLock({ $0 }) {
                if access(index, F_OK) != 0 { missing.withLock { $0 += 1 } }
                polls.withLock { $0 += 1 }
            }
        }
        poller.start()
        for n in 1...20 { try SiteWriter(output: output.path).write(["index.html": Array("\(n)".utf8)]) }
        stop.withLock { $0 = true }
        while !poller.isFinished { usleep(1000) }
        #expect(polls.withLock { $0 } > 100)
        #expect(missing.withLock { $0 } == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["_site"])
    }

    @Test("A second build of the same site while one is writing fails at once, naming the lock")
    func lock() throws {
        let root = try TestSupport.temporaryDirectory("swap")
        let output = root.appendingPathComponent("_site")
        try SiteWriter(output: output.path).write(["index.html": Array("old".utf8)])
        let lockPath = root.appendingPathComponent("._site.typeahead-lock").path
        let held = open(lockPath, O_RDWR | O_CREAT, 0o644)
        #expect(flock(held, LOCK_EX) == 0)
        do {
            try SiteWriter(output: output.path).write(["index.html": Array("new".utf8)])
            Issue.record("the second build should have failed")
        } catch {
            #expect(error.description.contains("another typeahead build is writing"))
            #expect(error.description.contains(lockPath))
        }
        close(held)
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "old")
        try SiteWriter(output: output.path).write(["index.html": Array("new".utf8)])
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "new")
    }

    @Test("The next build reclaims what killed builds left, and restores a site left between two renames")
    func leftovers() throws {
        let root = try TestSupport.temporaryDirectory("swap")
        let output = root.appendingPathComponent("_site")
        try SiteWriter(output: output.path).write(["index.html": Array("old".utf8)])
        // Killed while writing: a temporary folder. Killed between the two renames (where the
        // exchange is not available): the site only under its retired name.
        try TestSupport.write("half", to: "index.html", in: root.appendingPathComponent("._site.typeahead-new-99999"))
        try FileManager.default.moveItem(
            at: output, to: root.appendingPathComponent("._site.typeahead-old-99998"))
        // Even a build that then fails puts the old site back.
        #expect(throws: SiteWriteError.self) {
            try SiteWriter(output: output.path).write(["a.html": [1], "../escape.html": [2]])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["_site"])
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "old")
        try SiteWriter(output: output.path).write(["index.html": Array("new".utf8)])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["_site"])
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "new")
    }
}
