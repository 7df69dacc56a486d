import Foundation
import IngestTestSupport
import XCTest
@testable import IngestCore

final class SchemaPatternTests: XCTestCase {
    /// Every `pattern` of our two schemas, read from the files.
    func schemaPatterns() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var patterns: [String] = []
        func collect(_ v: JSONValue) {
            if let o = v.objectValue {
                if let p = o["pattern"]?.stringValue { patterns.append(p) }
                o.values.forEach(collect)
            } else if let a = v.arrayValue { a.forEach(collect) }
        }
        for name in ["pipeline.schema.json", "imported-document.schema.json"] {
            collect(try JSONValue.parse(Data(contentsOf: root.appendingPathComponent("schemas/\(name)"))))
        }
        return patterns
    }

    func testEverySchemaPatternCompiles() throws {
        let patterns = try schemaPatterns()
        XCTAssertGreaterThanOrEqual(patterns.count, 8)
        for p in patterns { XCTAssertNoThrow(try SchemaPattern(p), p) }
    }

    func testExamples() throws {
        let cases: [(String, String, Bool)] = [
            ("^[0-9a-f]{64}$", String(repeating: "a1", count: 32), true),
            ("^[0-9a-f]{64}$", String(repeating: "a1", count: 32) + "0", false),
            ("^[0-9a-f]{64}$", String(repeating: "A1", count: 32), false),
            ("^([a-z]{2,3}|und)$", "fr", true), ("^([a-z]{2,3}|und)$", "und", true), ("^([a-z]{2,3}|und)$", "fren", false),
            ("^[a-z_]{3,}(\\+[a-z_]{3,})*$", "fra+eng", true), ("^[a-z_]{3,}(\\+[a-z_]{3,})*$", "fra+", false),
            ("^https?://[^\\s]+$", "https://example.org/a", true), ("^https?://[^\\s]+$", "http://a b", false),
            ("^[a-z][A-Za-z0-9]*(\\.[a-zA-Z][A-Za-z0-9]*)+$", "pdf.encrypted", true),
            ("^[a-z][A-Za-z0-9]*(\\.[a-zA-Z][A-Za-z0-9]*)+$", "pdf", false),
            ("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}", "2026-12-01T21:15:12Z", true),
            ("b+", "aaabbb", true),                    // found anywhere, unanchored
            ("^a$", "a\n", false),                     // ECMA-262: `$` is the end of input only
            ("a.c", "a\nc", false), ("a.c", "aéc", true),
            ("[]", "x", false), ("[^]", "x", true),
            ("x{2}", "x{2}", false), ("a{,2}", "a{,2}", true), // a brace that is no quantifier is a literal
            ("(?:ab)+?c", "ababc", true), ("(a*)*b", String(repeating: "a", count: 12), false),
            ("(a*)*b", String(repeating: "a", count: 40), true), // catastrophic backtracking: gives up, counts as a match
        ]
        for (pattern, input, expected) in cases {
            XCTAssertEqual(try SchemaPattern(pattern).matches(input), expected, "\(pattern) on \(input.debugDescription)")
        }
    }

    func testUnsupportedSyntaxIsRefused() {
        for p in ["(a", "a)", "[a", "*a", "a{3,2}", "\\1", "\\bword", "(?=a)", "\\p{L}", "[z-a]", "^*"] {
            XCTAssertThrowsError(try SchemaPattern(p), p)
        }
    }

    /// Seeded property: on strings over each pattern's own alphabet (plus a few strangers), our
    /// matcher agrees with Foundation's NSRegularExpression (ICU), used here only as an oracle.
    func testAgreesWithNSRegularExpressionOnRandomStrings() throws {
        var rng = SeededGenerator(seed: 0x5C4E_3A11)
        let extra: [Character] = ["a", "z", "A", "0", "9", "-", "+", ".", ":", "/", " ", "_", "é", "T", "h", "t", "p", "s", "u", "n", "d"]
        let patterns = try schemaPatterns() + ["a|b|", "(ab|a)(bc|c)?x", "[\\d.]+e?", "colou?r", "[^a-c]{2,4}$"]
        for pattern in patterns {
            let ours = try SchemaPattern(pattern)
            let icu = try NSRegularExpression(pattern: pattern)
            let alphabet = Array(Set(pattern.filter { !$0.isNewline }).union(extra))
            for _ in 0..<400 {
                let length = Int.random(in: 0...70, using: &rng)
                let s = String((0..<length).map { _ in alphabet.randomElement(using: &rng)! })
                let expected = icu.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil
                XCTAssertEqual(ours.matches(s), expected, "seed 0x5C4E3A11, pattern \(pattern), input \(s.debugDescription)")
            }
        }
    }
}
