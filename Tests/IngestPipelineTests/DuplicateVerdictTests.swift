import Foundation
import IngestCore
@testable import IngestPipeline
@testable import IngestStore
import IngestTestSupport
import XCTest

/// The library's verdict on a new document is a pure function of what the library holds
/// (issue 35 item 1): each rule of SPEC §6 from facts written here, no library needed.
final class DuplicateVerdictTests: XCTestCase {
    let settings = PipelineConfig().library
    let output = "cours.json"
    var document: ImportedDocument!

    override func setUpWithError() throws {
        document = try Pipeline(config: PipelineConfig()).importDocument(
            text: "# Les ondes\n\nLe son est une onde mécanique qui se propage dans un milieu matériel, à 340 m/s dans l'air.",
            name: "cours.md")
    }

    func entry(_ id: String, fingerprint: String? = nil, output: String?, title: String = "Les ondes") -> LibraryEntry {
        LibraryEntry(id: id, title: title, titleKey: document.fingerprint.titleKey, fingerprint: fingerprint ?? document.fingerprint.value,
                     basis: document.fingerprint.basis, sketch: document.fingerprint.sketch, sourceName: id + ".md", outputPath: output)
    }

    /// An import whose sketch shares `shared` of 100 used bins with this one's.
    func near(_ id: String, shared: Int, output: String?) -> Library.NearDuplicate {
        Library.NearDuplicate(id: id, title: "Les ondes", sourceName: id + ".md", outputPath: output,
                              overlap: SketchOverlap(shared: shared, onlyFirst: (100 - shared) / 2, onlySecond: (100 - shared + 1) / 2))
    }

    func decide(_ facts: DuplicateVerdict.Facts) -> DuplicateVerdict {
        DuplicateVerdict.decide(document, output: output, facts: facts, settings: settings)
    }

    func testANewDocumentIsItsOwn() {
        XCTAssertEqual(decide(.init(previous: nil, sameFingerprint: nil, near: [], sameTitle: [])),
                       .document(revision: 1, possibleDuplicates: []))
    }

    func testTheSameContentElsewhereIsAnExactDuplicateAndHereIsWrittenAgain() {
        guard case .duplicate(let ref, let path) = decide(.init(previous: nil, sameFingerprint: entry("a", output: "autre.json"),
                                                                near: [], sameTitle: [])) else { return XCTFail("not a duplicate") }
        XCTAssertEqual([ref.id, ref.reason.rawValue, ref.kind.rawValue, path], ["a", "sameContent", "exact", "autre.json"])
        XCTAssertEqual(decide(.init(previous: (document.id, 2, document.fingerprint.value), sameFingerprint: entry("a", output: output),
                                    near: [], sameTitle: [])),
                       .document(revision: 2, possibleDuplicates: []), "the same output with the same content keeps its revision")
    }

    func testTheSameOutputWithOtherContentSupersedesIt() {
        XCTAssertEqual(decide(.init(previous: ("old", 3, "another fingerprint"), sameFingerprint: nil, near: [], sameTitle: [])),
                       .supersedes(id: "old", revision: 4))
        // …unless the new content is another document already: a duplicate of that one.
        guard case .duplicate(let ref, _) = decide(.init(previous: ("old", 3, "another fingerprint"),
                                                         sameFingerprint: entry("b", output: "b.json"), near: [], sameTitle: []))
        else { return XCTFail("not a duplicate") }
        XCTAssertEqual(ref.id, "b")
    }

    func testANearDuplicateElsewhereIsADuplicateAndRevisionsAreListed() {
        guard case .duplicate(let ref, let path) = decide(.init(previous: nil, sameFingerprint: nil,
                                                                near: [near("n", shared: 95, output: "n.json")], sameTitle: []))
        else { return XCTFail("not a duplicate") }
        XCTAssertEqual([ref.id, ref.reason.rawValue, ref.kind.rawValue, path], ["n", "nearDuplicate", "near", "n.json"])
        guard case .document(_, let related) = decide(.init(previous: nil, sameFingerprint: nil,
                                                             near: [near("r", shared: 60, output: "r.json")], sameTitle: []))
        else { return XCTFail("a revision is no duplicate") }
        XCTAssertEqual(related.map(\.id), ["r"])
        XCTAssertEqual(related.map(\.reason), [.revision])
        XCTAssertEqual(related.map(\.similarity), [0.6])
    }

    func testASameTitleIsListedOnceWithItsKind() {
        let same = entry("t", fingerprint: "other", output: "t.json")
        guard case .document(_, let related) = decide(.init(previous: nil, sameFingerprint: nil,
                                                             near: [near("t", shared: 60, output: "t.json")], sameTitle: [same]))
        else { return XCTFail("a same title is no duplicate") }
        XCTAssertEqual(related.map(\.id), ["t"], "listed once, as a same title")
        XCTAssertEqual(related.first?.reason, .sameTitle)
    }
}
