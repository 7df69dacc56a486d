import Foundation
import IngestCore
import IngestQuality
import IngestTestSupport
import XCTest

/// Manifests in JSON and TSV, and the refusals that name what is wrong.
final class QaManifestTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("manifest") }
    override func tearDown() { dir.remove() }

    func testJSONAndTSVSayTheSame() throws {
        let json = try dir.write("m/a.json", #"{"documents": [{"name": "cours/ch1", "expected": "exp/ch1.txt", "readiness": "ready"}, {"name": "copie", "duplicateOf": "cours/ch1"}]}"#)
        let tsv = try dir.write("m/a.tsv", "# comment\nname\texpected\treadiness\tduplicateOf\ncours/ch1\texp/ch1.txt\tready\t\ncopie\t\t\tcours/ch1\n")
        let a = try QaManifest.load(json), b = try QaManifest.load(tsv)
        XCTAssertEqual(a.entries, b.entries)
        XCTAssertEqual(a.entries["copie"]?.duplicateOf, "cours/ch1")
        XCTAssertEqual(a.expectedURL("cours/ch1")?.path, dir.url.appendingPathComponent("m/exp/ch1.txt").standardizedFileURL.path)
        XCTAssertNil(a.expectedURL("copie"))
    }

    func testRefusalsNameTheProblem() throws {
        let cases: [(String, String, String)] = [
            ("bad1.tsv", "file\texpected\nx\ty\n", "starting with name"),
            ("bad2.tsv", "name\tverdict\nx\tready\n", "unknown column verdict"),
            ("bad3.json", #"{"documents": [{"name": "x", "readiness": "prêt"}]}"#, "readiness prêt"),
            ("bad4.json", #"{"documents": [{"name": "x"}, {"name": "x"}]}"#, "listed twice"),
            ("bad5.json", #"{"docs": []}"#, "JSON"),
        ]
        for (name, text, reason) in cases {
            let url = try dir.write(name, text)
            XCTAssertThrowsError(try QaManifest.load(url), name) { error in
                let e = error as! IngestError
                XCTAssertEqual(e.code, .qaManifestInvalid)
                XCTAssertTrue(e.message(.en).contains(reason), "\(name): \(e.message(.en))")
            }
        }
    }
}
