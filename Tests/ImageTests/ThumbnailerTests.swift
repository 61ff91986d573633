import Foundation
import Synchronization
import Testing
import TypeaheadImages
import TypeaheadTestSupport

@testable import TypeaheadModel

@Suite("Pictures: libvips resizing, formats, limits, determinism")
struct ThumbnailerTests {
    static let fixtures = TestSupport.packageRoot.appendingPathComponent("Tests/ImageTests/Fixtures")

    static func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    @Test("PNG, PNG with alpha, JPEG and WebP become WebP thumbnails that fit the sizes, never enlarged")
    func formats() throws {
        for (name, format) in [
            ("phone.jpg", ImageFormat.jpeg), ("case.png", .png), ("cable.png", .png), ("watch.webp", .webp),
        ] {
            let bytes = try Self.fixture(name)
            #expect(ImageFormat.sniff(bytes) == format, "\(name)")
            let made = try Thumbnailer.make(bytes, sizes: [160, 600])
            #expect(made.count == 2)
            #expect((made[0].width, made[0].height) == (160, 120), "\(name): fits 160 × 160, keeps 4:3")
            #expect((made[1].width, made[1].height) == (240, 180), "\(name): 240 × 180 is not enlarged to 600")
            for thumbnail in made {
                #expect(ImageFormat.sniff(thumbnail.bytes) == .webp)
                #expect(thumbnail.fileName.hasSuffix(".webp") && thumbnail.fileName.count == 25)
            }
        }
    }

    @Test("A 3,000 × 2,000 JPEG shrinks to 160 × 107 and 600 × 400")
    func large() throws {
        let made = try Thumbnailer.make(try Self.fixture("large.jpg"), sizes: [160, 600])
        #expect(made.map(\.width) == [160, 600])
        #expect(made.map(\.height) == [107, 400])
        #expect(made[1].bytes.count < 85_750 / 4)
    }

    @Test("The same picture gives the same bytes and name, made alone or on many threads at once")
    func deterministic() throws {
        let bytes = try Self.fixture("large.jpg")
        let first = try Thumbnailer.make(bytes, sizes: [160, 600])
        let results = Mutex<[[Thumbnail]]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let made = try? Thumbnailer.make(bytes, sizes: [160, 600])
            results.withLock { $0.append(made ?? []) }
        }
        for made in results.withLock({ $0 }) {
            #expect(made == first)
        }
        #expect(first[0].fileName != first[1].fileName)
    }

    @Test(
        "Refused with a reason: SVG, a PNG header over garbage, a truncated JPEG, an empty file",
        arguments: [
            ("logo.svg", "not a PNG, JPEG or WebP image (an SVG or XML document)"),
            ("garbage.png", "a PNG file that cannot be"),
            ("truncated.jpg", "a JPEG file that cannot be decoded"),
        ])
    func refused(name: String, message: String) throws {
        #expect {
            _ = try Thumbnailer.make(try Self.fixture(name), sizes: [160])
        } throws: { error in
            (error as? ImageError)?.message.contains(message) == true
        }
        #expect(throws: ImageError("not a PNG, JPEG or WebP image (the file is empty)")) {
            _ = try Thumbnailer.make([], sizes: [160])
        }
    }

    @Test("A 12,000 × 12,000 PNG of 140 KB is refused by its pixels before it is decoded; a byte limit holds")
    func limits() throws {
        #expect(throws: ImageError("the image is 12000 × 12000 pixels, more than the limit of 50000000 pixels")) {
            _ = try Thumbnailer.make(try Self.fixture("bomb.png"), sizes: [160])
        }
        #expect(throws: ImageError("the file is 3425 bytes, more than the limit of 1000")) {
            _ = try Thumbnailer.make(try Self.fixture("phone.jpg"), sizes: [160], limits: ImageLimits(maxBytes: 1000))
        }
    }

    @Test("SHA-256 (GLib's) on FIPS 180-2's examples")
    func sha256() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test(
        "An image value is an http(s) URL or a path that stays inside Content/images/",
        arguments: [
            ("phones/a.jpg", ImageReference.local("phones/a.jpg")),
            ("HTTPS://cdn.example.com/a.jpg", .remote("HTTPS://cdn.example.com/a.jpg")),
            ("http://cdn.example.com/a b.jpg", nil),
            ("../secret.jpg", nil), ("a/../../b.jpg", nil), ("/etc/passwd", nil), ("a//b.jpg", nil),
            ("./a.jpg", nil), ("a\\b.jpg", nil), ("javascript:alert(1)", nil), ("data:image/png;base64,AA", nil),
            ("file:///etc/passwd", nil), ("C:/x.jpg", nil), ("https://", nil), ("a\u{0}.jpg", nil),
        ])
    func references(text: String, expected: ImageReference?) {
        switch ImageReference.parse(text) {
        case .success(let reference)?: #expect(reference == expected, "\(text)")
        case .failure?: #expect(expected == nil, "\(text) was refused")
        case nil: Issue.record("\(text) read as no image")
        }
        #expect(ImageReference.parse(nil) == nil)
        #expect(ImageReference.parse("  ") == nil)
    }

    /// An ASCII value is read over its bytes: it reads as the rules over characters read it.
    @Test("An ASCII image value reads the same over bytes as over characters, errors included")
    func asciiAsText() {
        let texts = [
            "", " ", " \t\n\r", "\r\n", " \r\n ", "a.jpg", " a.jpg", "phones/a.jpg", "HTTP://x/y.png", "hTtPs://x",
            "https://", "https:///a", "http://x /a", "http:/x", "http:x", "mailto:x", "a:b", "a/b:c", "Data:x",
            "./a", "../a", "a/./b", "a/../b", "a/.../b", "...", ".a/b.", "a//b", "a/", "/a", "\\a", "a\\b",
            "a\u{7F}b", "a\u{1F}b", "a\tb", "café/x.jpg", "https://é.example/x", "x\u{301}/y",
        ]
        for text in texts {
            #expect(ImageReference.parse(text) == ImageReference.parseText(text), "\(text.debugDescription)")
        }
    }

    @Test("The cache's index: one URL a line in byte order, read back as written, a bad entry named")
    func cacheIndex() throws {
        let folder = try TestSupport.temporaryDirectory("cache")
        var cache = ImageCache(contentDirectory: folder.path)
        let png = try Self.fixture("case.png")
        let name = try cache.store(png, format: .png)
        #expect(name == SHA256.hex(png) + ".png")
        cache.set("https://b.example/x.png", file: name)
        cache.set("https://a.example/é.png", file: name)
        try cache.saveIndex()
        let text = try String(contentsOfFile: cache.indexPath, encoding: .utf8)
        #expect(
            text
                == "{\"version\":1,\"images\":[\n[\"https://a.example/é.png\",\"\(name)\"],\n[\"https://b.example/x.png\",\"\(name)\"]\n]}\n"
        )
        let read = try ImageCache.load(contentDirectory: folder.path)
        #expect(read.path(for: "https://b.example/x.png") == folder.path + "/image-cache/" + name)
        #expect(read.path(for: "https://c.example/") == nil)
        try Data(#"{"version":1,"images":[["https://x","../../etc/passwd"]]}"#.utf8).write(
            to: URL(fileURLWithPath: cache.indexPath))
        #expect(throws: ContentError.self) { _ = try ImageCache.load(contentDirectory: folder.path) }
    }
}
