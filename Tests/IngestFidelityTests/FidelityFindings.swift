import Foundation
import IngestCore
import IngestQuality

/// Every way a born-digital document departs from its source, one sentence each, so that the
/// known gaps can name them exactly. Words are those of `textdiff.py` and `ingest qa`
/// (`TextComparison`: runs of letters and digits, so `10⁸` is one word and `108` another): word
/// recall and precision are 1.0 exactly when no `missing word` or `extra word` is found.
enum FidelityFindings {
    static func of(_ document: ImportedDocument, truth: SourceTruth, structure: FidelityVariant.Structure) -> [String] {
        words(document.text, expected: truth.expectedText) + numbers(document.text, expected: truth.expectedText)
            + compounds(document.text, expected: truth.expectedText)
            + title(document, truth: truth) + headings(document.blocks, truth: truth, structure: structure) + lists(document.blocks, truth: truth, structure: structure)
            + tables(document.blocks, truth: truth, structure: structure)
    }

    /// `missing word «w»` (×n when more than once): in the source, not in the text; `extra
    /// word «w»`: in the text, not in the source (multisets, order aside).
    static func words(_ text: String, expected: String) -> [String] {
        func counts(_ s: String) -> [String: Int] {
            TextComparison.words(TextComparison.normalize(s)).reduce(into: [:]) { $0[String($1), default: 0] += 1 }
        }
        let have = counts(text), want = counts(expected)
        func times(_ n: Int) -> String { n > 1 ? " ×\(n)" : "" }
        var out: [String] = []
        for (w, n) in want.sorted(by: { $0.key < $1.key }) where n > have[w, default: 0] {
            out.append("missing word «\(w)»" + times(n - have[w, default: 0]))
        }
        for (w, n) in have.sorted(by: { $0.key < $1.key }) where n > want[w, default: 0] {
            out.append("extra word «\(w)»" + times(n - want[w, default: 0]))
        }
        return out
    }

    /// `number «−273,15» lost`, `extra number «…»`: a number with what words leave out — its
    /// sign (`−`, or `-` not inside a word), its decimal comma, and the superscript or subscript
    /// digits and charges glued to it (`10⁻¹⁹`, `²⁺`, `₄²⁻`). A minus and a hyphen-minus are one sign.
    static func numbers(_ text: String, expected: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "(?:(?<![\\p{L}\\p{N}])[−-]|[⁻⁺+])?\\p{N}[\\p{N}⁻⁺]*(?:,\\p{N}+)*")
        func counts(_ s: String) -> [String: Int] {
            let n = TextComparison.normalize(s).replacingOccurrences(of: "-", with: "−")
            return pattern.matches(in: n, range: NSRange(n.startIndex..., in: n))
                .reduce(into: [:]) { $0[String(n[Range($1.range, in: n)!]), default: 0] += 1 }
        }
        let have = counts(text), want = counts(expected)
        func times(_ n: Int) -> String { n > 1 ? " ×\(n)" : "" }
        return want.sorted { $0.key < $1.key }.compactMap { w, n in n > have[w, default: 0] ? "number «\(w)» lost" + times(n - have[w, default: 0]) : nil }
            + have.sorted { $0.key < $1.key }.compactMap { w, n in n > want[w, default: 0] ? "extra number «\(w)»" + times(n - want[w, default: 0]) : nil }
    }

    /// `compound «haut-parleur» lost ×n`: a hyphenated word of the source found fewer times in
    /// the text, hyphen and all (joined, split by a space or a dash, it is lost).
    static func compounds(_ text: String, expected: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "[\\p{L}\\p{N}’]+(?:-[\\p{L}\\p{N}’]+)+")
        func counts(_ s: String) -> [String: Int] {
            let n = TextComparison.normalize(s)
            return pattern.matches(in: n, range: NSRange(n.startIndex..., in: n))
                .reduce(into: [:]) { $0[String(n[Range($1.range, in: n)!]), default: 0] += 1 }
        }
        let have = counts(text)
        return counts(expected).sorted { $0.key < $1.key }.compactMap { w, n in
            n > have[w, default: 0] ? "compound «\(w)» lost" + (n - have[w, default: 0] > 1 ? " ×\(n - have[w, default: 0])" : "") : nil
        }
    }

    /// None of the generated files has a title in its metadata (pandoc's EPUB one is the file
    /// name, which Ingest rightly passes over): the title is the source's first heading.
    static func title(_ document: ImportedDocument, truth: SourceTruth) -> [String] {
        guard let first = truth.headings.first, !same(document.title, first.text) else { return [] }
        return ["title «\(document.title)» (\(document.titleSource)), not the first heading «\(first.text)»"]
    }

    static func same(_ a: String, _ b: String) -> Bool { TextComparison.normalize(a) == TextComparison.normalize(b) }

    /// Each heading of the source is a heading block, at its level. Slides carry only the deck's
    /// title (`#`, pandoc's title slide) and the slide titles (`##`): deeper headings are bold
    /// lines on a slide, not headings of the format, and are not asked for.
    static func headings(_ blocks: [Block], truth: SourceTruth, structure: FidelityVariant.Structure) -> [String] {
        guard structure != .none else { return [] }
        let wanted = truth.headings.filter { structure != .slides || $0.level <= 2 }
        return wanted.compactMap { h in
            let found = blocks.filter { same($0.text, h.text) }
            if let b = found.first(where: { $0.kind == .heading }) {
                return b.level == h.level ? nil : "heading «\(h.text)» at level \(b.level.map(String.init) ?? "none"), not \(h.level)"
            }
            return "heading «\(h.text)» (level \(h.level)) is " + (found.first.map { "a \($0.kind.rawValue)" } ?? "not a block of its own")
        }
    }

    /// Each list item of the source is a list-item block with its text; a numbered one keeps
    /// its number (`2.`), as a marker or at the start of its text. A bullet's glyph is the
    /// renderer's (`•`, babel French's `—`) and is not compared.
    static func lists(_ blocks: [Block], truth: SourceTruth, structure: FidelityVariant.Structure) -> [String] {
        guard structure != .none else { return [] }
        func withoutBullet(_ s: String) -> String {
            let n = TextComparison.normalize(s)
            guard let first = n.first, "•—–-▪◦*".contains(first) else { return n }
            return TextComparison.normalize(String(n.dropFirst()))
        }
        return truth.listItems.compactMap { item in
            let ordered = item.marker != "•"
            let text = TextComparison.normalize(item.text)
            let candidates = blocks.filter { b in
                withoutBullet(b.text) == text || same(b.text, item.marker + " " + item.text)
            }
            guard let b = candidates.first(where: { $0.kind == .listItem }) else {
                if let b = candidates.first { return "list item «\(item.text)» is a \(b.kind.rawValue)" }
                let inside = blocks.first { TextComparison.normalize($0.text).contains(text) }
                return "list item «\(item.text)» is " + (inside.map { "inside a \($0.kind.rawValue)" } ?? "not found")
            }
            if ordered, b.marker != item.marker, !same(b.text, item.marker + " " + item.text) {
                return "list item «\(item.text)» lost its number \(item.marker) (marker \(b.marker ?? "none"))"
            }
            return nil
        }
    }

    /// Each table of the source is a table block with the same cells, row by row, in order.
    static func tables(_ blocks: [Block], truth: SourceTruth, structure: FidelityVariant.Structure) -> [String] {
        guard structure != .none else { return [] }
        let found = blocks.filter { $0.kind == .table }
        return truth.tables.enumerated().compactMap { i, rows in
            guard i < found.count, let cells = found[i].rows else { return "table \(i + 1) is not a table block" }
            let have = cells.map { $0.map { TextComparison.normalize($0.text) } }
            let want = rows.map { $0.map(TextComparison.normalize) }
            return have == want ? nil : "table \(i + 1) cells differ: " + have.map { $0.joined(separator: " | ") }.joined(separator: " / ")
        }
    }
}
