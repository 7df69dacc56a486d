import Foundation
import IngestCore

/// The offline study sheet (SPEC §7): from the text alone, titles become sections and
/// `term: meaning` lines become definitions. It highlights nothing it cannot know is important.
public struct StudySheet: Codable, Sendable, Equatable {
    public struct Definition: Codable, Sendable, Equatable { public var term: String; public var meaning: String }
    public struct Section: Codable, Sendable, Equatable {
        public var heading: String?
        public var level: Int
        public var paragraphs: [String]
        public var definitions: [Definition]
    }
    public var schemaVersion = 1
    public var documentId: String
    public var title: String
    public var language: String
    public var readiness: Readiness.Status
    public var sections: [Section]
}

public enum StudySheetBuilder {
    public static func build(_ document: ImportedDocument) -> StudySheet {
        var sections: [StudySheet.Section] = []
        var current = StudySheet.Section(heading: nil, level: 0, paragraphs: [], definitions: [])
        func flush() {
            if current.heading != nil || !current.paragraphs.isEmpty || !current.definitions.isEmpty { sections.append(current) }
        }
        for block in document.blocks {
            if block.kind == .heading {
                flush()
                current = StudySheet.Section(heading: block.text, level: block.level ?? 1, paragraphs: [], definitions: [])
                continue
            }
            var rest: [String] = []
            for line in block.text.split(separator: "\n") {
                if let d = definition(String(line)) { current.definitions.append(d) } else { rest.append(String(line)) }
            }
            if !rest.isEmpty { current.paragraphs.append(rest.joined(separator: "\n")) }
        }
        flush()
        return StudySheet(documentId: document.id, title: document.title, language: document.language,
                          readiness: document.readiness.status, sections: sections)
    }

    /// `term: meaning` or `term — meaning`, with a short term (1–6 words) that is not a time,
    /// a URL or a sentence.
    static func definition(_ line: String) -> StudySheet.Definition? {
        let trimmed = line.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "-•* "))
        for separator in [" : ", ": ", " — ", " – "] {
            guard let range = trimmed.range(of: separator) else { continue }
            let term = trimmed[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            let meaning = trimmed[range.upperBound...].trimmingCharacters(in: .whitespaces)
            let words = term.split(separator: " ")
            guard (1...6).contains(words.count), meaning.count >= 3, term.first?.isLetter == true,
                  !term.contains("http"), !term.hasSuffix("."), term.rangeOfCharacter(from: .decimalDigits) == nil || words.count > 1
            else { continue }
            return .init(term: term, meaning: meaning)
        }
        return nil
    }
}
