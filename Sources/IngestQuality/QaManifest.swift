import Foundation
import IngestCore
#if canImport(Glibc)
import Glibc
#endif

/// What a corpus's documents should give, named by document (its output name, e.g. `cours/ch1`
/// for `cours/ch1.pdf`, `photos/IMG` for the photos `photos/IMG_1.jpg`…):
/// the expected text, the expected readiness verdict, the document it should be found to repeat,
/// and what its formulas and tables should be (`structure`: the Markdown or LaTeX source it was
/// made from, or an expected JSON; see `ExpectedStructure`).
///
/// JSON: `{"documents": [{"name": "ch1", "expected": "expected/ch1.expected.txt",
/// "readiness": "ready", "duplicateOf": "ch0", "structure": "sources/ch1.md"}]}`; TSV: a header line
/// `name	expected	readiness	duplicateOf	structure` (columns after `name` optional, empty cells
/// allowed) and one line per document. Paths are relative to the manifest's folder.
public struct QaManifest: Sendable, Equatable {
    public struct Entry: Sendable, Equatable, Codable {
        public var name: String
        public var expected: String?
        public var readiness: String?
        public var duplicateOf: String?
        /// Where the expected formulas and tables are read from (`ExpectedStructure.read`).
        public var structure: String?
        public init(name: String, expected: String? = nil, readiness: String? = nil, duplicateOf: String? = nil,
                    structure: String? = nil) {
            self.name = name; self.expected = expected; self.readiness = readiness; self.duplicateOf = duplicateOf
            self.structure = structure
        }
    }
    public var entries: [String: Entry]
    /// The manifest's folder: expected paths are relative to it.
    public var directory: URL
    /// Shell patterns (`*.tex`, `pdf/*.ref`) of corpus files that are not documents (JSON only:
    /// `"exclude": [...]`), matched against the path in the corpus and against the file name.
    public var exclude: [String] = []

    public static let readinessNames: Set<String> = ["ready", "short", "notReady"]

    public init(entries: [Entry], directory: URL) throws(IngestError) {
        var byName: [String: Entry] = [:]
        for (i, e) in entries.enumerated() {
            guard !e.name.isEmpty else { throw Self.invalid(.qaReasonNoName, ["index": "\(i + 1)"]) }
            if let r = e.readiness, !Self.readinessNames.contains(r) {
                throw Self.invalid(.qaReasonBadReadiness, ["name": e.name, "value": r])
            }
            guard byName[e.name] == nil else { throw Self.invalid(.qaReasonListedTwice, ["name": e.name]) }
            byName[e.name] = e
        }
        self.entries = byName
        self.directory = directory
    }

    /// Reads a `.json` or `.tsv` manifest (by its first character: `{` is JSON).
    public static func load(_ url: URL) throws(IngestError) -> QaManifest {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw IngestError(.fileUnreadable, ["reason": url.path], detail: String(describing: error))
        }
        guard let text = String(data: data, encoding: .utf8) else { throw invalid(.qaReasonNotUTF8) }
        let directory = url.deletingLastPathComponent()
        if text.drop(while: \.isWhitespace).first == "{" {
            struct File: Decodable { var documents: [Entry]; var exclude: [String]? }
            do {
                let file = try JSONDecoder().decode(File.self, from: data)
                var manifest = try QaManifest(entries: file.documents, directory: directory)
                manifest.exclude = file.exclude ?? []
                return manifest
            } catch let e as IngestError { throw e } catch {
                // Foundation's decoder words the error: quoted.
                throw IngestError(.qaManifestInvalid, MessageCatalog.phrase("reason", .qaReasonJSON, quoting: ["detail": "\(error)"]))
            }
        }
        var lines = text.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
        guard !lines.isEmpty else { throw invalid(.qaReasonEmpty) }
        let header = lines.removeFirst().split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard header.first == "name" else { throw invalid(.qaReasonHeader) }
        let known: Set<String> = ["name", "expected", "readiness", "duplicateOf", "structure"]
        if let unknown = header.first(where: { !known.contains($0) }) { throw invalid(.qaReasonUnknownColumn, ["name": unknown]) }
        let entries = lines.map { line -> Entry in
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map { String($0) }
            func cell(_ column: String) -> String? {
                guard let i = header.firstIndex(of: column), i < cells.count else { return nil }
                let v = cells[i].trimmingCharacters(in: .whitespaces)
                return v.isEmpty ? nil : v
            }
            return Entry(name: cell("name") ?? "", expected: cell("expected"), readiness: cell("readiness"), duplicateOf: cell("duplicateOf"),
                         structure: cell("structure"))
        }
        return try QaManifest(entries: entries, directory: directory)
    }

    /// The expected texts and structures the manifest names: references, not documents of the corpus.
    public var expectedPaths: Set<String> {
        Set(entries.keys.flatMap { [expectedURL($0)?.path, structureURL($0)?.path].compactMap { $0 } })
    }

    /// Whether the file at `relativePath` in the corpus is left out (`exclude`).
    public func excludes(_ relativePath: String) -> Bool {
        let name = (relativePath as NSString).lastPathComponent
        return exclude.contains { fnmatch($0, relativePath, 0) == 0 || fnmatch($0, name, 0) == 0 }
    }

    public func expectedURL(_ name: String) -> URL? {
        entries[name]?.expected.map { URL(fileURLWithPath: $0, relativeTo: directory).standardizedFileURL }
    }

    public func structureURL(_ name: String) -> URL? {
        entries[name]?.structure.map { URL(fileURLWithPath: $0, relativeTo: directory).standardizedFileURL }
    }

    static func invalid(_ reason: ErrorCode, _ arguments: [String: String] = [:]) -> IngestError {
        IngestError(.qaManifestInvalid, MessageCatalog.phrase("reason", reason, arguments))
    }
}
