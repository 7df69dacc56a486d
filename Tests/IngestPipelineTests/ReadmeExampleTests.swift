import Foundation
import IngestCore
import IngestPipeline
import IngestStudySheet
import IngestTestSupport
import XCTest

/// The README's library example ("As a library"), compiled here as the body of a function and
/// run; a test checks that the README shows exactly this code.
func readmeExample() throws {
    // BEGIN README EXAMPLE
    let pipeline = Pipeline(config: try ConfigLoader.load(url: nil))   // the built-in pipeline.json

    let lesson = try pipeline.importDocument(file: URL(fileURLWithPath: "samples/photosynthese.md"))
    print(lesson.title, lesson.readiness.status, lesson.sources[0].provenance)

    let typed = try pipeline.importDocument(text: "# La mitose\n\nMitose : division d'une cellule en deux cellules filles.")
    let sheet = StudySheetBuilder.build(typed)
    print(sheet.sections.flatMap(\.definitions).map(\.term))          // ["Mitose"]
    print(StudySheetMarkdown.render(sheet, language: .fr))

    do {
        _ = try pipeline.importDocument(url: URL(string: "https://vimeo.com/76979871")!)
    } catch let error as IngestError {
        print(error.code, error.message(.en))                         // youtube.notYouTube …
    }
    // END README EXAMPLE
}

final class ReadmeExampleTests: XCTestCase {
    static func exampleLines() throws -> [String] {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.contains("// BEGIN README EXAMPLE") }),
              let end = lines.firstIndex(where: { $0.contains("// END README EXAMPLE") }) else { throw TestSetupFailure("markers") }
        return lines[(start + 1)..<end].map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }
    }

    /// The README's Swift block is the imports and then, line for line, this example.
    func testTheReadmeShowsThisExample() throws {
        let readme = try String(contentsOf: Corpus.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.components(separatedBy: "## As a library").dropFirst().first)
        let block = try XCTUnwrap(section.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "\n```").first)
        let code = block.components(separatedBy: "\n").filter { !$0.hasPrefix("import ") }
        XCTAssertEqual(Array(code.drop { $0.isEmpty }), try Self.exampleLines())
        XCTAssertTrue(block.hasPrefix("import Foundation\nimport IngestCore\nimport IngestPipeline\n"), block)
    }

    func testTheExampleRuns() throws {
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(Corpus.repositoryRoot.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        try readmeExample()
        let pipeline = Pipeline(config: try ConfigLoader.load(url: nil))
        let lesson = try pipeline.importDocument(file: URL(fileURLWithPath: "samples/photosynthese.md"))
        XCTAssertEqual(lesson.title, "La photosynthèse")
        XCTAssertThrowsError(try pipeline.importDocument(url: URL(string: "https://vimeo.com/76979871")!)) {
            XCTAssertEqual(($0 as? IngestError)?.code.rawValue, "youtube.notYouTube")
        }
    }
}
