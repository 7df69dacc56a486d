import Foundation
import IngestTestSupport
import XCTest
@testable import IngestCore

final class JSONParserTests: XCTestCase {
    func testParsesEveryKindOfValue() throws {
        let v = try JSONValue.parse(#"{"a": [1, -2.5, 3e2, true, false, null], "s": "é\u00e9\n\"\ud83d\ude00", "o": {}}"#)
        XCTAssertEqual(v["a"], [1, -2.5, 300.0, true, false, nil])
        XCTAssertEqual(v["s"], "éé\n\"😀")
        XCTAssertEqual(v["o"], .object([:]))
        XCTAssertEqual(v["a"]?.arrayValue?.first?.typeName, "integer")
    }

    func testRejectsMalformedJSONWithOffset() {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "tru", "\"abc", "01x", "{\"a\":1} x", "[\"\u{01}\"]"] {
            XCTAssertThrowsError(try JSONValue.parse(bad), bad) { error in
                XCTAssertTrue(error is JSONParseError, "\(bad): \(error)")
            }
        }
    }

    func testDeepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try JSONValue.parse(deep))
    }

    func testRoundTripThroughCodable() throws {
        let v: JSONValue = ["x": [1, 2.5, "y", nil, ["z": true]]]
        let data = try JSONEncoder().encode(v)
        XCTAssertEqual(try JSONValue.parse(data), v)
        XCTAssertEqual(try JSONDecoder().decode(JSONValue.self, from: data), v)
    }

    /// Property: the parser never crashes on arbitrary bytes, nor on mutated valid JSON.
    func testNeverCrashesOnRandomBytes() {
        var rng = SeededGenerator(seed: 0x1A50)
        let valid = Array(#"{"a":[1,2,{"b":"c\u00e9"}],"d":-1.5e3,"e":null}"#.utf8)
        for i in 0..<5_000 {
            var data: [UInt8]
            if i % 2 == 0 { data = [UInt8](rng.bytes(Int.random(in: 0...64, using: &rng))) } else {
                data = valid
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    data[Int.random(in: 0..<data.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
            }
            _ = try? JSONValue.parse(Data(data))
        }
    }
}
