import IngestTestSupport
import XCTest
@testable import IngestSpell

/// The tokenizer's fast paths (ASCII without Unicode's property tables, words built as UTF-8,
/// addresses judged on scalars) give what the plain definitions give. Seeded property test over
/// texts drawn from an alphabet made to hit every case: capitals and accents, apostrophes and
/// hyphens at word edges, sentence ends, address marks, digits, combining marks, a scalar beyond
/// the BMP (two UTF-16 units), spaces of several kinds.
final class TokenizerTests: XCTestCase {
    static let alphabet: [Unicode.Scalar] = [
        "a", "b", "e", "l", "W", "w", "H", "t", "p", "É", "é", "È", "œ", "Ç", "ß", "Σ", "σ", "1", "9", "²", "½",
        "'", "\u{2019}", "-", "\u{2011}", ".", ":", "/", "@", "<", "!", "?", "«", "»", "(", "\"", "\u{2014}",
        " ", " ", " ", "\n", "\u{00A0}", "\u{202F}", "\u{0301}", "😀", "_", "…",
    ]

    func testTokensMatchThePlainDefinition() {
        for seed in UInt64(1)...300 {
            var g = SeededGenerator(seed: seed)
            var view = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...120, using: &g) {
                // Runs of one kind make words, addresses and `www.` prefixes likely.
                if Int.random(in: 0..<12, using: &g) == 0 {
                    view.append(contentsOf: ["www.", "http://", "a@b", "<http", "WWW.", "<www."].randomElement(using: &g)!.unicodeScalars)
                } else {
                    view.append(Self.alphabet.randomElement(using: &g)!)
                }
            }
            let text = String(view)
            let fast = Tokenizer.tokens(text), plain = Reference.tokens(text)
            XCTAssertEqual(fast, plain, "seed \(seed): \(text.debugDescription)")
            guard fast == plain else { continue }
            for (f, p) in zip(fast, plain) {
                XCTAssertEqual(f.isAllCaps, Reference.isAllCaps(p.text), "seed \(seed): \(p.text)")
                XCTAssertEqual(f.isCapitalized, Reference.isCapitalized(p.text), "seed \(seed): \(p.text)")
                XCTAssertEqual(f.letterCount, Reference.letterCount(p.text), "seed \(seed): \(p.text)")
                XCTAssertEqual(f.hasDigit, Reference.hasDigit(p.text), "seed \(seed): \(p.text)")
            }
        }
    }

    func testAddressesAreNotWords() {
        let words = Tokenizer.tokens("Voir https://exemple.fr/cours, www.Site.org et prof@lycee.fr. Fin.").map(\.text)
        XCTAssertEqual(words, ["Voir", "et", "Fin"])
    }

    /// The definitions, written the plain way (what the tokenizer was before its fast paths).
    enum Reference {
        static func isWord(_ s: Unicode.Scalar) -> Bool {
            s.properties.isAlphabetic || s.properties.numericType != nil || s.properties.generalCategory == .nonspacingMark
        }
        /// On the chunk's UTF-8 bytes (a combining mark after `@` or `p` does not hide them).
        static func isAddress(_ chunk: String) -> Bool {
            let bytes = Array(chunk.utf8)
            let lower = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
            func contains(_ needle: String) -> Bool {
                let n = Array(needle.utf8)
                return bytes.count >= n.count && (0...(bytes.count - n.count)).contains { Array(bytes[$0..<($0 + n.count)]) == n }
            }
            return contains("://") || contains("@") || lower.starts(with: Array("www.".utf8))
                || lower.starts(with: Array("<www.".utf8)) || bytes.starts(with: Array("<http".utf8))
        }
        static func tokens(_ text: String) -> [WordToken] {
            let scalars = Array(text.unicodeScalars)
            var addresses: [Range<Int>] = []
            var i = 0
            while i < scalars.count {
                while i < scalars.count, scalars[i].properties.isWhitespace { i += 1 }
                let start = i
                while i < scalars.count, !scalars[i].properties.isWhitespace { i += 1 }
                if i > start, isAddress(String(String.UnicodeScalarView(scalars[start..<i]))) { addresses.append(start..<i) }
            }
            var out: [WordToken] = []
            var utf16 = 0
            var last: Unicode.Scalar?
            i = 0
            while i < scalars.count {
                if let a = addresses.first(where: { $0.contains(i) }) {
                    for k in a { utf16 += scalars[k].utf16.count }
                    i = a.upperBound
                    last = scalars[a.upperBound - 1]
                    continue
                }
                let s = scalars[i]
                guard isWord(s) else {
                    if !(s.properties.isWhitespace || "«\"“([".unicodeScalars.contains(s)) { last = s }
                    utf16 += s.utf16.count
                    i += 1
                    continue
                }
                let start = utf16
                var word = String.UnicodeScalarView()
                while i < scalars.count {
                    let c = scalars[i]
                    let joiner = c == "'" || c == "\u{2019}" || c == "-" || c == "\u{2011}"
                    if isWord(c) || (joiner && i + 1 < scalars.count && isWord(scalars[i + 1]) && !word.isEmpty) {
                        word.append(c)
                    } else { break }
                    utf16 += c.utf16.count
                    i += 1
                }
                let opens = last.map { ".!?…:;•\u{2014}".unicodeScalars.contains($0) } ?? true
                out.append(WordToken(text: String(word), offset: start, opensSentence: opens))
                last = word.last
            }
            return out
        }
        static func letters(_ w: String) -> [Unicode.Scalar] { w.unicodeScalars.filter { $0.properties.isAlphabetic } }
        static func isAllCaps(_ w: String) -> Bool { letters(w).count >= 2 && letters(w).allSatisfy { $0.properties.isUppercase } }
        static func isCapitalized(_ w: String) -> Bool { (w.unicodeScalars.first?.properties.isUppercase ?? false) && !isAllCaps(w) }
        static func letterCount(_ w: String) -> Int { letters(w).count }
        static func hasDigit(_ w: String) -> Bool { w.unicodeScalars.contains { $0.properties.numericType != nil } }
    }
}
