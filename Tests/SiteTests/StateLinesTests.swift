import Testing

@testable import TypeaheadSite

/// The incremental build's state and previous answers are read byte by byte where they are as the
/// build writes them; anything else is read as JSON, or refused.
@Suite("Reading the state's lines")
struct StateLinesTests {
    @Test("An answer's line reads the same byte by byte as through the JSON parser, whatever its text")
    func answerLines() {
        let lines: [(String, (text: String, numbers: [Int32], nbHits: Int, relaxed: Bool)?)] = [
            (#"["0 1",536,[24950,29212,0],[0,4,0]]"#, ("0 1", [24950, 29212, 0], 536, false)),
            (#"["iphone case",3,[],[]]"#, ("iphone case", [], 3, false)),
            (#"["usb c c",12,[7],[1],6]"#, ("usb c c", [7], 12, true)),
            // Escaped and non-ASCII texts are read as JSON.
            (#"["\u003cb\u003e",1,[5],[0]]"#, ("<b>", [5], 1, false)),
            (#"["café",2,[1,2],[0,0]]"#, ("café", [1, 2], 2, false)),
            (#"["a\"b",2,[1,2],[0,0]]"#, ("a\"b", [1, 2], 2, false)),
            // Not answers' lines.
            (#"["a",01,[1],[0]]"#, nil),
            (#"["a",1,[1],[0]]]"#, nil),
            (#"["a",1,[1,],[0]]"#, nil),
            (#"["a",1,[1]]"#, nil),
            (#"[7,"0001335",39.49]"#, nil),
            ("", nil),
        ]
        for (line, expected) in lines {
            let read = PreviousAnswers.answer(ArraySlice(Array(line.utf8)))
            #expect(read?.text == expected?.text, "\(line)")
            #expect(read?.numbers == expected?.numbers, "\(line)")
            #expect(read?.nbHits == expected?.nbHits, "\(line)")
            #expect(read?.relaxed == expected?.relaxed, "\(line)")
        }
    }

    @Test("A line of the state's list of files gives its size, time and path, or nothing when broken")
    func fileLines() {
        let read = { (line: String) in BuildState.stampLine(ArraySlice(Array(line.utf8))) }
        #expect(read("12 1764000000123456789 data/x.js")?.path == "data/x.js")
        #expect(read("12 1764000000123456789 data/x.js")?.stamp == .init(size: 12, modified: 1_764_000_000_123_456_789))
        #expect(read("0 5 a b.html")?.path == "a b.html")
        #expect(read("0 5 a b.html")?.stamp == .init(size: 0, modified: 5))
        // A time before 1970 (a size is never negative).
        #expect(read("3 -1500000000 old.html")?.stamp == .init(size: 3, modified: -1_500_000_000))
        for broken in ["12  x", "-1 2 p", "1 - p", "1 --2 p", "1 2", "1 2 ", "99999999999999999999 1 p", "1x 2 p", ""] {
            #expect(read(broken) == nil, "\(broken)")
        }
    }
}
