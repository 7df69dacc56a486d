import Foundation
@testable import IngestStudySheet
import XCTest

/// The definition finder trims with its own scalar loop instead of Foundation's
/// `trimmingCharacters(in:)` (a round trip through UTF-16): the results must be Foundation's.
final class SpaceTrimmingTests: XCTestCase {
    /// Every Unicode scalar, at both ends of a word: trimmed as Foundation trims.
    func testEveryScalarTrimsAsFoundation() {
        var differing: [String] = []
        let quotes = CharacterSet(charactersIn: " ,;«»\"“”'‘’").union(.whitespaces)
        for value in 0...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let s = String(String.UnicodeScalarView([scalar]))
            let text = s + "mot" + s
            if text.trimmingSpaces() != text.trimmingCharacters(in: .whitespaces) { differing.append(String(value, radix: 16)) }
            let term = s + "terme" + s
            if term.trimmingScalars(where: { isTrimmedSpace($0) || DefinitionRecognizer.termQuotes.contains($0) })
                != term.trimmingCharacters(in: quotes) { differing.append("term " + String(value, radix: 16)) }
            let word = s + "mot" + s
            if word.trimmingScalars(where: { DefinitionRecognizer.wordPunctuation.contains($0) })
                != word.trimmingCharacters(in: CharacterSet(charactersIn: ".,;!?()«»\"“”")) { differing.append("word " + String(value, radix: 16)) }
        }
        XCTAssertEqual(differing, [])
    }

    /// Combining marks after a trimmed space and spaces on both sides, as real lines have them.
    func testLinesTrimAsFoundation() {
        let lines = ["  \u{00A0}Onde mécanique :\u{202F}", "\t• Gène : fragment d'ADN ", " \u{301}e ", "\u{200B}mot\u{3000}",
                     "«\u{00A0}terme\u{00A0}»", "", "   ", "e\u{301} \u{301}", "👍 : pouce \u{2009}"]
        for line in lines {
            XCTAssertEqual(line.trimmingSpaces(), line.trimmingCharacters(in: .whitespaces), line)
            XCTAssertEqual(Substring(line).trimmingSpaces(), line.trimmingCharacters(in: .whitespaces), line)
        }
    }
}
