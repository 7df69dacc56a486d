import Foundation
import IngestTestSupport
import XCTest
@testable import IngestCore

final class FingerprintTests: XCTestCase {
    /// A stand-in digest for the pure-Swift tests: the key itself (the pipeline injects SHA-256).
    final class KeyDigest: StreamingDigest {
        var bytes: [UInt8] = []
        func update(_ b: UnsafeRawBufferPointer) { bytes += b }
        func finalizeHex() -> String { String(decoding: bytes, as: UTF8.self) }
    }
    let identity: () -> any StreamingDigest = { KeyDigest() }

    func testContentKey() {
        XCTAssertEqual(ContentKey.of("  L'Élève, À L'ÉCOLE !\n\tCœur…  "), "l eleve a l ecole coeur")
        XCTAssertEqual(ContentKey.title("Chapitre_3.docx"), "chapitre 3")
    }

    /// A short text is fingerprinted by its own content (no sketch), never by its title: two
    /// different short notes under one title are two documents (issue 33).
    func testShortTextIsItsContentNotItsTitle() {
        let f = Fingerprinter.make(text: "Apples are red.", title: "Test", minCharacters: 200, sourceBytes: "a1", digest: identity)
        XCTAssertEqual(f.basis, .shortContent)
        XCTAssertEqual(f.value, "apples are red")
        XCTAssertEqual(f.titleKey, "test")
        XCTAssertTrue(f.sketch.isEmpty)
        let g = Fingerprinter.make(text: "The train leaves at noon.", title: "Test", minCharacters: 200, sourceBytes: "b2", digest: identity)
        XCTAssertNotEqual(f.value, g.value)
        XCTAssertEqual(f.titleKey, g.titleKey)
    }

    /// No text at all: the sources' bytes identify the document, so two recordings without
    /// transcript under one name are two documents, and the same file again is the same one.
    func testNoTextIsItsSourceBytes() {
        let a = Fingerprinter.make(text: " \n ", title: "cours", minCharacters: 200, sourceBytes: "sha-a", digest: identity)
        let b = Fingerprinter.make(text: "", title: "cours", minCharacters: 200, sourceBytes: "sha-b", digest: identity)
        XCTAssertEqual(a.basis, .sourceBytes)
        XCTAssertEqual(a.value, "source-bytes:sha-a")
        XCTAssertNotEqual(a.value, b.value)
        XCTAssertEqual(Fingerprinter.make(text: "", title: "autre", minCharacters: 200, sourceBytes: "sha-a", digest: identity).value, a.value)
    }

    static let words = ["la", "cellule", "est", "unité", "du", "vivant", "Les", "mitochondries", "produisent", "énergie",
                        "noyau", "contient", "ADN", "membrane", "plasmique", "protège", "cytoplasme"]

    static func randomText(_ rng: inout SeededGenerator, words count: Int) -> String {
        (0..<count).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
    }

    /// Property: the fingerprint is unchanged by case, accents, punctuation and whitespace, and
    /// changes when a word changes.
    func testInvariances() {
        var rng = SeededGenerator(seed: 0xF1A6)
        for _ in 0..<300 {
            let text = Self.randomText(&rng, words: 80)
            let base = Fingerprinter.make(text: text, title: "t", minCharacters: 50, sourceBytes: "", digest: identity)
            var noisy = ""
            for ch in text {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: noisy += ch.uppercased()
                case 1 where ch == " ": noisy += [" \n", "\t", ", ", " — ", ". "].randomElement(using: &rng)!
                case 2 where ch == "e": noisy += ["é", "è", "ê", "E"].randomElement(using: &rng)!
                default: noisy.append(ch)
                }
            }
            XCTAssertEqual(Fingerprinter.make(text: noisy, title: "t", minCharacters: 50, sourceBytes: "", digest: identity).value, base.value)
            var changed = text.split(separator: " ").map(String.init)
            let i = Int.random(in: 0..<changed.count, using: &rng)
            changed[i] = changed[i] + "x"
            XCTAssertNotEqual(Fingerprinter.make(text: changed.joined(separator: " "), title: "t", minCharacters: 50, sourceBytes: "", digest: identity).value,
                              base.value)
        }
    }

    /// Seeded: the key fed in pieces (a long text crosses several) is exactly the key made in one
    /// go, and so are its sketch and its length; cuts fall inside words, accents and spaces.
    func testPiecesMakeTheWholeKey() {
        var rng = SeededGenerator(seed: 0x9EC)
        let pieces = ["é", "  ", "\n\n", "Œuvre", "l'", "日本", "—", "abcdefghij", "ÉCOLE", "x", "\u{301}", "👍🏽", ". "]
        for round in 0..<40 {
            let count = round < 5 ? round : Int.random(in: 1_000...40_000, using: &rng)
            let text = (0..<count).map { _ in pieces.randomElement(using: &rng)! }.joined()
            var streamed: [UInt8] = []
            ContentKey.forEachPiece(of: text) { streamed += $0 }
            let whole = ContentKey.bytes(of: text)
            XCTAssertEqual(streamed, whole, "round \(round)")
            let f = Fingerprinter.make(text: text, title: "t", minCharacters: 0, sourceBytes: "", digest: identity)
            guard !whole.isEmpty else { XCTAssertEqual(f.basis, .sourceBytes); continue }
            XCTAssertEqual(f.value, String(decoding: whole, as: UTF8.self))
            XCTAssertEqual(f.sketch, whole.withUnsafeBufferPointer(Fingerprinter.sketch(bytes:)))
        }
    }

    func testNearDuplicateSimilarity() {
        var rng = SeededGenerator(seed: 0x5EE)
        let text = Self.randomText(&rng, words: 600)
        // OCR-like noise: about 3% of letters confused.
        let noisy = String(text.map { ch -> Character in
            guard Int.random(in: 0..<33, using: &rng) == 0 else { return ch }
            switch ch { case "m": return "n"; case "l": return "1"; case "é": return "e"; case "i": return "l"; default: return ch }
        })
        let other = Self.randomText(&rng, words: 600)
        let a = Fingerprinter.sketch(ContentKey.of(text))
        let b = Fingerprinter.sketch(ContentKey.of(noisy))
        let c = Fingerprinter.sketch(ContentKey.of("Un tout autre sujet : la Révolution française commence en 1789 avec les États généraux."))
        XCTAssertGreaterThan(Fingerprinter.similarity(a, b), 0.5)
        XCTAssertLessThan(Fingerprinter.similarity(a, c), 0.2)
        XCTAssertEqual(Fingerprinter.similarity(a, a), 1)
        _ = other
    }
}
