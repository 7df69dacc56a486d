import Foundation
import IngestTestSupport
import XCTest
@testable import IngestSpell

/// Issue 38 item 4: a dictionary's hunspell handle is made on its first question, so a lookup
/// chain (`fr_FR`, then `en_US`, then `en_GB`) loads a later dictionary only for a word the earlier
/// ones do not know — and every answer is the one a handle made at once gives.
final class SpellDictionaryTests: XCTestCase {
    static let names = ["fr_FR", "en_US", "en_GB"]

    func requireDictionaries() throws {
        guard SpellDictionary.isAvailable else { try missingTool("libhunspell-1.7.so.0 is not installed (apt-get install libhunspell-dev)") }
        for name in Self.names where SpellDictionary.unshared(name) == nil {
            try missingTool("the hunspell dictionary \(name) is missing (apt-get install \(SpellDictionary.package(for: name)))")
        }
    }

    /// A French text whose words `fr_FR` knows asks nothing of the English dictionaries; an English
    /// word makes `en_US`'s handle, and only then.
    func testALaterDictionaryIsLoadedOnlyForAWordTheEarlierOnesMiss() throws {
        try requireDictionaries()
        let chain = Self.names.compactMap(SpellDictionary.unshared)
        XCTAssertEqual(chain.count, 3)
        XCTAssertFalse(chain.contains { $0.isOpen }, "made without their handles")
        let made = Self.names.map(SpellDictionary.handlesMade)
        func known(_ word: String) -> Bool { chain.contains { $0.spells(word) } }
        for word in Tokens.french { XCTAssertTrue(known(word), word) }
        XCTAssertEqual(chain.map(\.isOpen), [true, false, false])
        XCTAssertTrue(known("throughput"))
        XCTAssertEqual(chain.map(\.isOpen), [true, true, false])
        XCTAssertEqual(zip(Self.names.map(SpellDictionary.handlesMade), made).map { $0 - $1 }, [1, 1, 0])
    }

    /// Every answer of a dictionary opened on its first question equals that of one opened before
    /// any (as `openAhead` does, and as every dictionary was before): spelling, entries, suggestions.
    func testAnswersAreThoseOfAHandleMadeAtOnce() throws {
        try requireDictionaries()
        let words = Tokens.french + Tokens.english + ["révolutoin", "goverment", "Paris", "ADN", "light-wave", "l'état", "1789"]
        for name in Self.names {
            let lazy = try XCTUnwrap(SpellDictionary.unshared(name)), early = try XCTUnwrap(SpellDictionary.unshared(name))
            early.openHandle()
            XCTAssertTrue(early.isOpen)
            XCTAssertEqual(words.map(lazy.spells), words.map(early.spells), name)
            XCTAssertEqual(words.map(lazy.hasEntry), words.map(early.hasEntry), name)
            for word in ["révolutoin", "goverment"] { XCTAssertEqual(lazy.suggestions(word), early.suggestions(word), name) }
            XCTAssertTrue(words.map(lazy.spells).contains(true) && words.map(lazy.spells).contains(false), name)
        }
    }

    /// The encoding is read from the `.aff` as hunspell reads it: Debian's say UTF-8 and hunspell
    /// agrees; a byte order mark is left out; another encoding is named; none, nil.
    func testDeclaredEncodingIsHunspells() throws {
        try requireDictionaries()
        for name in Self.names {
            let path = try XCTUnwrap(SpellDictionary.searchPath.map { $0 + "/" + name + ".aff" }.first { FileManager.default.fileExists(atPath: $0) })
            XCTAssertEqual(SpellDictionary.declaredEncoding(path), "UTF-8", name)
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("spell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases: [(String, String?)] = [("\u{FEFF}SET UTF-8\nTRY abc\n", "UTF-8"), ("# a comment\nTRY esai\nSET\tISO8859-1\r\n", "ISO8859-1"),
                                          ("TRY esai\n", nil)]
        for (i, (text, expected)) in cases.enumerated() {
            let aff = dir.appendingPathComponent("x\(i).aff")
            try Data(text.utf8).write(to: aff)
            XCTAssertEqual(SpellDictionary.declaredEncoding(aff.path), expected, text)
        }
    }

    enum Tokens {
        static let french = "La Révolution française commence en 1789 dans un royaume endetté où la récolte a été mauvaise et où le prix du pain ne cesse d'augmenter"
            .split(separator: " ").map(String.init)
        static let english = "Photosynthesis is the process by which green plants turn light into chemical energy"
            .split(separator: " ").map(String.init)
    }
}
