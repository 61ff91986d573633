import Testing
import TypeaheadModel

/// `utf8Less` is the order of everything the build sorts and emits: byte for byte, as UTF-8.
@Suite("The UTF-8 byte order")
struct UTF8OrderTests {
    @Test("utf8Less orders strings by their UTF-8 bytes, as the byte view's lexicographic order does")
    func byteOrder() {
        let texts = [
            "", "a", "ab", "abc", "b", "B", "a b", "a\u{0}", "zz", "é", "e\u{301}", "ÿ", "\u{7F}", "\u{80}", "日本",
            "日本語", "😀", "a😀", "long path/with/many/parts/and/more/than/sixteen/bytes.html",
            "long path/with/many/parts/and/more/than/sixteen/bytes.js", "data/products/answers/0-1-4e487118.js",
            "data/products/answers/0-appl-8e8e1954.js", String(repeating: "x", count: 40),
            String(repeating: "x", count: 41),
        ]
        for a in texts {
            for b in texts {
                #expect(
                    utf8Less(a, b) == a.utf8.lexicographicallyPrecedes(b.utf8),
                    "\(a.debugDescription) < \(b.debugDescription)")
            }
        }
        // A string bridged or sliced, not native, compares the same.
        let sliced = String("xxdata/a.js".dropFirst(2))
        #expect(utf8Less(sliced, "data/b.js") && !utf8Less("data/b.js", sliced))
    }
}
