import Dispatch
import Foundation
import Testing

@testable import TypeaheadSuggest

@Suite("exclude patterns: a regular expression in linear time")
struct LinearRegexTests {
    static let patterns = [
        "^free", "free", "s\\d$", "\\d{5,}", "^test", "a|b", "(ab)+c", "colou?r", "gr[ae]y", "[^a-z ]",
        "\\bcase\\b", "\\Bcase", "^(iphone|ipad) \\d+$", "x{2,3}", "(?:ab|cd){2}", "\\w+\\s\\w+", "^$", ".*",
        "a.c", "\\.", "[0-9]{3}-[0-9]{4}", "(a*)*b", "(a|ab)(c|bcd)(d*)", "[\\d-]+", "^.{3}$", "é", "S7",
        "[A-Z]", "z*", "(a+)+$", "q{0}", "\\$5", "a{2}b?", "[]a]", "[a-]", "[\\w.]+@",
    ]
    static let texts = [
        "", "free phone", "phones for free", "galaxy s7", "galaxy s", "12345", "1234", "test", "a test", "ab",
        "ababc", "color", "colour", "grey", "gray", "iphone case", "cases", "showcase", "iphone 7", "ipad 12",
        "ipad pro", "xx", "xxxx", "abcd", "cdab", "hello world", "abc", "a.c", "555-1234", "aaab", "abcdd",
        "é", "e\u{301}", "s7 edge", "$5 deal", "]", "-", "me@x", "aaaaaaaaaaaaaaaaaaaab",
    ]

    @Test("Matches exactly where NSRegularExpression (case-insensitive) finds a match, on every pair")
    func agreesWithFoundation() throws {
        var checked = 0
        for pattern in Self.patterns {
            let mine = try LinearRegex(pattern)
            let reference = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
            for text in Self.texts {
                let expected =
                    reference.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                #expect(mine.matches(text) == expected, "\(pattern) on \"\(text)\"")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    @Test("A pattern that makes a backtracking engine take minutes runs in milliseconds")
    func noBacktracking() throws {
        let text = String(repeating: "a", count: 200) + "b"
        for pattern in ["(a+)+$", "(a|a)*$", "a*a*a*a*a*a*c", "(a|aa)+$", "(.*)*x", "^(a?){50}a{50}$"] {
            let regex = try LinearRegex(pattern)
            let started = DispatchTime.now().uptimeNanoseconds
            _ = regex.matches(text)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            #expect(seconds < 1, "\(pattern): \(seconds) s")
        }
        #expect(try LinearRegex("^(a?){50}a{50}$").matches(String(repeating: "a", count: 50)))
        #expect(try !LinearRegex("(a+)+$").matches("b"))
    }

    @Test(
        "What needs backtracking or changes the rules is refused with its reason and place",
        arguments: [
            ("(a)\\1", "backreferences are not supported at character 4"),
            ("(?=a)", "lookaround, named groups and inline flags are not supported at character 1"),
            ("(?i)a", "lookaround, named groups and inline flags are not supported at character 1"),
            ("a++", "possessive quantifiers are not supported at character 3"),
            ("(a", "unclosed ( at character 1"),
            ("a)", "unmatched ) at character 2"),
            ("[a", "unclosed [ at character 1"),
            ("*a", "a quantifier needs something to repeat at character 1"),
            ("a{3,1}", "{3,1}: the maximum is below the minimum at character 2"),
            ("a{1000}", "repeats are limited to 100 at character 2"),
            ("\\q", "unknown escape \\q at character 1"),
            ("a\\", "a pattern cannot end with \\ at character 2"),
            ("^*", "a quantifier needs something to repeat at character 1"),
        ])
    func refused(pattern: String, reason: String) {
        #expect(throws: LinearRegex.SyntaxError.self) { try LinearRegex(pattern) }
        do {
            _ = try LinearRegex(pattern)
        } catch {
            #expect(error.description == reason)
        }
        #expect(ExcludeRule.problem(pattern) == "not a valid regular expression: \"\(pattern)\": \(reason)")
    }

    @Test("A pattern whose repeats expand past the program's bound is refused")
    func tooLarge() {
        #expect(throws: LinearRegex.SyntaxError.self) { try LinearRegex("((((a{100}){100}){100}){100})") }
    }

    @Test("Nesting and length are bounded before anything recurses (50,000 nested groups crashed the parser)")
    func deepOrLong() {
        let deep = String(repeating: "(", count: 65) + "a" + String(repeating: ")", count: 65)
        #expect(ExcludeRule.problem(deep)?.hasSuffix("groups nested more than 64 deep at character 65") == true)
        let fine = String(repeating: "(", count: 64) + "a" + String(repeating: ")", count: 64)
        #expect(throws: Never.self) { try LinearRegex(fine) }
        let huge = String(repeating: "(", count: 50_000) + "a" + String(repeating: ")", count: 50_000)
        #expect(ExcludeRule.problem(huge)?.hasSuffix("longer than 1000 characters at character 1") == true)
        #expect(ExcludeRule.problem(String(repeating: "a?", count: 500)) == nil)
    }
}
