import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// `ingest convert --format markdown --chunks` on samples/, as a user runs it: beside each
/// document `NAME.md`, whose text read back by pandoc holds every heading and paragraph of the
/// document, and `NAME.chunks.jsonl`, every line valid against `schemas/chunk.schema.json` and
/// within the budget; a re-run that skips a document leaves them alone, and makes them again
/// when they are gone.
final class MarkdownConvertTests: XCTestCase {
    var dir: TemporaryDirectory!
    var out: URL { dir.url.appendingPathComponent("out") }

    override func setUpWithError() throws { dir = try TemporaryDirectory("markdown-convert") }
    override func tearDown() { dir.remove() }

    func convert(_ args: [String]) throws -> IngestBinary.Result {
        try IngestBinary.run(["convert"] + args + ["--library", dir.url.appendingPathComponent("lib/library.sqlite").path, "--lang", "en", "--quiet"],
                             environment: ["INGEST_CONFIG": ""], currentDirectory: dir.url)
    }

    func plain(_ markdown: URL) throws -> String {
        // Without `smart`: the text's straight quotes and dashes are read as they are.
        guard let r = runTool("pandoc", ["-f", "markdown-smart", "-t", "plain", "--wrap=none", markdown.path]) else {
            try missingTool("pandoc is not installed (apt-get install pandoc; scripts/install.sh --tests)")
        }
        guard r.status == 0 else { throw TestSetupFailure("pandoc: \(String(decoding: r.stderr, as: UTF8.self))") }
        return words(String(decoding: r.stdout, as: UTF8.self))
    }

    func words(_ s: String) -> String {
        s.replacingOccurrences(of: "\u{00A0}", with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func testSamplesGetMarkdownAndChunks() throws {
        let samples = Corpus.repositoryRoot.appendingPathComponent("samples").path
        let first = try convert([samples, "--out", out.path, "--format", "markdown", "--chunks"])
        XCTAssertNotEqual(first.status, 2, first.stderr)
        let summary = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("summary.json")))
        let written = (summary["documents"]?.arrayValue ?? []).filter { ["succeeded", "partial"].contains($0["status"]?.stringValue ?? "") }
            .compactMap { $0["output"]?.stringValue }
        XCTAssertGreaterThanOrEqual(written.count, 10, first.stderr)
        let validator = try SchemaValidator(schemaText: String(contentsOf: Corpus.repositoryRoot.appendingPathComponent("schemas/chunk.schema.json"), encoding: .utf8))
        var checkedBlocks = 0, chunkCount = 0, anchors = 0
        for output in written {
            let json = out.appendingPathComponent(output)
            let document = try JSONDecoder().decode(ImportedDocument.self, from: Data(contentsOf: json))
            let md = json.deletingPathExtension().appendingPathExtension("md")
            let text = try plain(md)
            if try String(contentsOf: md, encoding: .utf8).contains("<a id=\"page-") { anchors += 1 }
            // Every heading and paragraph of the document, in its words, is in the Markdown's text.
            for block in document.blocks where [.heading, .paragraph, .listItem, .cue].contains(block.kind) {
                XCTAssertTrue(text.contains(words(block.text)), "\(output): \(block.text.debugDescription) not in \(md.lastPathComponent)")
                checkedBlocks += 1
            }
            let lines = try String(contentsOf: json.deletingPathExtension().appendingPathExtension("chunks.jsonl"), encoding: .utf8)
                .split(separator: "\n")
            XCTAssertEqual(lines.isEmpty, document.blocks.isEmpty, output)
            for (i, line) in lines.enumerated() {
                let value = try JSONValue.parse(Data(line.utf8))
                XCTAssertEqual(validator.validate(value), [], "\(output) chunk \(i)")
                XCTAssertEqual(value["index"]?.intValue, i)
                XCTAssertEqual(value["document"]?.stringValue, document.id)
                XCTAssertLessThanOrEqual(value["tokens"]?.intValue ?? .max, 512)
                // Its pages and times are those of its blocks.
                let blocks = (value["blocks"]?.arrayValue ?? []).compactMap(\.intValue).map { document.blocks[$0] }
                XCTAssertEqual(value["firstPage"]?.intValue, blocks.compactMap(\.page).min(), "\(output) chunk \(i)")
                XCTAssertEqual(value["lastPage"]?.intValue, blocks.compactMap(\.page).max(), "\(output) chunk \(i)")
                XCTAssertEqual(value["start"]?.doubleValue, blocks.compactMap(\.start).min(), "\(output) chunk \(i)")
                XCTAssertTrue(blocks.allSatisfy { $0.source == value["source"]?.intValue }, "\(output) chunk \(i)")
                chunkCount += 1
            }
        }
        XCTAssertGreaterThan(checkedBlocks, 100)
        XCTAssertGreaterThan(chunkCount, written.count)
        XCTAssertGreaterThanOrEqual(anchors, 2, "the PDFs' pages are anchored")

        // A re-run skips every document: what is there is not written again; what is gone is.
        let md = out.appendingPathComponent(written[0]).deletingPathExtension().appendingPathExtension("md")
        let other = out.appendingPathComponent(written[1]).deletingPathExtension().appendingPathExtension("md")
        let stamp = try FileManager.default.attributesOfItem(atPath: other.path)[.modificationDate] as? Date
        try FileManager.default.removeItem(at: md)
        let second = try convert([samples, "--out", out.path, "--format", "markdown", "--chunks"])
        XCTAssertNotEqual(second.status, 2, second.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: md.path), "made again for a skipped document")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: other.path)[.modificationDate] as? Date, stamp)

        // Another budget: the chunks are cut again, the Markdown is left alone.
        let third = try convert([samples, "--out", out.path, "--format", "markdown", "--chunks", "--set", "output.chunks.tokens=64"])
        XCTAssertNotEqual(third.status, 2, third.stderr)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: other.path)[.modificationDate] as? Date, stamp)
        for output in written {
            let lines = try String(contentsOf: out.appendingPathComponent(output).deletingPathExtension().appendingPathExtension("chunks.jsonl"),
                                   encoding: .utf8).split(separator: "\n")
            for line in lines {
                let value = try JSONValue.parse(Data(line.utf8))
                XCTAssertEqual(value["budget"]?.intValue, 64, output)
                XCTAssertLessThanOrEqual(value["tokens"]?.intValue ?? .max, 64, output)
            }
        }
    }

    /// `ingest watch --once` writes them too, for the documents it converts.
    func testWatchWritesThemToo() throws {
        let inbox = dir.url.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let course = try String(contentsOf: Corpus.repositoryRoot.appendingPathComponent("samples/the-water-cycle.txt"), encoding: .utf8)
        try course.write(to: inbox.appendingPathComponent("cycle.txt"), atomically: true, encoding: .utf8)
        let r = try IngestBinary.run(["watch", inbox.path, "--once", "--out", out.path, "--format", "markdown", "--chunks", "--quiet",
                                      "--library", dir.url.appendingPathComponent("lib/library.sqlite").path, "--lang", "en"],
                                     environment: ["INGEST_CONFIG": ""], currentDirectory: dir.url)
        XCTAssertEqual(r.status, 0, r.stderr)
        let document = try JSONDecoder().decode(ImportedDocument.self, from: Data(contentsOf: out.appendingPathComponent("cycle.json")))
        let text = try plain(out.appendingPathComponent("cycle.md"))
        for block in document.blocks { XCTAssertTrue(text.contains(words(block.text)), block.text) }
        let chunks = try String(contentsOf: out.appendingPathComponent("cycle.chunks.jsonl"), encoding: .utf8).split(separator: "\n")
        XCTAssertFalse(chunks.isEmpty)
        XCTAssertEqual(chunks.map { words(String((try? JSONValue.parse(Data($0.utf8)))?["text"]?.stringValue ?? "")) }.joined(separator: " "),
                       document.blocks.map { words($0.text) }.joined(separator: " "))
    }

    func testAnUnknownFormatIsRefusedAsTheConfigurationWould() throws {
        let note = try dir.write("note.txt", "Une note.")
        let r = try convert([note.path, "--out", out.path, "--format", "pdf"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("config.invalidValue") && r.stderr.contains("output.format"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.appendingPathComponent("note.json").path))
    }
}
