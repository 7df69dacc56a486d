import Foundation
import IngestTestSupport
import XCTest
@testable import IngestCore

final class StreamingJSONEncoderTests: XCTestCase {
    static func sampleDocument(_ rng: inout SeededGenerator) -> ImportedDocument {
        let texts = ["é\"\\\n\t\u{1}", "La cellule", "", "«guillemets» et 😀", "a/b"]
        func text() -> String { texts.randomElement(using: &rng)! + String(Int.random(in: 0...99, using: &rng)) }
        let blocks = (0..<Int.random(in: 0...6, using: &rng)).map { i in
            Block(kind: Block.Kind.allCases.randomElement(using: &rng)!, text: text(), level: Bool.random(using: &rng) ? i : nil,
                  page: Bool.random(using: &rng) ? i + 1 : nil, start: Bool.random(using: &rng) ? Double(i) * 1.5 : nil,
                  provenance: Provenance.allCases.randomElement(using: &rng)!,
                  rows: Bool.random(using: &rng) ? [[TableCell(text: text(), tables: [[[TableCell(text: "nested")]]])]] : nil)
        }
        let source = SourceRecord(kind: .pdf, name: text(), byteSize: 12, sha256: String(repeating: "a", count: 64),
                                  pagesRead: 3, provenance: [.textLayer, .ocr],
                                  pages: [PageRecord(number: 1, classification: .mixed, characters: 10, ocrConfidence: 91.5)],
                                  metadata: ["title": .string(text()), "n": 3, "x": 0.25, "list": [true, nil, ["k": "v"]]],
                                  warnings: [Warning(.extensionMismatch, ["ext": "docx", "kind": "pdf"], language: .en)])
        return ImportedDocument(id: UUID().uuidString.lowercased(), title: text(), titleSource: "heading", language: "fr",
                                text: text(), blocks: blocks, sources: [source],
                                readiness: Readiness(status: .short, characters: 200, reason: .readinessShort, message: text()),
                                fingerprint: Fingerprint(value: "f", basis: .content, titleKey: "t", sketch: [0, .max, 12]),
                                duplicateOf: Bool.random(using: &rng) ? DuplicateRef(id: "i", title: "t", source: "s", reason: .nearDuplicate, kind: .near, similarity: 0.875) : nil,
                                cover: Cover(origin: .albumArt, path: "x.cover.jpg", mimeType: "image/jpeg", byteSize: 10),
                                timings: ["read": 0.5, "extract": 12], pipelineVersion: "0.1.0", createdAt: "2026-12-01T00:00:00Z")
    }

    /// Property: what it writes decodes back to the same value, and parses to the same JSON as
    /// Foundation's encoder produces, pretty or not.
    func testRoundTripsAndAgreesWithFoundation() throws {
        var rng = SeededGenerator(seed: 0x150)
        for _ in 0..<200 {
            let doc = Self.sampleDocument(&rng)
            for pretty in [false, true] {
                let ours = try StreamingJSONEncoder.encode(doc, pretty: pretty)
                XCTAssertEqual(try JSONDecoder().decode(ImportedDocument.self, from: ours), doc)
                XCTAssertEqual(try JSONValue.parse(ours), try JSONValue.parse(JSONEncoder().encode(doc)))
            }
        }
    }

    /// Streamed in pieces: the same bytes as one buffer, and no piece much over 64 KB unless a
    /// single string is (the writer drains between elements).
    func testStreamedOutputEqualsOneBufferInBoundedPieces() throws {
        var rng = SeededGenerator(seed: 0x5173)
        var doc = Self.sampleDocument(&rng)
        doc.blocks = (0..<6_000).map { Block(kind: .paragraph, text: "Paragraphe \($0) : la cellule est l’unité du vivant.", page: $0 / 20 + 1, provenance: .textLayer) }
        // The document's text is one string of megabytes: drained while it is written too.
        doc.text = doc.blocks.map(\.text).joined(separator: "\n\n")
        XCTAssertGreaterThan(doc.text.utf8.count, 300_000)
        for pretty in [false, true] {
            var pieces: [Int] = []
            var streamed = Data()
            try StreamingJSONEncoder.encode(doc, pretty: pretty) { raw in
                pieces.append(raw.count)
                streamed.append(contentsOf: raw)
            }
            XCTAssertEqual(streamed, try StreamingJSONEncoder.encode(doc, pretty: pretty))
            XCTAssertGreaterThan(pieces.count, 5)
            XCTAssertLessThan(pieces.max()!, (1 << 16) + 1_024)
        }
    }

    /// An error of the output stops the encoding and is the error thrown.
    func testOutputErrorStopsEncoding() {
        struct Full: Error {}
        var rng = SeededGenerator(seed: 0x0F)
        var doc = Self.sampleDocument(&rng)
        doc.blocks = (0..<6_000).map { Block(kind: .paragraph, text: "texte \($0)", provenance: .typed) }
        var calls = 0
        XCTAssertThrowsError(try StreamingJSONEncoder.encode(doc) { _ in calls += 1; throw Full() }) { XCTAssertTrue($0 is Full) }
        XCTAssertEqual(calls, 1)
    }

    /// Encodes through the type's own `encode(to:)`, bypassing the writer's direct paths.
    struct Generic<T: Encodable>: Encodable {
        let value: T
        func encode(to encoder: Encoder) throws { try value.encode(to: encoder) }
    }

    /// Blocks and duplicate references are written directly (they are most of a document's
    /// values): byte for byte what their synthesized encoding writes.
    func testDirectPathsMatchSynthesizedEncoding() throws {
        var rng = SeededGenerator(seed: 0x151)
        for _ in 0..<100 {
            let doc = Self.sampleDocument(&rng)
            var blocks = doc.blocks
            blocks.append(Block(kind: .listItem, text: "x", level: 2, marker: "1.", source: 1, page: 3, start: 0.25, end: 7,
                                provenance: .ocr, rows: [[TableCell(text: "c")]], confidence: 87.5))
            let refs = [DuplicateRef(id: "i", title: "t\"q", source: "s.txt", reason: .nearDuplicate, kind: .near, similarity: 0.992),
                        DuplicateRef(id: "j", title: "", source: "", reason: .sameTitle, kind: .distinct, similarity: 0)]
            for pretty in [false, true] {
                XCTAssertEqual(try StreamingJSONEncoder.encode(blocks, pretty: pretty),
                               try StreamingJSONEncoder.encode(blocks.map { Generic(value: $0) }, pretty: pretty))
                XCTAssertEqual(try StreamingJSONEncoder.encode(refs, pretty: pretty),
                               try StreamingJSONEncoder.encode(refs.map { Generic(value: $0) }, pretty: pretty))
            }
        }
    }

    /// JSONValue through the containers, as its `encode(to:)` writes it (nested values too).
    struct ContainerJSON: Encodable {
        let value: JSONValue
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        func encode(to encoder: Encoder) throws {
            switch value {
            case .array(let a):
                var c = encoder.unkeyedContainer()
                for v in a { try c.encode(ContainerJSON(value: v)) }
            case .object(let o):
                var c = encoder.container(keyedBy: Key.self)
                for k in o.keys.sorted() { try c.encode(ContainerJSON(value: o[k]!), forKey: Key(stringValue: k)) }
            default:
                var c = encoder.singleValueContainer()
                switch value {
                case .null: try c.encodeNil()
                case .bool(let b): try c.encode(b)
                case .int(let i): try c.encode(i)
                case .double(let d): try c.encode(d)
                case .string(let s): try c.encode(s)
                default: break
                }
            }
        }
    }

    static func randomJSON(_ rng: inout SeededGenerator, depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0...(depth < 3 ? 7 : 4), using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .int(Int.random(in: -100_000...100_000, using: &rng))
        case 3: return .double([0.25, -2.75, 1e20, 12.5, 0.1].randomElement(using: &rng)!)
        case 4: return .string(["", "é\"\\\n\u{1}", "taken", "«x» 😀"].randomElement(using: &rng)!)
        case 5: return .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in randomJSON(&rng, depth: depth + 1) })
        default:
            var o: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &rng) { o["k\(Int.random(in: 0...9, using: &rng))"] = randomJSON(&rng, depth: depth + 1) }
            return .object(o)
        }
    }

    /// Events and worker requests (JSONValue trees) are walked directly: the same bytes as
    /// through the containers, compact and pretty, and they parse back to the same value.
    func testJSONValuePathMatchesContainerEncoding() throws {
        var rng = SeededGenerator(seed: 0x1A50)
        for _ in 0..<500 {
            let value = Self.randomJSON(&rng)
            for pretty in [false, true] {
                let direct = try StreamingJSONEncoder.encode(value, pretty: pretty)
                XCTAssertEqual(String(decoding: direct, as: UTF8.self),
                               String(decoding: try StreamingJSONEncoder.encode(ContainerJSON(value: value), pretty: pretty), as: UTF8.self))
                XCTAssertEqual(try JSONValue.parse(direct), value)  // (no integral doubles: they parse back as ints)
            }
        }
    }

    func testEscapingAndNumbers() throws {
        XCTAssertEqual(String(decoding: try StreamingJSONEncoder.encode(["a\"b\u{0}\n/é"]), as: UTF8.self), #"["a\"b\u0000\n/é"]"#)
        XCTAssertEqual(String(decoding: try StreamingJSONEncoder.encode([1.0, 0.5, -3]), as: UTF8.self), "[1,0.5,-3]")
        XCTAssertThrowsError(try StreamingJSONEncoder.encode([Double.nan]))
        XCTAssertEqual(String(decoding: try StreamingJSONEncoder.encode(["b": 1, "a": 2] as [String: JSONValue]), as: UTF8.self), #"{"a":2,"b":1}"#)
        XCTAssertEqual(String(decoding: try StreamingJSONEncoder.encode([[String]]()), as: UTF8.self), "[]")
    }
}
