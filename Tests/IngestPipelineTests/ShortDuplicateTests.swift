import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestPipeline

/// Issue 33: a document is withheld as a duplicate only for equal content (or a near-duplicate by
/// content), never for an equal title. Short texts and recordings without transcript used to fall
/// back on the title and were lost as `sameContent` duplicates of another document.
final class ShortDuplicateTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("shortdup") }
    override func tearDown() { dir.remove() }

    func pipeline() throws -> Pipeline {
        var config = PipelineConfig()
        config.concurrency = 1
        config.messageLanguage = .en
        config.sink.kind = .none
        return try Pipeline(config: config, libraryPath: dir.url.appendingPathComponent("lib.sqlite").path)
    }

    func importFile(_ file: URL, _ pipeline: Pipeline, out: String) throws -> DocumentOutcome {
        let units = InputPlanner().plan([file.path]).units
        XCTAssertEqual(units.count, 1)
        return DocumentImporter(pipeline: pipeline, outputDirectory: dir.url.appendingPathComponent(out)).process(try XCTUnwrap(units.first))
    }

    func document(_ outcome: DocumentOutcome, out: String) throws -> ImportedDocument {
        let url = dir.url.appendingPathComponent(out).appendingPathComponent(try XCTUnwrap(outcome.output))
        return try JSONDecoder().decode(ImportedDocument.self, from: Data(contentsOf: url))
    }

    /// Two short notes under one title are two documents; the second lists the first as a
    /// possible duplicate by title, kind `distinct`.
    func testShortNotesWithOneTitleAreBothWritten() throws {
        let a = try dir.write("a/test.md", "# Test\n\nApples are red.\n")
        let b = try dir.write("b/test.md", "# Test\n\nThe train leaves at noon.\n")
        let p = try pipeline()
        let first = try importFile(a, p, out: "out-a"), second = try importFile(b, p, out: "out-b")
        XCTAssertEqual(first.status, .succeeded)
        XCTAssertEqual(second.status, .succeeded, "\(second)")
        XCTAssertNotEqual(first.id, second.id)
        XCTAssertNil(second.duplicateOf)
        let doc = try document(second, out: "out-b")
        XCTAssertEqual(doc.fingerprint.basis, .shortContent)
        XCTAssertTrue(doc.text.contains("The train leaves at noon."))
        let listed = try XCTUnwrap(doc.possibleDuplicates.first { $0.id == first.id }, "\(doc.possibleDuplicates)")
        XCTAssertEqual(listed.reason, .sameTitle)
        XCTAssertEqual(listed.kind, .distinct)
    }

    /// Equal short content is still one document, whatever its name or title.
    func testEqualShortContentIsADuplicate() throws {
        let a = try dir.write("a/note.txt", "Apples are red.\n")
        let b = try dir.write("b/autre-nom.md", "Apples are red!\n")
        let p = try pipeline()
        let first = try importFile(a, p, out: "out-a"), second = try importFile(b, p, out: "out-b")
        XCTAssertEqual(first.status, .succeeded)
        XCTAssertEqual(second.status, .duplicate)
        XCTAssertEqual(second.duplicateOf?.id, first.id)
        XCTAssertEqual(second.duplicateOf?.reason, .sameContent)
    }

    /// Two different recordings named `cours.wav` (1 s and 2.5 s of tone made by sox), without
    /// tags or transcript, are two documents; the same recording copied elsewhere is one.
    func testRecordingsWithoutTextAreTheirBytes() throws {
        let a = dir.url.appendingPathComponent("a/cours.wav"), b = dir.url.appendingPathComponent("b/cours.wav")
        let c = dir.url.appendingPathComponent("c/copie.wav")
        for u in [a, b, c] { try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true) }
        for (url, seconds) in [(a, "1"), (b, "2.5")] {
            guard let r = runTool("sox", ["-n", "-r", "16000", "-c", "1", url.path, "synth", seconds, "sine", "440"]) else {
                try missingTool("sox is not installed (apt-get install sox)")
            }
            XCTAssertEqual(r.status, 0, String(decoding: r.stderr, as: UTF8.self))
        }
        try FileManager.default.copyItem(at: a, to: c)
        let p = try pipeline()
        let first = try importFile(a, p, out: "out-a"), second = try importFile(b, p, out: "out-b")
        XCTAssertEqual(first.status, .succeeded, "\(first)")
        XCTAssertEqual(second.status, .succeeded, "\(second)")
        XCTAssertNotEqual(first.id, second.id)
        let doc = try document(second, out: "out-b")
        XCTAssertEqual(doc.fingerprint.basis, .sourceBytes)
        XCTAssertEqual(doc.possibleDuplicates.first { $0.id == first.id }?.reason, .sameTitle)
        let copy = try importFile(c, p, out: "out-c")
        XCTAssertEqual(copy.status, .duplicate)
        XCTAssertEqual(copy.duplicateOf?.id, first.id)
    }
}

extension ShortDuplicateTests {
    /// Two episodes tagged alike (same title, artist, lyrics) are two recordings: their
    /// short tag text does not make them one document (mutagen's ep7.m4b and ep9.m4b were).
    func testRecordingsTaggedAlikeAreTwoDocuments() throws {
        let a = dir.url.appendingPathComponent("a/ep7.m4a"), b = dir.url.appendingPathComponent("b/ep9.m4a")
        for (url, seconds) in [(a, "1"), (b, "2")] {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard let r = runTool("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "sine=d=" + seconds, "-metadata", "title=Épisode",
                                             "-metadata", "artist=Prof", "-metadata", "lyrics=Chapitre un", url.path]) else {
                try missingTool("ffmpeg is not installed (apt-get install ffmpeg)")
            }
            XCTAssertEqual(r.status, 0, String(decoding: r.stderr, as: UTF8.self))
        }
        let p = try pipeline()
        let first = try importFile(a, p, out: "out-a"), second = try importFile(b, p, out: "out-b")
        XCTAssertEqual(first.status, .succeeded, "\(first)")
        XCTAssertEqual(second.status, .succeeded, "\(second)")
        XCTAssertNotEqual(first.id, second.id)
        let doc = try document(second, out: "out-b")
        XCTAssertEqual(doc.text, "Chapitre un")
        XCTAssertEqual(doc.fingerprint.basis, .sourceBytes)
    }
}
