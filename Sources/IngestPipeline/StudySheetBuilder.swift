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
            // Most paragraphs hold no separator at all: keep them whole without splitting.
            guard ByteSearch.contains(block.text, ":") || ByteSearch.contains(block.text, "—") || ByteSearch.contains(block.text, "–") else {
                current.paragraphs.append(block.text)
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
    /// a URL or a sentence. The separator is looked for in the first 80 bytes only (a term is short).
    static func definition(_ line: String) -> StudySheet.Definition? {
        let bytes = Array(line.utf8.prefix(160))
        let separators: [[UInt8]] = [Array(" : ".utf8), Array(": ".utf8), Array(" — ".utf8), Array(" – ".utf8)]
        for separator in separators {
            guard let at = firstIndex(of: separator, in: bytes, before: 80) else { continue }
            let termBytes = bytes[..<at]
            let term = String(decoding: termBytes, as: UTF8.self).trimmingCharacters(in: CharacterSet(charactersIn: " -•*\t"))
            let meaning = (String(line.utf8.dropFirst(at + separator.count)) ?? "").trimmingCharacters(in: .whitespaces)
            let words = term.split(separator: " ")
            guard (1...6).contains(words.count), meaning.count >= 3, term.first?.isLetter == true,
                  !term.contains("http"), !term.hasSuffix("."),
                  term.unicodeScalars.allSatisfy({ !CharacterSet.decimalDigits.contains($0) }) || words.count > 1
            else { continue }
            return .init(term: term, meaning: meaning)
        }
        return nil
    }

    static func firstIndex(of needle: [UInt8], in hay: [UInt8], before limit: Int) -> Int? {
        guard hay.count >= needle.count else { return nil }
        let last = min(limit, hay.count - needle.count)
        guard last >= 0 else { return nil }
        var i = 0
        while i <= last {
            if hay[i] == needle[0] {
                var k = 1
                while k < needle.count && hay[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}
