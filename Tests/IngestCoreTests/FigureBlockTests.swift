import Foundation
import XCTest
@testable import IngestCore
import IngestTestSupport

/// The `figure` block: its box and crop behave as stored properties of a value, and reach JSON
/// the same way through Codable and the streaming encoder.
final class FigureBlockTests: XCTestCase {
    func testFigureFieldsAreValues() {
        let original = Block(figure: "Figure 1 – Le cycle de l'eau", bbox: [56.7, 100, 300.2, 250.5], page: 2, provenance: .textLayer)
        var copy = original
        copy.image = "cours.figure-1.png"
        XCTAssertNil(original.image)
        XCTAssertEqual(copy.bbox, [56.7, 100, 300.2, 250.5])
        XCTAssertNotEqual(copy, original)
        copy.image = nil
        XCTAssertEqual(copy, original)
        copy.bbox = nil
        XCTAssertEqual(copy, Block(kind: .figure, text: "Figure 1 – Le cycle de l'eau", page: 2, provenance: .textLayer))
        // Other boxed fields are left alone by the figure's.
        var item = Block(kind: .listItem, text: "x", marker: "1.", provenance: .textLayer, confidence: 80)
        item.bbox = [0, 0, 1, 1]
        XCTAssertEqual(item.marker, "1.")
        XCTAssertEqual(item.confidence, 80)
    }

    func testFigureJSON() throws {
        var block = Block(figure: "Fig. 3 : Coupe", bbox: [10, 20.5, 30, 40], source: 1, page: 4, provenance: .textLayer)
        block.image = "a b.figure-1.png"
        let data = try JSONEncoder().encode(block)
        XCTAssertEqual(try JSONDecoder().decode(Block.self, from: data), block)
        let streamed = try StreamingJSONEncoder.encode([block], pretty: false)
        XCTAssertEqual(try JSONDecoder().decode([Block].self, from: streamed), [block])
        // Keys in declaration order, the figure's last.
        XCTAssertEqual(String(decoding: streamed, as: UTF8.self),
                       #"[{"kind":"figure","text":"Fig. 3 : Coupe","source":1,"page":4,"provenance":"textLayer","bbox":[10,20.5,30,40],"image":"a b.figure-1.png"}]"#)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(object["kind"] as? String, "figure")
        XCTAssertEqual(object["bbox"] as? [Double], [10, 20.5, 30, 40])
        XCTAssertEqual(object["image"] as? String, "a b.figure-1.png")
    }
}
