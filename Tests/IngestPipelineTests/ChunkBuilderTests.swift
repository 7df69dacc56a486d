import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestPipeline

/// Chunks over seeded generated documents whose sentences, rows and headings are known: no
/// chunk over the budget, no sentence, row or formula cut (except a sentence longer than the
/// whole budget, flagged), every word once and in order, each chunk's heading path, pages and
/// times those of its first block, and at most 5 % of chunks under a quarter of the budget.
final class ChunkBuilderTests: XCTestCase {
    struct Generated {
        var document: ImportedDocument
        /// Every unit the text holds, in order: headings, sentences, rows (cells apart by ` | `), formulas.
        var units: [String] = []
        var sentences: [String] = []
        var rows: [String] = []
        /// The heading path of each block (a heading's own path includes it).
        var paths: [[String]] = []
    }

    static let vocabulary = ["onde", "fréquence", "période", "milieu", "énergie", "matière", "son", "air", "vitesse", "mesure", "hertz",
                             "l'oreille", "perçoit", "vibration", "propage", "amplitude", "signal", "capteur", "pression", "aiguë",
                             "grave", "décibels", "3.14", "12", "x_1", "(voir", "figure)", "M. Dupont", "etc. et", "e.g. ceci", "$x^2$",
                             "«", "»", "—", "100 %", "km/h", "Fourier", "NASA", "p. 12", "H₂O", "perturbation", "transportent"]

    struct Maker {
        var random: SeededGenerator
        var serial = 0
        var budget: Int

        mutating func word() -> String { ChunkBuilderTests.vocabulary.randomElement(using: &random)! }

        /// A sentence with a unique word in it, sometimes longer than the whole budget.
        mutating func sentence() -> String {
            serial += 1
            let long = Int.random(in: 0..<40, using: &random) == 0
            let count = long ? budget + Int.random(in: 0...budget, using: &random) : Int.random(in: 2...30, using: &random)
            var words = ["Phrase\(serial)"] + (0..<count).map { _ in word() }
            words[words.count - 1] += [".", ".", ".", "?", "!", "…"].randomElement(using: &random)!
            return words.joined(separator: " ")
        }

        mutating func make(sourcesCount: Int) -> Generated {
            var g = Generated(document: ImportedDocument(id: "doc", title: "t", titleSource: "typed", language: "fr", text: "", blocks: [],
                                                        sources: [], readiness: Readiness(status: .ready, characters: 0),
                                                        fingerprint: Fingerprint(value: "", basis: .content, titleKey: ""),
                                                        pipelineVersion: "t", createdAt: "t"))
            var blocks: [Block] = []
            for source in 0..<sourcesCount {
                let captions = source == 1 && Bool.random(using: &random)
                g.document.sources.append(SourceRecord(kind: captions ? .subtitles : .pdf, name: "s\(source)", byteSize: 1, sha256: "",
                                                       provenance: [captions ? .captionsManual : .textLayer]))
                var page = 1, time = 0.0
                var path: [(Int, String)] = []
                func add(_ block: Block) {
                    var block = block
                    block.source = source
                    if captions { block.start = time; block.end = time + 2; time += 2.5 } else { block.page = page }
                    blocks.append(block)
                    g.paths.append(path.map(\.1))
                }
                if captions {
                    // Cues cut sentences anywhere: a sentence goes on over several cues.
                    let sentences = (0..<Int.random(in: 10...60, using: &random)).map { _ in sentence() }
                    g.sentences += sentences; g.units += sentences
                    var words = sentences.joined(separator: " ").split(separator: " ").map(String.init)
                    while !words.isEmpty {
                        let n = min(words.count, Int.random(in: 1...12, using: &random))
                        add(Block(kind: .cue, text: words.prefix(n).joined(separator: " "), provenance: .captionsManual))
                        words.removeFirst(n)
                    }
                    continue
                }
                for _ in 0..<Int.random(in: 2...12, using: &random) {
                    let level = Int.random(in: 1...3, using: &random)
                    let heading = "Titre \(serial) niveau \(level)"
                    serial += 1
                    path.removeAll { $0.0 >= level }
                    path.append((level, heading))
                    add(Block(kind: .heading, text: heading, level: level, provenance: .textLayer))
                    g.units.append(heading)
                    for _ in 0..<Int.random(in: 0...5, using: &random) {
                        if Int.random(in: 0..<4, using: &random) == 0 { page += 1 }
                        switch Int.random(in: 0..<10, using: &random) {
                        case 0..<5:
                            let sentences = (0..<Int.random(in: 1...8, using: &random)).map { _ in sentence() }
                            g.sentences += sentences; g.units += sentences
                            let text = sentences.joined(separator: " ")
                            // A paragraph broken by a page end, mid-sentence.
                            let words = text.split(separator: " ")
                            if words.count > 6, Bool.random(using: &random) {
                                let cut = Int.random(in: 1..<(words.count - 1), using: &random)
                                add(Block(kind: .paragraph, text: words[..<cut].joined(separator: " "), provenance: .textLayer))
                                page += 1
                                add(Block(kind: .paragraph, text: words[cut...].joined(separator: "\n"), provenance: .textLayer))
                            } else {
                                add(Block(kind: .paragraph, text: text, provenance: .textLayer))
                            }
                        case 5..<7:
                            for _ in 0..<Int.random(in: 1...5, using: &random) {
                                let s = sentence()
                                g.sentences.append(s); g.units.append(s)
                                add(Block(kind: .listItem, text: s, level: 0, marker: "•", provenance: .textLayer))
                            }
                        case 7..<9:
                            let width = Int.random(in: 2...4, using: &random)
                            // Each row's first cell names it, so no row's text is inside another's.
                            let rows = (0..<Int.random(in: 2...8, using: &random)).map { _ in
                                serial += 1
                                return [TableCell(text: "Rang\(serial)")] + (1..<width).map { _ in
                                    TableCell(text: (0..<Int.random(in: 1...4, using: &random)).map { _ in word() }.joined(separator: " "))
                                }
                            }
                            let texts = rows.map { $0.map(\.text).joined(separator: " | ") }
                            g.rows += texts; g.units += texts
                            add(Block(kind: .table, text: texts.joined(separator: "\n"), provenance: .textLayer, rows: rows))
                        default:
                            let latex = "\\frac{a_{\(serial)}}{b} = \\sqrt{c}"
                            serial += 1
                            g.units.append("$$" + latex + "$$")
                            add(Block(formula: latex, text: "a/b = √c", provenance: .textLayer))
                        }
                    }
                }
            }
            g.document.blocks = blocks
            return g
        }
    }

    func words(_ s: String) -> [Substring] { s.split(whereSeparator: \.isWhitespace) }

    func testSeededDocumentsChunkWithinBudgetAndKeepSentencesWhole() {
        var maker = Maker(random: SeededGenerator(seed: 512), budget: 64)
        var total = 0, small = 0, splitChunks = 0
        for round in 0..<80 {
            let budget = [48, 64, 128, 256, 512][round % 5]
            maker.budget = budget
            let g = maker.make(sourcesCount: 1 + round % 2)
            let chunks = ChunkBuilder.chunks(of: g.document, budget: budget)
            let blocks = g.document.blocks
            XCTAssertFalse(chunks.isEmpty)
            for (i, c) in chunks.enumerated() {
                XCTAssertEqual(c.index, i)
                XCTAssertLessThanOrEqual(c.tokens, budget, "round \(round): \(c.text)")
                XCTAssertEqual(c.tokens, ChunkTokens.count(c.text))
                // A heading goes with what it heads, unless that does not fit beside it (a
                // sentence nearly as long as the budget, which cannot be cut).
                if i + 1 < chunks.count, chunks[i + 1].source == c.source, c.blocks.count == 1, blocks[c.blocks[0]].kind == .heading {
                    XCTAssertGreaterThan(c.tokens + chunks[i + 1].tokens, budget, "round \(round): a lone heading: \(c.text)")
                }
                XCTAssertEqual(c.blocks, c.blocks.sorted())
                XCTAssertEqual(Set(c.blocks).count, c.blocks.count)
                XCTAssertTrue(c.blocks.allSatisfy { blocks[$0].source == c.source }, "a chunk never holds two sources")
                XCTAssertEqual(c.sourceName, "s\(c.source)")
                XCTAssertEqual(c.headingPath, g.paths[c.blocks[0]], "round \(round) chunk \(i)")
                let pages = c.blocks.compactMap { blocks[$0].page }
                XCTAssertEqual(c.firstPage, pages.min()); XCTAssertEqual(c.lastPage, pages.max())
                let starts = c.blocks.compactMap { blocks[$0].start }
                XCTAssertEqual(c.start, starts.min())
                if c.split == true { splitChunks += 1 }
                total += 1
                if c.tokens < budget / 4 { small += 1 }
            }
            // Every word once, in order: nothing lost, nothing repeated, nothing added.
            XCTAssertEqual(chunks.flatMap { words($0.text) }, g.units.flatMap { words($0) }, "round \(round)")
            // Whole sentences, rows and formulas: each inside exactly one chunk, unless a
            // sentence is longer than the budget — then its pieces are flagged.
            for s in g.sentences {
                let holding = chunks.filter { $0.text.contains(s) }
                if ChunkTokens.count(s) <= budget {
                    XCTAssertEqual(holding.count, 1, "round \(round): sentence cut: \(s)")
                } else {
                    XCTAssertTrue(holding.isEmpty)
                    let first = String(words(s).prefix(3).joined(separator: " "))
                    XCTAssertEqual(chunks.first { $0.text.contains(first) }?.split, true, "round \(round): \(first)")
                }
            }
            for row in g.rows { XCTAssertEqual(chunks.filter { $0.text.contains(row) }.count, 1, "round \(round): row cut: \(row)") }
            for u in g.units where u.hasPrefix("$$") { XCTAssertEqual(chunks.filter { $0.text.contains(u) }.count, 1, u) }
        }
        XCTAssertGreaterThan(splitChunks, 0, "the generator makes sentences longer than the budget")
        XCTAssertLessThanOrEqual(Double(small), 0.05 * Double(total), "\(small) of \(total) chunks under a quarter of the budget")
        print("chunks: \(total), under a quarter of the budget: \(small) (\(String(format: "%.2f", 100 * Double(small) / Double(total))) %), split: \(splitChunks)")
    }

    /// Chunks as written (`NAME.chunks.jsonl` lines) are valid against `schemas/chunk.schema.json`,
    /// for our validator and Python's jsonschema.
    func testChunksMatchTheirSchema() throws {
        var maker = Maker(random: SeededGenerator(seed: 7), budget: 64)
        let g = maker.make(sourcesCount: 2)
        let chunks = ChunkBuilder.chunks(of: g.document, budget: 64)
        let schema = try String(contentsOf: Corpus.repositoryRoot.appendingPathComponent("schemas/chunk.schema.json"), encoding: .utf8)
        let validator = try SchemaValidator(schemaText: schema)
        let dir = try TemporaryDirectory("chunks")
        defer { dir.remove() }
        var files: [URL] = []
        for c in chunks {
            let data = try StreamingJSONEncoder.encode(c, pretty: false)
            XCTAssertFalse(data.contains(UInt8(ascii: "\n")), "one chunk, one line")
            XCTAssertEqual(validator.validate(try JSONValue.parse(data)), [])
            if files.count < 40 { files.append(try dir.write("c\(c.index).json", data)) }
        }
        try validateWithJSONSchema(schema: "chunk.schema.json", files: files)
    }

    func testTokensAreWordPiecesAndAddUp() {
        XCTAssertEqual(ChunkTokens.count("onde"), 1)
        XCTAssertEqual(ChunkTokens.count("perturbation"), 3)
        XCTAssertEqual(ChunkTokens.count("l'onde, 3.14 !"), 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1)
        XCTAssertEqual(ChunkTokens.count("  \n \u{00A0}"), 0)
        XCTAssertEqual(ChunkTokens.count("H₂O"), 1)
        XCTAssertEqual(ChunkTokens.count("e\u{301}te\u{301}"), ChunkTokens.count("été"), "an accent is part of its letter")
        XCTAssertEqual(ChunkTokens.count("👩‍👩‍👧"), 3, "each emoji of a joined sequence counts one")
        var random = SeededGenerator(seed: 4)
        for _ in 0..<500 {
            let a = (0..<Int.random(in: 0...6, using: &random)).map { _ in Self.vocabulary.randomElement(using: &random)! }.joined(separator: " ")
            let b = (0..<Int.random(in: 0...6, using: &random)).map { _ in Self.vocabulary.randomElement(using: &random)! }.joined(separator: " ")
            XCTAssertEqual(ChunkTokens.count(a + "\n" + b), ChunkTokens.count(a) + ChunkTokens.count(b))
        }
    }

    func testSentencesEndWhereTheTextSays() {
        func split(_ s: String) -> [String] { ChunkSentences.ranges(in: s).map { String(s[$0]) } }
        XCTAssertEqual(split("M. Dupont mesure 3.14 m. Puis il part ! Et après ?"), ["M. Dupont mesure 3.14 m.", "Puis il part !", "Et après ?"])
        XCTAssertEqual(split("Voir p. 12 et fig. 3, etc. et la suite.\nUne ligne qui\ncontinue."), ["Voir p. 12 et fig. 3, etc. et la suite.", "Une ligne qui\ncontinue."])
        XCTAssertEqual(split("Soit $a. B$ une borne. « Oui. » Fin."), ["Soit $a. B$ une borne.", "« Oui. » Fin."])
        XCTAssertEqual(split("Premier paragraphe sans point\n\nSecond"), ["Premier paragraphe sans point", "Second"])
        XCTAssertEqual(split("The U.S. Army left in 52 av. J.-C. Then Mr. Smith came."), ["The U.S. Army left in 52 av. J.-C. Then Mr. Smith came."])
    }
}
