import Foundation
import IngestTestSupport
import XCTest
@testable import IngestQuality

final class TextSignalsTests: XCTestCase {
    static let french = Vocabulary(language: "fr", words: ["école", "élève", "Paris", "aujourd'hui", "le", "la", "à", "été", "être"])

    func testMojibakeSequences() {
        XCTAssertEqual(Mojibake.count(in: "dÃ©jÃ\u{A0}vu"), 2)          // é, à + NBSP
        XCTAssertEqual(Mojibake.count(in: "lâ€™Ã©tÃ©"), 3)             // ’ é é
        XCTAssertEqual(Mojibake.count(in: "â€œouiâ€\u{9D}"), 2)        // “ ” (0x9D kept as U+009D)
        XCTAssertEqual(Mojibake.count(in: "â€œouiâ€ fin"), 2)          // ” with its undefined byte dropped
        XCTAssertEqual(Mojibake.count(in: "voilÃ la fÃ¨ve, Ã§a"), 3)   // à (NBSP made a space), è, ç
        XCTAssertEqual(Mojibake.count(in: "Ã‰tÃ© Ã€ Paris"), 3)        // É é À
        XCTAssertEqual(Mojibake.count(in: "prixÂ : 5Â â‚¬"), 3)          // NBSP, NBSP, €
        XCTAssertEqual(Mojibake.count(in: "cÅ“ur, Å’uvre"), 2)         // œ Œ
        XCTAssertEqual(Mojibake.count(in: "ÃƒÂ©"), 2)                   // é encoded twice: two sequences
    }

    func testNoMojibakeInNormalText() {
        let clean = [
            "À la maison. Ça va ? Âge, Â, Ã, â, Å, Ä. Être ou ne pas être.",
            "Größe, Übung, Ärger, Öl — « guillemets » … 5 € – 3 °C ; l’été",
            "IRMÃ DE SÃO PAULO",
            "voilà\u{A0}» et à\u{A0}« fin",
        ]
        XCTAssertEqual(Mojibake.count(in: clean[0]), 0)
        XCTAssertEqual(Mojibake.count(in: clean[1]), 0)
        XCTAssertEqual(Mojibake.count(in: clean[2]), 0)
        XCTAssertEqual(Mojibake.count(in: clean[3]), 0)
        XCTAssertEqual(Mojibake.count(in: "â, ã, â"), 0)
        XCTAssertEqual(Mojibake.count(in: "Â"), 0)
    }

    func testSignalsOnCraftedText() {
        let s = TextSignals(text: "L'ecole de Paris est la\u{FFFD} ONU 2024 \u{FFFD}", language: "fr", vocabulary: Self.french)
        // Words: L ecole de Paris est la ONU 2024; checked: ecole de Paris est la (L: one letter,
        // ONU: capitals, 2024: digits).
        XCTAssertEqual(s.words, 8)
        XCTAssertEqual(s.characters, 35)
        XCTAssertEqual(s.replacementCharacters, 2)
        XCTAssertEqual(s.mojibake, 0)
        XCTAssertEqual(s.vocabulary, "fr")
        XCTAssertEqual(s.lostDiacritics, 1)                  // ecole
        XCTAssertEqual(s.outOfVocabularyRatio!, 3.0 / 5.0)   // ecole, de, est
    }

    func testSignalsWithoutOrWithAnotherLanguagesList() {
        let none = TextSignals(text: "Hello world", language: "en", vocabulary: nil)
        XCTAssertNil(none.vocabulary)
        XCTAssertNil(none.outOfVocabularyRatio)
        XCTAssertEqual(none.lostDiacritics, 0)
        let other = TextSignals(text: "Hello world", language: "en", vocabulary: Self.french)
        XCTAssertNil(other.vocabulary)
        XCTAssertNil(other.outOfVocabularyRatio)
        let region = TextSignals(text: "la école", language: "fr-CA", vocabulary: Self.french)
        XCTAssertEqual(region.vocabulary, "fr")
        XCTAssertEqual(region.outOfVocabularyRatio, 0)
        let empty = TextSignals(text: "", language: "fr", vocabulary: Self.french)
        XCTAssertEqual(empty.outOfVocabularyRatio, 0)
        XCTAssertEqual(empty.characters, 0)
        XCTAssertEqual(empty.words, 0)
    }

    func testVocabularyLookupAndAccents() {
        let v = Self.french
        for word in ["école", "École", "ÉCOLE", "paris", "Paris", "PARIS", "aujourd", "hui", "à"] {
            XCTAssertTrue(v.contains(word), word)
        }
        for word in ["ecole", "aujourd'hui", "xyz", ""] { XCTAssertFalse(v.contains(word), word) }
        XCTAssertEqual(v.accentedForm(of: "ecole"), "école")
        XCTAssertEqual(v.accentedForm(of: "Eleve"), "élève")
        XCTAssertEqual(v.accentedForm(of: "elève"), "élève")
        XCTAssertEqual(v.accentedForm(of: "etre"), "être")
        XCTAssertNil(v.accentedForm(of: "école"))   // in the list: nothing lost
        XCTAssertNil(v.accentedForm(of: "maison"))
        XCTAssertNil(v.accentedForm(of: "le"))
    }

    func testListFilesInUTF8AndLatin1() throws {
        let dir = try TemporaryDirectory("vocabulary")
        defer { dir.remove() }
        let latin1 = try dir.write("french-latin1", Data([0xE9, 0x74, 0xE9, 0x0A, 0x6D, 0x61, 0x69, 0x73, 0x6F, 0x6E, 0x0D, 0x0A]))
        let utf8 = try dir.write("french-utf8", "être\r\ngarçon\n\nabat-jour\n")
        let v = try XCTUnwrap(Vocabulary(language: "fr", paths: [latin1.path, utf8.path, dir.url.path + "/missing"]))
        for word in ["été", "maison", "être", "garçon", "abat", "jour"] { XCTAssertTrue(v.contains(word), word) }
        XCTAssertEqual(v.count, 6)
        XCTAssertNil(Vocabulary(language: "fr", paths: [dir.url.path + "/missing"]))
    }

    func testForLanguageLoadsOnceAndKnowsItsLanguages() throws {
        let dir = try TemporaryDirectory("dict")
        defer { dir.remove() }
        try dir.write("french", "chat\nécole\n")
        try dir.write("american-english", "color\n")
        try dir.write("british-english", "colour\n")
        let fr = try XCTUnwrap(Vocabulary.forLanguage("fr", directory: dir.url.path))
        XCTAssertTrue(fr === Vocabulary.forLanguage("FR-fr", directory: dir.url.path))
        XCTAssertEqual(fr.language, "fr")
        let en = try XCTUnwrap(Vocabulary.forLanguage("en", directory: dir.url.path))
        XCTAssertTrue(en.contains("color") && en.contains("colour"))
        XCTAssertNil(Vocabulary.forLanguage("de", directory: dir.url.path))
        XCTAssertNil(Vocabulary.forLanguage("und", directory: dir.url.path))
        XCTAssertNil(Vocabulary.forLanguage("fr", directory: dir.url.path + "/none"))
        // Concurrent first uses share one load.
        let other = dir.url.path + "/."
        let results = UnsafeSendableBox<[ObjectIdentifier?]>(Array(repeating: nil, count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            let v = Vocabulary.forLanguage("fr", directory: other)
            results.lock.lock(); results.value[i] = v.map(ObjectIdentifier.init); results.lock.unlock()
        }
        XCTAssertEqual(Set(results.value.compactMap { $0 }).count, 1)
    }

    /// Debian's lists (packages wfrench, wamerican, wbritish), when installed.
    func testDebianLists() throws {
        guard let fr = Vocabulary.forLanguage("fr"), let en = Vocabulary.forLanguage("en") else {
            try missingTool("the word lists are not installed (apt-get install wfrench wamerican wbritish)")
        }
        XCTAssertGreaterThan(fr.count, 300_000)
        for word in ["école", "maison", "aujourd", "hui", "été", "garçon", "Paris", "coeur"] {
            XCTAssertTrue(fr.contains(word), word)
        }
        XCTAssertEqual(fr.accentedForm(of: "ecole"), "école")
        XCTAssertTrue(["élève", "élevé"].contains(fr.accentedForm(of: "eleve")))  // the list's first
        for word in ["house", "color", "colour", "London", "isn"] { XCTAssertTrue(en.contains(word), word) }
        let s = TextSignals(text: "Les eleves de l'ecole apprennent le francais aujourd'hui.", language: "fr", vocabulary: fr)
        XCTAssertEqual(s.lostDiacritics, 3)   // eleves, ecole, francais
        XCTAssertEqual(s.mojibake, 0)
    }
}

/// A value shared by the threads of a test, behind a lock.
final class UnsafeSendableBox<Value>: @unchecked Sendable {
    let lock = NSLock()
    var value: Value
    init(_ value: Value) { self.value = value }
}
