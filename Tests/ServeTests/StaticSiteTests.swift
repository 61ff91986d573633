import Foundation
import Testing
import TypeaheadTestSupport

@testable import TypeaheadServe

/// The preview's files: what is served, what never is, and the HTTP details (ETag, ranges).
struct StaticSiteTests {
    /// A site folder with an index page, a folder with its own, a script, a hidden file, and a
    /// link leading out of the site.
    static func site() throws -> (StaticSite, URL) {
        let folder = try TestSupport.temporaryDirectory("static-site")
        let outside = try TestSupport.temporaryDirectory("outside")
        try TestSupport.write("<h1>home</h1>", to: "site/index.html", in: folder)
        try TestSupport.write("<h1>report</h1>", to: "site/report/index.html", in: folder)
        try TestSupport.write("0123456789", to: "site/data/digits.js", in: folder)
        try TestSupport.write("a b", to: "site/data/with space.txt", in: folder)
        try TestSupport.write("marker", to: "site/.typeahead-site", in: folder)
        try TestSupport.write("secret", to: "secret.txt", in: outside)
        try TestSupport.write("no index", to: "site/empty/file.css", in: folder)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/site/leak.txt", withDestinationPath: outside.path + "/secret.txt")
        // A folder whose index is a link out of the site (the red team's second round).
        try FileManager.default.createDirectory(atPath: folder.path + "/site/trap", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path + "/site/trap/index.html", withDestinationPath: outside.path + "/secret.txt")
        return (try StaticSite(folder: folder.path + "/site"), folder)
    }

    static func get(_ site: StaticSite, _ path: String, _ headers: [String: String] = [:], method: String = "GET")
        -> HTTPResponse
    {
        site.respond(to: HTTPRequest(method: method, path: path, headers: headers))
    }

    @Test func servesFilesWithTheirTypeAndAFolderItsIndex() throws {
        let (site, _) = try Self.site()
        let home = Self.get(site, "/")
        #expect(home.status == 200)
        #expect(home.header("Content-Type") == "text/html; charset=utf-8")
        #expect(String(decoding: home.bodyBytes, as: UTF8.self) == "<h1>home</h1>")
        #expect(Self.get(site, "/report/").bodyBytes == Array("<h1>report</h1>".utf8))
        let script = Self.get(site, "/data/digits.js")
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(script.header("X-Content-Type-Options") == "nosniff")
        #expect(Self.get(site, "/data/with space.txt").bodyBytes == Array("a b".utf8))
        #expect(Self.get(site, "/./data//digits.js").status == 200)
    }

    @Test func aFolderWithoutItsSlashIsRedirectedAndOneWithoutIndexIsNotListed() throws {
        let (site, _) = try Self.site()
        let moved = Self.get(site, "/report")
        #expect(moved.status == 301)
        #expect(moved.header("Location") == "/report/")
        // Never a protocol-relative location (another host), whatever the slashes.
        #expect(Self.get(site, "//report").header("Location") == "/report/")
        #expect(Self.get(site, "/./report").header("Location") == "/report/")
        #expect(Self.get(site, "/empty/").status == 404)
        // An index.html that is a link leading out of the site is not served either.
        #expect(Self.get(site, "/trap/").status == 404)
        #expect(Self.get(site, "/trap/index.html").status == 404)
        #expect(Self.get(site, "/data/").status == 404)
    }

    @Test func nothingOutsideTheSiteNorHiddenIsServed() throws {
        let (site, _) = try Self.site()
        for path in [
            "/../secret.txt", "/data/../../secret.txt", "/..", "/.typeahead-site", "/data/..%2f..%2fsecret.txt",
            "/leak.txt", "relative", "/data\\..\\..\\secret.txt", "/missing.html",
        ] {
            let response = Self.get(site, path)
            #expect(response.status == 404, "\(path)")
            #expect(response.header("Content-Type") == "text/html; charset=utf-8")
            #expect(String(decoding: response.bodyBytes, as: UTF8.self).contains("Back to the search"))
        }
        #expect(StaticSite.segments("/a/./b//c/") == ["a", "b", "c"])
        #expect(StaticSite.segments("/a/../b") == nil)
        #expect(StaticSite.segments("/a/.git/config") == nil)
    }

    @Test func onlyGetAndHeadAreAllowed() throws {
        let (site, _) = try Self.site()
        let posted = Self.get(site, "/index.html", method: "POST")
        #expect(posted.status == 405)
        #expect(posted.header("Allow") == "GET, HEAD")
        #expect(Self.get(site, "/index.html", method: "HEAD").status == 200)
    }

    @Test func anETagAnswersIfNoneMatchWith304() throws {
        let (site, _) = try Self.site()
        let first = Self.get(site, "/data/digits.js")
        let tag = try #require(first.header("ETag"))
        #expect(tag.hasPrefix("\"a-"))
        let again = Self.get(site, "/data/digits.js", ["If-None-Match": tag])
        #expect(again.status == 304)
        #expect(again.bodyBytes.isEmpty)
        #expect(again.header("ETag") == tag)
        #expect(Self.get(site, "/data/digits.js", ["If-None-Match": "\"other\", W/\(tag)"]).status == 304)
        #expect(Self.get(site, "/data/digits.js", ["If-None-Match": "*"]).status == 304)
        #expect(Self.get(site, "/data/digits.js", ["If-None-Match": "\"other\""]).status == 200)
    }

    @Test func aChangedFileGetsANewETag() throws {
        let (site, folder) = try Self.site()
        let before = Self.get(site, "/data/digits.js").header("ETag")
        try TestSupport.write("01234567890", to: "site/data/digits.js", in: folder)
        #expect(Self.get(site, "/data/digits.js").header("ETag") != before)
    }

    @Test func oneByteRangeIsAnswered206AndOneOutsideTheFile416() throws {
        let (site, _) = try Self.site()
        let part = Self.get(site, "/data/digits.js", ["Range": "bytes=2-4"])
        #expect(part.status == 206)
        #expect(part.header("Content-Range") == "bytes 2-4/10")
        #expect(part.bodyBytes == Array("234".utf8))
        #expect(Self.get(site, "/data/digits.js", ["Range": "bytes=7-"]).bodyBytes == Array("789".utf8))
        #expect(Self.get(site, "/data/digits.js", ["Range": "bytes=-2"]).bodyBytes == Array("89".utf8))
        #expect(Self.get(site, "/data/digits.js", ["Range": "bytes=8-100"]).bodyBytes == Array("89".utf8))
        let outside = Self.get(site, "/data/digits.js", ["Range": "bytes=10-12"])
        #expect(outside.status == 416)
        #expect(outside.header("Content-Range") == "bytes */10")
        // Several ranges, or a malformed one: the whole file.
        #expect(Self.get(site, "/data/digits.js", ["Range": "bytes=0-1,4-5"]).status == 200)
        #expect(Self.get(site, "/data/digits.js", ["Range": "bytes=x-1"]).status == 200)
        #expect(Self.get(site, "/data/digits.js", ["Range": "lines=1-2"]).status == 200)
        #expect(StaticSite.range("bytes=5-2", size: 10) == .whole)
        #expect(StaticSite.range("bytes=-0", size: 10) == .unsatisfiable)
        #expect(StaticSite.range("bytes=0-", size: 0) == .unsatisfiable)
    }

    @Test func aMissingFolderIsAClearError() {
        #expect(throws: HTTPServerError.self) { try StaticSite(folder: "/no/such/folder") }
    }
}
