import Foundation
import IngestCore

/// How many of a document's expected formulas it gives, equal after `FormulaMatch`'s
/// normalisation: the formula blocks' LaTeX and the `$…$` of its text blocks, each used once.
public struct FormulaScore: Codable, Sendable, Equatable {
    public var expected: Int
    /// Expected formulas found equal.
    public var found: Int
    /// `found ÷ expected` (1 when none is expected).
    public var score: Double
    /// The formulas the document gives (formula blocks and inline `$…$`).
    public var given: Int
    /// The expected formulas not found, in the source's order (the first 20).
    public var missing: [String]?

    public static let missingShown = 20

    public init(expected: [String], given: [String]) {
        var pool: [String: Int] = [:]
        for g in given { pool[FormulaMatch.normalize(g), default: 0] += 1 }
        var missing: [String] = []
        for e in expected {
            let key = FormulaMatch.normalize(e)
            if let n = pool[key], n > 0 { pool[key] = n - 1 } else { missing.append(e) }
        }
        self.expected = expected.count
        found = expected.count - missing.count
        score = expected.isEmpty ? 1 : (Double(found) / Double(expected.count) * 10000).rounded() / 10000
        self.given = given.count
        self.missing = missing.isEmpty ? nil : Array(missing.prefix(Self.missingShown))
    }

    /// The formulas `document` gives: each formula block's LaTeX (its text when it has none), and
    /// the `$…$` spans of its headings, paragraphs, list items, definitions, quotes and table cells.
    public static func formulas(in blocks: [Block]) -> [String] {
        var out: [String] = []
        for block in blocks {
            switch block.kind {
            case .formula: out.append(block.latex ?? block.text)
            case .table:
                for row in block.rows ?? [] { for cell in row { out += ExpectedStructure.dollarFormulas(cell.text) } }
            case .code, .cue: break
            default: out += ExpectedStructure.dollarFormulas(block.text)
            }
        }
        return out
    }
}

/// How close a document's tables are to the expected ones: each expected table's TEDS against the
/// table block that matches it best (each block used once, in the expected order, as
/// bench/tables/run.py), 0 for a table not found.
public struct TableScore: Codable, Sendable, Equatable {
    public var expected: Int
    /// Table blocks the document gives.
    public var given: Int
    /// The mean of `scores` (1 when none is expected).
    public var score: Double
    /// Each expected table's TEDS, in the source's order.
    public var scores: [Double]

    public init(expected: [[[String]]], given: [[[String]]]) {
        var used = Set<Int>(), scores: [Double] = []
        for table in expected {
            var best = 0.0, which: Int?
            for (i, g) in given.enumerated() where !used.contains(i) {
                let s = TableTEDS.similarity(g, table)
                if s > best { best = s; which = i }
            }
            if let which { used.insert(which) }
            scores.append((best * 10000).rounded() / 10000)
        }
        self.expected = expected.count
        self.given = given.count
        self.scores = scores
        score = scores.isEmpty ? 1 : ((scores.reduce(0, +) / Double(scores.count)) * 10000).rounded() / 10000
    }

    /// The table blocks of `document` as rows of cell texts.
    public static func tables(in document: ImportedDocument) -> [[[String]]] {
        document.blocks.compactMap { b in b.kind == .table ? b.rows?.map { $0.map(\.text) } : nil }
    }
}

extension ExpectedStructure {
    /// The formula score of `document` (nil when no formula is expected).
    public func formulaScore(_ document: ImportedDocument) -> FormulaScore? {
        formulas.isEmpty ? nil : FormulaScore(expected: formulas, given: FormulaScore.formulas(in: document.blocks))
    }

    /// The table score of `document` (nil when no table is expected).
    public func tableScore(_ document: ImportedDocument) -> TableScore? {
        tables.isEmpty ? nil : TableScore(expected: tables, given: TableScore.tables(in: document))
    }
}
