import Foundation
import XCTest
@testable import IngestCore
import IngestTestSupport

final class ImportedDocumentTests: XCTestCase {
    /// A long book holds tens of thousands of blocks: the layout is part of the memory budget.
    func testBlockStaysSmall() {
        XCTAssertLessThanOrEqual(MemoryLayout<Block>.stride, 40)
    }

    /// The boxed fields behave as plain stored properties: setting one on a copy leaves the
    /// original alone, and setting every one back to nil compares equal to a block without them.
    func testBlockIsAValue() {
        let original = Block(kind: .cue, text: "Bonjour", level: 2, marker: "1.", source: 3, page: 7,
                             start: 1.5, end: 2.25, provenance: .captionsManual, rows: nil, confidence: 88)
        var copy = original
        copy.marker = "a)"
        copy.start = nil
        copy.page = nil
        copy.level = nil
        XCTAssertEqual(original.marker, "1.")
        XCTAssertEqual(original.start, 1.5)
        XCTAssertEqual(original.page, 7)
        XCTAssertEqual(original.level, 2)
        XCTAssertEqual(copy.marker, "a)")
        XCTAssertNil(copy.start)
        XCTAssertEqual(copy.end, 2.25)
        XCTAssertNotEqual(copy, original)
        copy.marker = nil; copy.end = nil; copy.confidence = nil
        XCTAssertEqual(copy, Block(kind: .cue, text: "Bonjour", source: 3, provenance: .captionsManual))
        var numbers = Block(kind: .paragraph, text: "", provenance: .textLayer)
        numbers.page = 0; numbers.level = -1; numbers.source = 12
        XCTAssertEqual(numbers.page, 0)
        XCTAssertEqual(numbers.level, -1)
        XCTAssertEqual(numbers.source, 12)
    }

    /// Seeded: random blocks survive a JSON round trip. (The key order is checked against the
    /// streaming encoder's direct path in StreamingJSONEncoderTests.)
    func testBlockJSONRoundTrip() throws {
        var rng = SeededGenerator(seed: 42)
        for _ in 0..<300 {
            let block = Block(kind: Block.Kind.allCases.randomElement(using: &rng)!,
                              text: String(repeating: "é", count: Int.random(in: 0...40, using: &rng)),
                              level: Bool.random(using: &rng) ? Int.random(in: 0...6, using: &rng) : nil,
                              marker: Bool.random(using: &rng) ? "•" : nil,
                              source: Int.random(in: 0...4, using: &rng),
                              page: Bool.random(using: &rng) ? Int.random(in: 1...2_000, using: &rng) : nil,
                              start: Bool.random(using: &rng) ? Double(Int.random(in: 0...100_000, using: &rng)) / 1000 : nil,
                              end: Bool.random(using: &rng) ? Double(Int.random(in: 0...100_000, using: &rng)) / 1000 : nil,
                              provenance: Provenance.allCases.randomElement(using: &rng)!,
                              rows: Bool.random(using: &rng) ? [[TableCell(text: "a"), TableCell(text: "b")]] : nil,
                              confidence: Bool.random(using: &rng) ? Double(Int.random(in: 0...100, using: &rng)) : nil)
            let data = try JSONEncoder().encode(block)
            XCTAssertEqual(try JSONDecoder().decode(Block.self, from: data), block)
        }
    }
}
