import Foundation
import IngestCore

/// One piece of a document for retrieval (`NAME.chunks.jsonl`, one chunk a line; schema
/// `schemas/chunk.schema.json`): whole sentences, table rows, formulas and code blocks, at most
/// the budget of tokens (`ChunkTokens`), never across two sources.
public struct Chunk: Codable, Sendable, Equatable {
    /// The document's id, and this chunk's place among its chunks (from 0).
    public var document: String
    public var index: Int
    /// The units joined: a space between sentences of one paragraph, a line break between blocks
    /// (a heading met inside the chunk is a line of it; a table row is its cells apart by ` | `).
    public var text: String
    public var tokens: Int
    /// The budget the chunks were cut to (`output.chunks.tokens`).
    public var budget: Int
    /// The headings above the chunk's first unit, outermost first (that unit itself when it is
    /// a heading); empty before the first heading.
    public var headingPath: [String]
    /// Index into the document's `sources`, and that source's name (or URL).
    public var source: Int
    public var sourceName: String
    /// The pages the chunk's blocks are on, when the source has pages.
    public var firstPage: Int?
    public var lastPage: Int?
    /// The time span of its cues, in seconds, for captions and transcripts.
    public var start: Double?
    public var end: Double?
    /// Indexes into the document's `blocks` of what the chunk holds, in order.
    public var blocks: [Int]
    /// True when the chunk holds part of a sentence (or row) longer than the whole budget, cut
    /// between words: the only way a sentence is ever split. Absent otherwise.
    public var split: Bool?

    public init(document: String, index: Int, text: String, tokens: Int, budget: Int, headingPath: [String], source: Int,
                sourceName: String, firstPage: Int? = nil, lastPage: Int? = nil, start: Double? = nil, end: Double? = nil,
                blocks: [Int], split: Bool? = nil) {
        self.document = document; self.index = index; self.text = text; self.tokens = tokens; self.budget = budget; self.headingPath = headingPath
        self.source = source; self.sourceName = sourceName; self.firstPage = firstPage; self.lastPage = lastPage
        self.start = start; self.end = end; self.blocks = blocks; self.split = split
    }
}
