import Foundation
import IngestTestSupport
import XCTest
@testable import IngestCore

final class DuplicateKindTests: XCTestCase {
    /// The two thresholds cut the similarity into near, revision and distinct; the same content
    /// key is exact whatever the sketches say.
    func testThresholdsCutTheSimilarity() {
        let config = PipelineConfig().library
        func kind(_ s: Double, same: Bool = false) -> DuplicateRef.Kind {
            DuplicateKind.of(similarity: s, sameContent: same, near: config.nearDuplicateThreshold, revision: config.revisionThreshold)
        }
        XCTAssertEqual(config.nearDuplicateThreshold, 0.8)
        XCTAssertEqual(config.revisionThreshold, 0.5)
        XCTAssertEqual(kind(0.2, same: true), .exact)
        XCTAssertEqual(kind(1), .near)
        XCTAssertEqual(kind(0.8), .near)
        XCTAssertEqual(kind(0.799), .revision)
        XCTAssertEqual(kind(0.5), .revision)
        XCTAssertEqual(kind(0.499), .distinct)
        XCTAssertEqual(kind(0), .distinct)
        XCTAssertEqual(DuplicateKind.rounded(0.87654), 0.877)
    }

    /// From an overlap: near needs the containment too. At the near threshold, one-sided change
    /// (text added: containment = Jaccard) is a revision, even noise (containment 2J / (1 + J)) a
    /// near-duplicate.
    func testNearNeedsContainment() {
        let config = PipelineConfig().library
        func kind(_ o: SketchOverlap) -> DuplicateRef.Kind {
            DuplicateKind.of(o, near: config.nearDuplicateThreshold, revision: config.revisionThreshold)
        }
        let bound = DuplicateKind.nearContainment(config.nearDuplicateThreshold)
        XCTAssertGreaterThan(bound, config.nearDuplicateThreshold)
        XCTAssertLessThan(bound, 2 * config.nearDuplicateThreshold / (1 + config.nearDuplicateThreshold))
        // 80 shared, 20 on one side: Jaccard 0.8, containment 0.8.
        XCTAssertEqual(kind(SketchOverlap(shared: 80, onlyFirst: 0, onlySecond: 20)), .revision)
        XCTAssertEqual(kind(SketchOverlap(shared: 80, onlyFirst: 20, onlySecond: 0)), .revision)
        // 80 shared, 10 on each side: Jaccard 0.8, containment 0.89.
        XCTAssertEqual(kind(SketchOverlap(shared: 80, onlyFirst: 10, onlySecond: 10)), .near)
        XCTAssertEqual(kind(SketchOverlap(shared: 60, onlyFirst: 20, onlySecond: 20)), .revision)
        XCTAssertEqual(kind(SketchOverlap(shared: 30, onlyFirst: 35, onlySecond: 35)), .distinct)
        XCTAssertEqual(DuplicateKind.of(SketchOverlap(shared: 1, onlyFirst: 0, onlySecond: 99), sameContent: true,
                                        near: config.nearDuplicateThreshold, revision: config.revisionThreshold), .exact)
    }

    /// Property (seeded): the kind never goes up when the similarity goes down.
    func testKindIsMonotoneInSimilarity() {
        var rng = SeededGenerator(seed: 0x19)
        let rank: [DuplicateRef.Kind: Int] = [.distinct: 0, .revision: 1, .near: 2, .exact: 3]
        for _ in 0..<500 {
            let near = Double.random(in: 0.5...1, using: &rng), revision = Double.random(in: 0...near, using: &rng)
            let a = Double.random(in: 0...1, using: &rng), b = Double.random(in: 0...1, using: &rng)
            let ka = DuplicateKind.of(similarity: max(a, b), near: near, revision: revision)
            let kb = DuplicateKind.of(similarity: min(a, b), near: near, revision: revision)
            XCTAssertGreaterThanOrEqual(rank[ka]!, rank[kb]!)
        }
    }

    /// A reference written before `kind` existed reads with the kind its reason implied; a new one
    /// round-trips with its kind.
    func testDuplicateRefJSON() throws {
        let old = #"{"id": "a", "title": "t", "source": "s.pdf", "reason": "nearDuplicate", "similarity": 0.9}"#
        XCTAssertEqual(try JSONDecoder().decode(DuplicateRef.self, from: Data(old.utf8)).kind, .near)
        let title = #"{"id": "a", "title": "t", "source": "s.pdf", "reason": "sameTitle", "similarity": 0}"#
        XCTAssertEqual(try JSONDecoder().decode(DuplicateRef.self, from: Data(title.utf8)).kind, .distinct)
        let ref = DuplicateRef(id: "a", title: "t", source: "s", reason: .revision, kind: .revision, similarity: 0.62)
        XCTAssertEqual(try JSONDecoder().decode(DuplicateRef.self, from: JSONEncoder().encode(ref)), ref)
        let encoded = String(decoding: try JSONEncoder().encode(ref), as: UTF8.self)
        XCTAssertTrue(encoded.contains(#""kind":"revision""#), encoded)
    }

    /// A revision threshold above the near-duplicate one would make every revision a duplicate:
    /// refused, naming the key.
    func testRevisionThresholdAboveNearIsRefused() throws {
        XCTAssertThrowsError(try ConfigLoader.load(data: Data(#"{"library": {"revisionThreshold": 0.9}}"#.utf8))) {
            XCTAssertEqual(($0 as? IngestError)?.code, .configOutOfRange)
            XCTAssertEqual(($0 as? IngestError)?.arguments["path"], "library.revisionThreshold")
        }
        let config = try ConfigLoader.load(data: Data(#"{"library": {"nearDuplicateThreshold": 0.9, "revisionThreshold": 0.6}}"#.utf8))
        XCTAssertEqual(config.library.revisionThreshold, 0.6)
    }
}
