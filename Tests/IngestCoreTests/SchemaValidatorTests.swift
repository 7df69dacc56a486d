import Foundation
import XCTest
@testable import IngestCore

final class SchemaValidatorTests: XCTestCase {
    let schema: JSONValue = [
        "type": "object", "additionalProperties": false, "required": ["name"],
        "properties": [
            "name": ["type": "string", "minLength": 2, "pattern": "^[a-z]+$"],
            "count": ["type": "integer", "minimum": 0, "maximum": 10],
            "ratio": ["type": "number", "exclusiveMinimum": 0],
            "mode": ["enum": ["a", "b"]],
            "tags": ["type": "array", "maxItems": 2, "items": ["type": "string"]],
            "nested": ["$ref": "#/$defs/nested"],
            "either": ["anyOf": [["type": "string"], ["type": "integer"]]],
            "maybe": ["type": ["string", "null"]],
        ],
        "$defs": ["nested": ["type": "object", "additionalProperties": false, "properties": ["deep": ["type": "boolean"]]]],
    ]

    func violations(_ v: JSONValue) -> [SchemaViolation] { SchemaValidator(schema: schema).validate(v) }

    func testValidValuePasses() {
        XCTAssertEqual(violations(["name": "abc", "count": 3, "ratio": 0.5, "mode": "a", "tags": ["x"],
                                   "nested": ["deep": true], "either": 4, "maybe": nil]), [])
    }

    func testEachKeywordReportsItsPath() {
        let cases: [(JSONValue, String, SchemaViolation.Kind)] = [
            (["name": "abc", "cuont": 1], "cuont", .unknownKey),
            ([:], "name", .missingKey),
            (["name": 5], "name", .wrongType),
            (["name": "a"], "name", .outOfRange),
            (["name": "ABC"], "name", .invalidValue),
            (["name": "abc", "count": 11], "count", .outOfRange),
            (["name": "abc", "count": 1.5], "count", .wrongType),
            (["name": "abc", "ratio": 0], "ratio", .outOfRange),
            (["name": "abc", "mode": "c"], "mode", .invalidValue),
            (["name": "abc", "tags": ["a", "b", "c"]], "tags", .outOfRange),
            (["name": "abc", "tags": [1]], "tags[0]", .wrongType),
            (["name": "abc", "nested": ["deep": "yes"]], "nested.deep", .wrongType),
            (["name": "abc", "nested": ["deeper": true]], "nested.deeper", .unknownKey),
            (["name": "abc", "either": true], "either", .wrongType),
        ]
        for (value, path, kind) in cases {
            let v = violations(value)
            XCTAssertEqual(v.count, 1, "\(value): \(v)")
            XCTAssertEqual(v.first?.path, path)
            XCTAssertEqual(v.first?.kind, kind, "\(path)")
        }
    }

    func testDidYouMeanSuggestsTheClosestKey() {
        XCTAssertEqual(violations(["name": "abc", "cuont": 1]).first?.suggestion, "count")
        XCTAssertNil(violations(["name": "abc", "zzzzzzzz": 1]).first?.suggestion)
        XCTAssertEqual(SchemaValidator.closest("pagecap", among: ["pageCap", "dpi"]), "pageCap")
    }

    func testIntegerValuedDoubleCountsAsInteger() {
        XCTAssertEqual(violations(["name": "abc", "count": 2.0]), [])
    }
}
