import Foundation
@testable import IngestStudySheet
import IngestTestSupport
import XCTest

/// `LexiconTable` answers what a `[String: Classes]` answered: canonical equivalence for keys, the
/// union of the classes a word is given, nil for a word it does not hold.
final class LexiconTableTests: XCTestCase {
    typealias Classes = Lexicon.Classes

    /// Seeded words of ASCII, Latin-1, Greek, combining marks and compatibility singletons
    /// (`Ω` OHM SIGN and `Ω` OMEGA, `é` and `e` + U+0301, `Å` ANGSTROM SIGN), inserted and asked
    /// in both tables, past the table's first size.
    func testAnswersAsADictionary() {
        let pieces = ["a", "b", "é", "e\u{301}", "Ω", "\u{2126}", "Å", "\u{212B}", "A\u{30A}", "ß", "œ", "ω", "ק", "\u{5B8}", "\u{5B4}",
                      "ग़", "\u{958}", "_", "'", "x", "yz", "한", "\u{1112}\u{1161}\u{11AB}"]
        let classes: [Classes] = [.noun, .verb, .adjective, .adverb, [.noun, .verb]]
        var rng = SeededGenerator(seed: 0x1E_C51C)
        var reference: [String: Classes] = [:]
        var table = LexiconTable(capacity: 4)
        for _ in 0..<3000 {
            let word = (0..<Int.random(in: 1...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let cls = classes.randomElement(using: &rng)!
            reference[word, default: []].formUnion(cls)
            if Bool.random(using: &rng) { table.insert(word, cls) } else {
                var bytes = word
                bytes.withUTF8 { table.insert(bytes: $0, cls) }
            }
        }
        XCTAssertEqual(table.count, reference.count)
        for (word, cls) in reference { XCTAssertEqual(table[word], cls, word) }
        for _ in 0..<3000 {
            let word = (0..<Int.random(in: 1...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            XCTAssertEqual(table[word], reference[word], word)
        }
        XCTAssertNil(LexiconTable()["a"])
        XCTAssertTrue(LexiconTable().isEmpty)
    }

    /// The machine's lexicon read into tables holds what the same files read into dictionaries
    /// (the reading before the tables, kept here as the reference): every word with its classes.
    func testTheMachinesLexiconAsDictionariesReadIt() throws {
        let wordNet = URL(fileURLWithPath: "/usr/share/wordnet"), frDic = URL(fileURLWithPath: "/usr/share/hunspell/fr.dic")
        guard FileManager.default.fileExists(atPath: wordNet.appendingPathComponent("index.noun").path),
              FileManager.default.fileExists(atPath: frDic.path) else {
            try missingTool("WordNet or fr.dic is not installed (apt-get install wordnet-base hunspell-fr)")
            return
        }
        func lines(_ url: URL) -> [Substring] {
            (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n") ?? []
        }
        var english: [String: Classes] = [:], irregular: [String: Classes] = [:], french: [String: Classes] = [:]
        for (file, cls) in [("index.noun", Classes.noun), ("index.verb", .verb), ("index.adj", .adjective), ("index.adv", .adverb)] {
            for line in lines(wordNet.appendingPathComponent(file)) where !line.hasPrefix(" ") {
                guard let space = line.firstIndex(of: " ") else { continue }
                english[String(line[..<space]), default: []].insert(cls)
            }
        }
        for (file, cls) in [("noun.exc", Classes.noun), ("verb.exc", .verb), ("adj.exc", .adjective)] {
            for line in lines(wordNet.appendingPathComponent(file)) {
                guard let space = line.firstIndex(of: " ") else { continue }
                irregular[String(line[..<space]), default: []].insert(cls)
            }
        }
        for line in lines(frDic) {
            guard let end = line.firstIndex(where: { $0 == "/" || $0 == " " || $0 == "\t" }) else { continue }
            var cls: Classes = []
            for field in line[end...].split(whereSeparator: { $0 == " " || $0 == "\t" }) where field.hasPrefix("po:") {
                let value = field.dropFirst(3)
                if value.hasPrefix("nom") { cls.insert(.noun) } else if value.hasPrefix("adj") { cls.insert(.adjective) }
                else if value.hasPrefix("adv") { cls.insert(.adverb) }
                else if value.first == "v", value.dropFirst().first?.isASCII == true, value.dropFirst().first?.isNumber == true { cls.insert(.verb) }
            }
            guard !cls.isEmpty else { continue }
            french[String(line[..<end]).lowercased(), default: []].formUnion(cls)
        }
        let lexicon = Lexicon(wordNet: wordNet, frenchDictionary: frDic)
        for (name, table, reference) in [("english", lexicon.english, english), ("irregular", lexicon.englishIrregular, irregular),
                                         ("french", lexicon.french, french)] {
            XCTAssertEqual(table.count, reference.count, name)
            var wrong = 0
            for (word, cls) in reference where table[word] != cls { wrong += 1; if wrong < 5 { XCTFail("\(name): \(word)") } }
            XCTAssertEqual(wrong, 0, name)
        }
    }
}
