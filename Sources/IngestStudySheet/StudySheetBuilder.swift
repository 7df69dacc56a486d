import Foundation
import IngestCore

/// The offline study sheet (SPEC §7): from the text alone, headings become sections and
/// `term: meaning` lines become definitions (`DefinitionRecognizer`). It highlights nothing it
/// cannot know is important, and every passage keeps where it comes from and how it was read,
/// so an OCR'd or auto-captioned passage can be told apart. Its JSON form is described by
/// `schemas/study-sheet.schema.json`; `StudySheetMarkdown` renders it for a person.
public struct StudySheet: Codable, Sendable, Equatable {
    public static let currentSchemaVersion = 2

    /// A source of the document, as the sheet names it.
    public struct SourceInfo: Codable, Sendable, Equatable {
        public var name: String
        /// The files of a source of several (photos of one lesson), in page order.
        public var files: [String]?
        public var kind: SourceKind
        public var provenance: [Provenance]
    }
    /// A passage: a paragraph, list item, quote, table, code or the cues of a video, in order.
    public struct Paragraph: Codable, Sendable, Equatable {
        public var kind: Block.Kind
        public var text: String
        /// List marker as the text shows it ("1.", "•"), for list items.
        public var marker: String?
        public var source: Int
        public var page: Int?
        /// Seconds from the start, for captions and transcripts.
        public var start: Double?
        public var provenance: Provenance
        /// A table's cells, row by row (the first row is the header a pipe table shows).
        public var rows: [[String]]?
        /// A display formula's LaTeX, when its reader gave one.
        public var latex: String?
    }
    public struct Definition: Codable, Sendable, Equatable {
        public var term: String
        public var meaning: String
        /// The grammatical note of a dictionary-style line (`n. f.`, `adj.`), when there is one.
        public var grammar: String?
        public var source: Int
        public var page: Int?
        public var start: Double?
        public var provenance: Provenance
    }
    public struct Section: Codable, Sendable, Equatable {
        public var heading: String?
        /// 0 for the text before the first heading, else the heading's level (1 = top).
        public var level: Int
        public var paragraphs: [Paragraph]
        public var definitions: [Definition]
    }
    public var schemaVersion = StudySheet.currentSchemaVersion
    public var documentId: String
    public var revision: Int
    public var title: String
    public var language: String
    public var readiness: Readiness.Status
    public var sources: [SourceInfo]
    public var sections: [Section]
}

public enum StudySheetBuilder {
    /// Consecutive caption cues are joined into passages of about this many characters.
    static let cueParagraphCharacters = 600

    /// A line that carries on a meaning: it starts in lower case and the meaning does not end
    /// a sentence.
    static func continues(_ meaning: String, with next: String) -> Bool {
        guard let first = next.first, first.isLowercase, let end = meaning.last else { return false }
        return !".!?;:»\")".contains(end)
    }

    /// A text that is one web address alone (`https://example.org/docs/`): a link of its own, no words going on a meaning.
    static func addressAlone(_ text: String) -> Bool {
        let t = text.trimmingSpaces()
        return (t.hasPrefix("http://") || t.hasPrefix("https://") || t.hasPrefix("www.")) && !t.contains(where: \.isWhitespace)
    }

    /// Terms a document gives three or more different meanings: the fields of records it repeats
    /// (`Duration: 15 minutes`, `Duration: 1 hour`), not terms it defines — or three lines and two meanings within records
    /// (blocks whose every line is a field, `Package: libfoo1` / `Description: date helper library`: `isRecord`).
    static func fieldTerms(_ blocks: [Block]) -> Set<String> { fieldTerms(passages(blocks), records: blocks.map { isRecord($0.text) }) }

    static func fieldTerms(_ passages: [[DefinitionRecognizer.Passage]?], records: [Bool] = []) -> Set<String> {
        var meanings: [String: Set<String>] = [:]
        var inRecords: [String: (lines: Int, meanings: Set<String>)] = [:]
        for (index, read) in passages.enumerated() {
            guard let read else { continue }
            // (Every line shaped as a definition, the declined ones too: a record's field is told by its shape.)
            for case let d? in read.map(\.shaped) {
                let opening = d.meaning.lowercased().split(separator: " ").prefix(3).joined(separator: " ")
                meanings[d.term.lowercased(), default: []].insert(opening)
                if records.indices.contains(index), records[index] {
                    inRecords[d.term.lowercased(), default: (0, [])].lines += 1
                    inRecords[d.term.lowercased(), default: (0, [])].meanings.insert(opening)
                }
            }
        }
        return Set(meanings.filter { $0.value.count >= 3 }.keys).union(inRecords.filter { $0.value.lines >= 3 && $0.value.meanings.count >= 2 }.keys)
    }

    /// A block of two lines or more each a field and its value (`Package: libfoo1` / `Description: date helper library`): a record.
    static func isRecord(_ text: String) -> Bool {
        guard text.utf8.contains(UInt8(ascii: "\n")) else { return false }
        let lines = text.split(separator: "\n")
        return lines.count >= 2 && lines.allSatisfy { line in
            guard let colon = line.range(of: ": ") else { return false }
            let key = line[..<colon.lowerBound].split(separator: " ")
            return (1...2).contains(key.count) && key.first?.first?.isUppercase == true
        }
    }

    /// Each paragraph's and list item's passages read on their own (not going on from the block
    /// before), by block index; nil for the other blocks and those without a separator. Read once:
    /// the field terms need them all before `build` goes through the blocks, which takes them again.
    static func passages(_ blocks: [Block]) -> [[DefinitionRecognizer.Passage]?] {
        blocks.map(passages(of:))
    }

    static func passages(of block: Block) -> [DefinitionRecognizer.Passage]? {
        guard block.kind == .paragraph || block.kind == .listItem, DefinitionRecognizer.mayHoldDefinition(block.text) else { return nil }
        return DefinitionRecognizer.passages(block.text, listItem: block.kind == .listItem, markingDeclined: true)
    }

    /// A term alone on its line (`1. **Threat Agent**:`, a list item or a paragraph), its meaning the paragraph after it
    /// (`A threat agent is an individual…`): the two read as one, as if the meaning followed the colon, when the recogniser
    /// takes the line so made for a definition (its sure sign included) — the passages of the two blocks read as one; nil
    /// otherwise (a label, `Example:`, `Steps:`; a list or a table after the term; a meaning in lower case: a sentence going on).
    static func loneTerm(_ block: Block, before next: Block?) -> [DefinitionRecognizer.Passage]? {
        guard block.kind == .paragraph || block.kind == .listItem, let next, next.kind == .paragraph, next.source == block.source,
              block.text.utf8.count <= 80, !block.text.contains("\n") else { return nil }
        let term = block.text.trimmingSpaces()
        guard term.hasSuffix(":"), term.count >= 3, let first = next.text.first, first.isUppercase else { return nil }
        guard DefinitionRecognizer.namesTermAsSubject(String(term.dropLast()), next.text) else { return nil }
        let passages = DefinitionRecognizer.passages(term + " " + next.text, markingDeclined: true)
        guard case .definition? = passages.first else { return nil }
        return passages
    }

    /// `build`, with its blocks' passages read by whoever helps (`PassageReading.help()` on other
    /// threads) as well as by the thread that builds: reading them is most of a long document's
    /// sheet. The same sheet as `build(document)`.
    public static func build(_ document: ImportedDocument, reading: PassageReading) -> StudySheet {
        build(document, alone: reading.passages())
    }

    public static func build(_ document: ImportedDocument) -> StudySheet {
        build(document, alone: passages(document.blocks))
    }

    /// A paragraph that is only a references label (`Resources:`, `Further reading :`,
    /// `Bibliographie :`, `Pour aller plus loin :`): the list after it is of works to read.
    /// Most paragraphs do not end in a colon: their last scalars tell so before the text is
    /// trimmed (bridged to NSString, and the set made anew, that was ≈ 0.1 M instructions a
    /// paragraph: most of `build(_:alone:)`'s 0.75 G on gnuplot.pdf). The trimmed text ends in
    /// `:` only if the last scalar outside the set is `:` (no other Character is canonically
    /// equivalent to `:`), and holds a line break only if one lies between the first and last
    /// scalars outside it (the set's members are all single UTF-16 units: NSString trims whole
    /// scalars). Only such a text is made into its trimmed line.
    static func labelsReferences(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        @inline(__always) func trimmed(_ s: Unicode.Scalar) -> Bool {
            s.isASCII ? asciiTrimmed[Int(s.value)] : referencesLabelTrimmed.contains(s)
        }
        guard let last = scalars.lastIndex(where: { !trimmed($0) }), scalars[last] == ":",
              let first = scalars.firstIndex(where: { !trimmed($0) }) else { return false }
        let kept = scalars[first...last]
        guard !kept.contains("\n") else { return false }
        let line = String(kept)
        return line.hasSuffix(":") && DefinitionRecognizer.opensReferences(line)
    }

    /// What a references label is read without: spaces, line breaks and Markdown's emphasis marks.
    static let referencesLabelTrimmed = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "*_"))
    /// `referencesLabelTrimmed`'s members among the ASCII scalars, by value.
    static let asciiTrimmed: [Bool] = (0..<128).map { referencesLabelTrimmed.contains(Unicode.Scalar(UInt8($0))) }

    static func build(_ document: ImportedDocument, alone: [[DefinitionRecognizer.Passage]?]) -> StudySheet {
        var sections: [StudySheet.Section] = []
        var current = StudySheet.Section(heading: nil, level: 0, paragraphs: [], definitions: [])
        func flush() {
            if current.heading != nil || !current.paragraphs.isEmpty || !current.definitions.isEmpty { sections.append(current) }
        }
        // Whether the last thing added to the section was a definition (not a passage).
        var lastWasDefinition = false
        // (A record is looked for only in a paragraph that holds a line of a definition's shape: `isRecord` splits the text.)
        let fields = fieldTerms(alone, records: document.blocks.indices.map { i in
            document.blocks[i].kind == .paragraph && alone[i]?.contains { $0.shaped != nil } == true && isRecord(document.blocks[i].text)
        })
        var previous: Block?
        // Sibling list items that are a list of pairs (`Triceps: overhead extension`) stay as written.
        // So do the items of a list of uses (`bind: DNS server configuration`, `disk quota: user quota management`: DefinitionListKinds).
        let pairs = DefinitionRecognizer.pairLists(document.blocks.indices.map { (document.blocks[$0].kind == .listItem, alone[$0]) })
            .union(DefinitionRecognizer.usesLists(document.blocks.map { $0.kind == .listItem ? $0.text : nil }))
        // Whether the blocks since the last paragraph are the list a references label opens.
        var references = false
        // The paragraph a lone term took for its meaning (`loneTerm`), already in the sheet.
        var taken: Int?
        for (index, block) in document.blocks.enumerated() {
            defer { previous = block }
            if index == taken { continue }
            let listsReferences = references && block.kind == .listItem
            references = listsReferences || (block.kind == .paragraph && Self.labelsReferences(block.text))
            // The block's text still to read: all of it, or what a cut meaning did not carry over.
            var text = block.text
            var afterCarried = false
            // A figure without a caption has no words for the sheet.
            if block.kind == .figure, block.text.isEmpty { continue }
            // A new part of a bundle (a lesson's glossary, then its video's captions) starts a
            // section of its own: its passages are not under the last part's heading.
            if block.kind != .heading, let previous, previous.source != block.source {
                lastWasDefinition = false
                flush()
                current = StudySheet.Section(heading: nil, level: 0, paragraphs: [], definitions: [])
            }
            if block.kind == .heading {
                lastWasDefinition = false
                flush()
                current = StudySheet.Section(heading: block.text, level: block.level ?? 1, paragraphs: [], definitions: [])
                continue
            }
            if block.kind == .cue, var last = current.paragraphs.last, last.kind == .cue, last.source == block.source,
               last.provenance == block.provenance, last.text.utf8.count + block.text.utf8.count < cueParagraphCharacters {
                last.text += " " + block.text
                current.paragraphs[current.paragraphs.count - 1] = last
                continue
            }
            // A definition's meaning cut by the line or column end (OCR, PDF columns): the next
            // block starting in lower case, after a meaning that does not end a sentence, goes on it.
            // A block that starts with a definition of its own (`dipôle : Élément…`) is the next one, not this one's end.
            // (So does a list item of a definition's shape the recogniser refused, `nc: network debugging…` under `toe: table of
            // terminfo entries`: an item of its own, DefinitionListKinds.itemShape; and an item that is an address alone, a link.)
            if lastWasDefinition, block.kind == .paragraph || block.kind == .listItem, let last = current.definitions.last,
               last.source == block.source, Self.continues(last.meaning, with: block.text),
               !(block.kind == .listItem && (DefinitionRecognizer.itemShape(block.text) != nil || Self.addressAlone(block.text))),
               DefinitionRecognizer.definition(String(block.text.prefix { $0 != "\n" })) == nil {
                // Only up to the sentence's end: a page break inside a list pandoc glued into one
                // paragraph leaves more definitions after it, read afresh (`carriedOver`).
                let (carried, rest) = DefinitionRecognizer.carriedOver(block.text)
                current.definitions[current.definitions.count - 1].meaning += " " + carried
                guard let rest else { continue }
                text = rest
                afterCarried = true
            }
            func paragraph(_ text: String) -> StudySheet.Paragraph {
                StudySheet.Paragraph(kind: block.kind, text: text, marker: block.marker, source: block.source, page: block.page,
                                     start: block.start, provenance: block.provenance,
                                     rows: block.rows.map { $0.map { $0.map(\.text) } }, latex: block.latex)
            }
            // The block's passages into the section: text as paragraphs, definitions as definitions.
            func add(_ passages: [DefinitionRecognizer.Passage]) {
                for passage in passages {
                    switch passage {
                    case .text(let lines):
                        current.paragraphs.append(paragraph(lines.joined(separator: "\n")))
                        lastWasDefinition = false
                    case .definition(let d):
                        current.definitions.append(.init(term: d.term, meaning: d.meaning, grammar: d.grammar, source: block.source,
                                                         page: block.page, start: block.start, provenance: block.provenance))
                        lastWasDefinition = true
                    case .declined:
                        continue   // its lines are in the text passages
                    }
                }
            }
            // The works a references label lists (`Further reading:` / `- Seeing Theory: A visual
            // introduction to probability`): a title and a note on it, no definition.
            if listsReferences {
                lastWasDefinition = false
                current.paragraphs.append(paragraph(text))
                continue
            }
            // Tables and code are kept whole; most other blocks hold no separator at all.
            guard block.kind != .table, block.kind != .code, block.kind != .cue, DefinitionRecognizer.mayHoldDefinition(text) else {
                lastWasDefinition = false
                current.paragraphs.append(paragraph(text))
                continue
            }
            // Definitions only where a sentence starts and is whole (DefinitionPassages).
            lastWasDefinition = false
            if !listsReferences, !pairs.contains(index), let joined = Self.loneTerm(block, before: document.blocks.indices.contains(index + 1) ? document.blocks[index + 1] : nil),
               !joined.contains(where: { $0.shaped.map { fields.contains($0.term.lowercased()) } ?? false }) {
                taken = index + 1
                add(joined)
                continue
            }
            // A paragraph the page's end cut (`…comme en` / `mathématiques : un test…`) starts no sentence.
            // (The previous paragraph's last line is split off only for a text that starts in lower case.)
            let continuing = !afterCarried && block.kind == .paragraph && previous?.kind == .paragraph && previous?.source == block.source
                && text.first?.isLowercase == true
                && !DefinitionRecognizer.endsSentence(String(previous!.text.split(separator: "\n").last ?? ""))
            let passages = (continuing || afterCarried ? nil : alone[index])
                ?? DefinitionRecognizer.passages(text, listItem: block.kind == .listItem, continuing: continuing, markingDeclined: true)
            // A field of records (`Duration: …`, `Agile framework: …` under each meeting) stays as written.
            if pairs.contains(index) || passages.contains(where: { $0.shaped.map { fields.contains($0.term.lowercased()) } ?? false }) {
                current.paragraphs.append(paragraph(text))
                continue
            }
            add(passages)
        }
        flush()
        return StudySheet(documentId: document.id, revision: document.revision, title: document.title, language: document.language,
                          readiness: document.readiness.status,
                          sources: document.sources.map { .init(name: $0.name, files: $0.files, kind: $0.kind, provenance: $0.provenance) },
                          sections: sections)
    }
}
