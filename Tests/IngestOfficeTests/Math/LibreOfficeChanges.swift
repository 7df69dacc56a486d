import Foundation
import IngestZip
import XCTest

/// The formulas of `FormulaCorpus` that LibreOffice 7.4's import of pandoc's .docx changes before
/// Ingest sees the file, each with the evidence the file itself holds: the `StarMath 5.0`
/// annotation of its formula object in the .odt LibreOffice wrote — the text LibreOffice sets the
/// formula from (its PDF export of that .odt draws what it says, `¿` where it cannot parse it).
/// What these files say is not the source any more, so `FormulaFidelityTests` counts them apart;
/// every entry is checked against the file at each run (the evidence must be there, and the
/// formula must still differ from its source), so the list cannot grow stale silently.
enum LibreOfficeChanges {
    enum Change: CaseIterable {
        case bracketClosedByParenthesis, acute, plainSetLetter, plainScriptLetter, limitOverFraction,
             shortMatrixRow, determinantBars, braceUnderLastTerm, emptyBase, chargeEndsGroup

        var why: String {
            switch self {
            case .bracketClosedByParenthesis: return "a bracket (|…|, […], the brace of cases) closed by `right )`"
            case .acute: return "\\bar imported as `acute`"
            case .plainSetLetter: return "ℝ, ℕ imported as the letters R, N"
            case .plainScriptLetter: return "\\mathcal{A} imported as the letter A"
            case .limitOverFraction: return "the fraction after \\lim imported as `lim csub {…} {…} over {x}`: lim in the numerator"
            case .shortMatrixRow: return "aligned rows: the second row's empty first cell lost (`## =`), ¿ in LibreOffice's own rendering and its .docx"
            case .determinantBars: return "vmatrix: a text ∣ and a `right )` without `left`, ¿ in LibreOffice"
            case .braceUnderLastTerm: return "underbrace: `n csub {⏟} csub {…}` under the last term only, ¿ in LibreOffice"
            case .emptyBase: return "an empty base before scripts imported as LibreOffice's placeholder `<?>` (drawn ❑)"
            case .chargeEndsGroup: return "a charge ending its group (`^ {2 +}`): LibreOffice's .docx export puts the rest of the equation in the superscript"
            }
        }

        /// Which of LibreOffice's files the change reaches: its .odt keeps the StarMath (Ingest reads
        /// a charge, and an aligned row short of its empty cell, as written), its .docx is written
        /// from LibreOffice's parse of it (an empty base is written empty again).
        var inOdt: Bool { self != .chargeEndsGroup && self != .shortMatrixRow }
        var inDocx: Bool { self != .emptyBase }

        /// Whether `starMath` (the formula's annotation) shows the change.
        func holds(_ s: String) -> Bool {
            func count(_ f: String) -> Int { s.components(separatedBy: f).count - 1 }
            switch self {
            case .bracketClosedByParenthesis:
                return s.contains("right )") && [("left lline", "right rline"), ("left [", "right ]"), ("left lbrace", "right none")]
                    .contains { count($0.0) > count($0.1) }
            case .acute: return s.contains("acute {")
            case .plainSetLetter: return (s.contains("∈ R") || s.contains("∈ N")) && !s.contains("setR") && !s.contains("setN")
            case .plainScriptLetter: return s.hasPrefix("A = ")
            case .limitOverFraction: return s.hasPrefix("lim csub {x → 0} {") && s.contains("} over {x}")
            case .shortMatrixRow: return s.hasPrefix("matrix {") && s.contains("## =")
            case .determinantBars: return s.contains("∣matrix {") && !s.contains("left lline")
            case .braceUnderLastTerm: return s.contains("csub {⏟} csub {")
            case .emptyBase: return s.contains("<?> rsub")
            case .chargeEndsGroup: return s.contains("+}")
            }
        }
    }

    /// Formula number (1-based, as labelled) → the change.
    static let changes: [Int: Change] = {
        var t: [Int: Change] = [:]
        let lists: [(Change, [Int])] = [
            (.bracketClosedByParenthesis, [23, 36, 47, 84, 87, 107, 108, 115, 116, 162, 163, 210, 241, 242, 243, 244, 245, 254, 256,
                                           261, 266, 271, 276, 278, 280]),
            (.acute, [37, 147, 159, 160]),
            (.plainSetLetter, [48, 49, 50, 51, 120]),
            (.plainScriptLetter, [131, 136]),
            (.limitOverFraction, [64, 67]),
            (.shortMatrixRow, [114, 277, 282]),
            (.determinantBars, [45, 273]),
            (.braceUnderLastTerm, [117]),
            (.emptyBase, [267, 268]),
            (.chargeEndsGroup, [248, 249, 250, 253]),
        ]
        for (change, numbers) in lists { for n in numbers { t[n] = change } }
        return t
    }()

    /// The StarMath annotation of each labelled formula's object in a LibreOffice .odt, by number:
    /// the object a frame links to after the label `Formule N :` in `content.xml`.
    static func annotations(_ odt: URL, label: String) throws -> [Int: String] {
        let archive = try ZipArchive(url: odt)
        func text(_ name: String) throws -> String? {
            guard let entry = archive.entry(name) else { return nil }
            return String(decoding: try archive.data(entry), as: UTF8.self)
        }
        let content = try XCTUnwrap(try text("content.xml"))
        let links = try NSRegularExpression(pattern: label + #" (\d+) :|xlink:href="\./(Object \d+)""#)
        let annotation = try NSRegularExpression(pattern: #"<annotation encoding="StarMath 5.0">(.*?)</annotation>"#, options: [.dotMatchesLineSeparators])
        var out: [Int: String] = [:]
        var pending: Int?
        let ns = content as NSString
        for m in links.matches(in: content, range: NSRange(location: 0, length: ns.length)) {
            if m.range(at: 1).location != NSNotFound { pending = Int(ns.substring(with: m.range(at: 1))); continue }
            guard let n = pending, let object = try text(ns.substring(with: m.range(at: 2)) + "/content.xml") else { continue }
            pending = nil
            let o = object as NSString
            guard let a = annotation.firstMatch(in: object, range: NSRange(location: 0, length: o.length)) else { continue }
            out[n] = o.substring(with: a.range(at: 1)).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        }
        return out
    }
}
