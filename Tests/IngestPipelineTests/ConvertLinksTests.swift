import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// Issue 34: `convert` follows symbolic links inside the trees it was given and refuses the others
/// (`file.linkOutsideTree`) unless `--follow-links`: a link dropped into a course folder does not
/// bring a private file of the machine into a document.
final class ConvertLinksTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("convert-links") }
    override func tearDown() { dir.remove() }

    func convert(_ extra: [String], out: String) throws -> (status: Int32, summary: JSONValue) {
        let r = try IngestBinary.run(["convert", dir.url.appendingPathComponent("cours").path, "--out", dir.url.appendingPathComponent(out).path,
                                      "--library", dir.url.appendingPathComponent(out + ".sqlite").path, "--lang", "en", "--quiet"] + extra,
                                     environment: ["INGEST_CONFIG": ""])
        return (r.status, try JSONValue.parse(Data(contentsOf: dir.url.appendingPathComponent(out + "/summary.json"))))
    }

    func testLinksOutOfTheTreeAreRefusedUnlessFollowed() throws {
        let secret = "Clé privée : ne jamais partager ce texte, il vient d'ailleurs sur la machine."
        try dir.write("ailleurs/secret.txt", String(repeating: secret + "\n", count: 4))
        try dir.write("cours/lecon.txt", DistinctText.chapter(1, characters: 600))
        try dir.write("cours/annexes/fiche.txt", DistinctText.chapter(2, characters: 600))
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir.url.appendingPathComponent("cours/devoir.txt").path,
                                  withDestinationPath: dir.url.appendingPathComponent("ailleurs/secret.txt").path)
        try fm.createSymbolicLink(atPath: dir.url.appendingPathComponent("cours/raccourci.txt").path, withDestinationPath: "annexes/fiche.txt")

        let refused = try convert([], out: "out")
        XCTAssertEqual(refused.status, 1)
        let documents = refused.summary["documents"]?.arrayValue ?? []
        let devoir = documents.first { $0["sources"]?[0]?.stringValue == "devoir.txt" }
        XCTAssertEqual(devoir?["status"], "failed")
        XCTAssertEqual(devoir?["error"]?["code"], "file.linkOutsideTree")
        XCTAssertEqual(devoir?["error"]?["message"]?.stringValue,
                       "“devoir.txt” is a link to a file outside the folders given: it is not read. Add --follow-links to follow such links.")
        // A link inside the tree is read (here: the same text as the file it names, a duplicate).
        XCTAssertTrue(documents.contains { $0["sources"]?[0]?.stringValue == "raccourci.txt" && $0["status"] != "failed" })
        for name in try fm.subpathsOfDirectory(atPath: dir.url.appendingPathComponent("out").path) where name.hasSuffix(".json") {
            let text = try String(contentsOf: dir.url.appendingPathComponent("out/" + name), encoding: .utf8)
            XCTAssertFalse(text.contains("Clé privée"), "\(name) holds the private file's text")
        }

        let followed = try convert(["--follow-links"], out: "out-followed")
        let again = followed.summary["documents"]?.arrayValue?.first { $0["sources"]?[0]?.stringValue == "devoir.txt" }
        XCTAssertNotEqual(again?["status"], "failed")
    }
}
