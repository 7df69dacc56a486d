import Foundation
import IngestCore
import XCTest

/// Validates every study sheet (`*.sheet.json`) under `directory` against
/// `schemas/study-sheet.schema.json`, with our validator and Python's jsonschema, and checks that
/// each has its Markdown rendering (`*.sheet.md`) beside it. Returns the sheets found.
@discardableResult
public func assertSheetsValid(in directory: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [URL] {
    let sheets = (try FileManager.default.subpathsOfDirectory(atPath: directory.path))
        .filter { $0.hasSuffix(".sheet.json") }.sorted().map { directory.appendingPathComponent($0) }
    guard !sheets.isEmpty else { return [] }
    let schemaText = try String(contentsOf: Corpus.repositoryRoot.appendingPathComponent("schemas/study-sheet.schema.json"), encoding: .utf8)
    let validator = try SchemaValidator(schemaText: schemaText)
    for sheet in sheets {
        XCTAssertEqual(validator.validate(try JSONValue.parse(Data(contentsOf: sheet))), [], sheet.lastPathComponent, file: file, line: line)
        let markdown = sheet.deletingPathExtension().appendingPathExtension("md")
        XCTAssertTrue(FileManager.default.fileExists(atPath: markdown.path), "\(markdown.lastPathComponent) beside its sheet", file: file, line: line)
    }
    try validateWithJSONSchema(schema: "study-sheet.schema.json", files: sheets, file: file, line: line)
    return sheets
}
