import Foundation
import IngestCore

/// What `--format markdown` and `--chunks` add beside a document's `NAME.json`: `NAME.md`
/// (`MarkdownWriter`) and `NAME.chunks.jsonl` (`ChunkBuilder`, one chunk a line), each written
/// atomically. The JSON stays the record of the document (what a re-run and delivery read);
/// these are renderings of it, so they are made from the written JSON and made again whenever
/// it is newer than they are.
public enum MarkdownOutput {
    public struct Options: Sendable, Equatable {
        public var markdown: Bool
        /// The chunks' token budget; nil for no chunks.
        public var chunkTokens: Int?
        public init(markdown: Bool, chunkTokens: Int?) { self.markdown = markdown; self.chunkTokens = chunkTokens }
        public init(_ output: PipelineConfig.Output) {
            self.init(markdown: output.format == .markdown, chunkTokens: output.chunks.enabled ? output.chunks.tokens : nil)
        }
        public var isEmpty: Bool { !markdown && chunkTokens == nil }
    }

    public static func markdownURL(beside documentURL: URL) -> URL {
        documentURL.deletingPathExtension().appendingPathExtension("md")
    }

    public static func chunksURL(beside documentURL: URL) -> URL {
        documentURL.deletingPathExtension().appendingPathExtension("chunks.jsonl")
    }

    /// The budget of the chunks written beside `documentURL` (their first line's), if any.
    static func chunksBudget(beside documentURL: URL) -> Int? {
        guard let handle = try? FileHandle(forReadingFrom: chunksURL(beside: documentURL)) else { return nil }
        defer { try? handle.close() }
        // A first line is one chunk: its text is at most the budget's worth of characters.
        guard let head = try? handle.read(upToCount: 1 << 20), let end = head.firstIndex(of: UInt8(ascii: "\n")),
              let line = try? JSONValue.parse(head[..<end]) else { return nil }
        return line["budget"]?.intValue
    }

    /// Writes the renderings `options` asks for of `document`, beside `documentURL`.
    public static func write(_ document: ImportedDocument, beside documentURL: URL, options: Options) throws {
        if options.markdown {
            try OutputWriter.write(Data(MarkdownWriter.render(document).utf8), to: markdownURL(beside: documentURL))
        }
        if let budget = options.chunkTokens {
            let chunks = ChunkBuilder.chunks(of: document, budget: budget)
            try OutputWriter.write(to: chunksURL(beside: documentURL)) { put in
                for chunk in chunks {
                    var line = try StreamingJSONEncoder.encodeBytes(chunk, pretty: false)
                    line.append(UInt8(ascii: "\n"))
                    try line.withUnsafeBytes { try put($0) }
                }
            }
        }
    }

    /// Reads the document written at `documentURL` and writes its renderings beside it — with
    /// `onlyWhenStale`, only those missing, older than the document, or (chunks) cut to another
    /// budget. Returns whether anything was written.
    @discardableResult
    public static func write(besideDocumentAt documentURL: URL, options: Options, onlyWhenStale: Bool = false) throws -> Bool {
        var options = options
        if onlyWhenStale {
            func modified(_ url: URL) -> Date? {
                (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
            }
            let written = modified(documentURL) ?? .distantFuture
            if options.markdown, let md = modified(markdownURL(beside: documentURL)), md >= written { options.markdown = false }
            if let budget = options.chunkTokens, let chunks = modified(chunksURL(beside: documentURL)), chunks >= written,
               chunksBudget(beside: documentURL) == budget { options.chunkTokens = nil }
        }
        guard !options.isEmpty else { return false }
        let document: ImportedDocument
        do { document = try JSONDecoder().decode(ImportedDocument.self, from: Data(contentsOf: documentURL)) } catch {
            throw IngestError(.fileUnreadable, ["reason": documentURL.path], detail: String(describing: error))
        }
        try write(document, beside: documentURL, options: options)
        return true
    }
}
