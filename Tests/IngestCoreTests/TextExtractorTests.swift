import Foundation
import IngestTestSupport
import XCTest
@testable import IngestCore

final class TextExtractorTests: XCTestCase {
    func extract(_ text: String, kind: SourceKind = .text) throws -> Extraction {
        try TextExtractor().extract(SourceInput(files: [], kind: kind, byteSize: text.utf8.count, name: "t", inlineText: text),
                                    context: ExtractionContext())
    }

    func testMarkdownStructure() throws {
        let e = try extract("# Titre\n\nUn paragraphe\nsur deux lignes.\n\n## Partie\n\n- un\n- deux\n1. premier\n")
        XCTAssertEqual(e.blocks.map(\.kind), [.heading, .paragraph, .heading, .listItem, .listItem, .listItem])
        XCTAssertEqual(e.blocks[2].level, 2)
        XCTAssertEqual(e.blocks[5].marker, "1.")
        XCTAssertEqual(e.title, TitleCandidate("Titre", origin: .heading))
        XCTAssertTrue(e.blocks.allSatisfy { $0.provenance == .typed })
    }

    /// A `#` line indented by four spaces or more is code, not a heading (CommonMark), and keeps
    /// its `#` (session 21, FIDREAL): Debian's debian-reference.txt shows root shell sessions as
    /// `    # apt-get update`, and its 110 prompts were read as headings without their `#`. The
    /// text here is pandoc's plain-text writer's, which indents a code block the same way.
    func testAnIndentedHashLineIsCodeNotAHeading() throws {
        guard let r = runTool("pandoc", ["-f", "markdown", "-t", "plain"],
                              input: Data("# Installer\n\nCommencez par :\n\n    # apt-get update\n    # apt-get install mc\n\nFin.\n".utf8)),
              r.status == 0 else { try missingTool("pandoc is not installed (apt-get install pandoc)") }
        let plain = String(decoding: r.stdout, as: UTF8.self)
        XCTAssertTrue(plain.contains("    # apt-get update"), plain)
        let e = try extract(plain)
        XCTAssertFalse(e.blocks.contains { $0.kind == .heading && $0.text.contains("apt-get") })
        XCTAssertTrue(e.blocks.contains { $0.text == "# apt-get update\n# apt-get install mc" }, "\(e.blocks.map(\.text))")
        // Up to three spaces it is still a heading.
        XCTAssertEqual(try extract("   # Titre\n\nTexte.").blocks.first.map { [$0.kind.rawValue, $0.text] }, ["heading", "Titre"])
    }

    func testShortFirstLineOfANoteIsItsTitle() throws {
        let e = try extract("Note rapide\n\nRéviser le chapitre 3 pour jeudi.")
        XCTAssertEqual(e.blocks.first?.kind, .heading)
        XCTAssertEqual(e.title?.text, "Note rapide")
        XCTAssertEqual(try extract("Une phrase complète.\n\nUne autre.").blocks.first?.kind, .paragraph)
    }

    func testSubtitlesKeepTimes() throws {
        let e = try extract("1\n00:00:01,000 --> 00:00:02,000\nBonjour\n", kind: .subtitles)
        XCTAssertEqual(e.blocks, [Block(kind: .cue, text: "Bonjour", start: 1, end: 2, provenance: .captionsManual)])
    }

    func testBinaryFileIsANamedError() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        var rng = SeededGenerator(seed: 3)
        let url = try dir.write("garbage.txt", rng.bytes(2000))
        XCTAssertThrowsError(try TextExtractor().extract(SourceInput(files: [url], kind: .text, byteSize: 2000, name: "garbage.txt"),
                                                         context: ExtractionContext())) {
            XCTAssertEqual(($0 as? IngestError)?.code, .textBinary)
        }
    }

    /// The corpus's two SRT files (UTF-16LE with BOM, UTF-8 with BOM) give the same cues.
    func testCorpusSubtitlesInTwoEncodings() throws {
        try Corpus.require()
        func cues(_ name: String) throws -> [Block] {
            let url = Corpus.url("text/\(name)")
            let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int
            return try TextExtractor().extract(SourceInput(files: [url], kind: .subtitles, byteSize: size, name: name),
                                               context: ExtractionContext()).blocks
        }
        let a = try cues("chardet-utf-16le-bom.srt"), b = try cues("chardet-utf-8-bom.srt")
        XCTAssertGreaterThan(a.count, 3)
        XCTAssertEqual(a, b)
        XCTAssertNotNil(a.first?.start)
    }

    func testLanguageGuess() {
        XCTAssertEqual(LanguageGuesser.guess("La cellule est l'unité de base du vivant et elle contient un noyau."), "fr")
        XCTAssertEqual(LanguageGuesser.guess("The cell is the basic unit of life and it has a nucleus."), "en")
        XCTAssertEqual(LanguageGuesser.guess("12345 67890"), "und")
    }
}
