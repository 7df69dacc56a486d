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

    /// What LibreOffice Impress 7.4 makes of pandoc's MathML when it saves the deck of
    /// `testImpressFormulaObjects` (its import of MathML), as the StarMath of each object says.
    enum ImpressChange: CaseIterable {
        case nameCutToALetter, braceClosingCases, fractionTakesTheSum, binomialAsFraction, signTakesWhatFollows

        var why: String {
            switch self {
            case .nameCutToALetter: return "a function name cut to its first letter: `nitalic l` for ln (sin, cos, det, gcd, max alike)"
            case .braceClosingCases: return "cases closed by a second brace: `left lbrace matrix{…} right lbrace`"
            case .fractionTakesTheSum: return "`frac {a} {b} + …`: LibreOffice's `frac` takes the sum after it into the denominator"
            case .binomialAsFraction: return "a binomial as a fraction with its bar: `left ( frac { n } { k } right )`"
            case .signTakesWhatFollows: return "a charge sign then `toward`, a subscript or a sign (`\"HO\" ^ - toward`): the sign takes what follows"
            }
        }

        func holds(_ s: String) -> Bool {
            switch self {
            case .nameCutToALetter: return s.contains("nitalic ")
            case .braceClosingCases: return s.contains("left lbrace matrix") && s.contains("right lbrace")
            case .fractionTakesTheSum: return Self.fractionBeforeASign(s)
            case .binomialAsFraction: return s.contains("left ( frac { n")
            case .signTakesWhatFollows: return s.range(of: #"\^ [+-] (toward|_|\+)"#, options: .regularExpression) != nil
            }
        }

        /// Whether some `frac {…} {…}` is followed by `+`, `-` or `times` (LibreOffice writes its
        /// tokens apart, so the groups are counted by token).
        static func fractionBeforeASign(_ s: String) -> Bool {
            let t = s.split(separator: " ").map(String.init)
            for i in t.indices where t[i] == "frac" {
                var j = i + 1
                for _ in 0..<2 where j < t.count && t[j] == "{" {
                    var depth = 0
                    while j < t.count {
                        if t[j] == "{" { depth += 1 } else if t[j] == "}" { depth -= 1; if depth == 0 { j += 1; break } }
                        j += 1
                    }
                }
                if j < t.count, ["+", "-", "times"].contains(t[j]) { return true }
            }
            return false
        }
    }

    static let impressChanges: [Int: ImpressChange] = {
        var t: [Int: ImpressChange] = [:]
        let lists: [(ImpressChange, [Int])] = [
            (.nameCutToALetter, [19, 20, 21, 22, 38, 42, 55, 56, 64, 65, 66, 67, 68, 69, 75, 76, 84, 85, 92, 93, 94, 100, 101, 102,
                                 103, 104, 105, 108, 110, 123, 129, 130, 142, 188, 191, 212, 228, 230, 241, 245, 261, 263, 265, 273, 281]),
            (.braceClosingCases, [115, 116, 271, 276, 278, 280]),
            (.fractionTakesTheSum, [58, 59, 83, 113, 189, 202]),
            (.binomialAsFraction, [32, 33, 34, 153]),
            (.signTakesWhatFollows, [248, 249, 253, 269]),
        ]
        for (change, numbers) in lists { for n in numbers { t[n] = change } }
        return t
    }()

    /// What LibreOffice's .pptx export of that deck loses beyond Impress's import: what its own
    /// parser cannot read back (the texts Ingest still reads, `StarMathReader`), and integral limits.
    enum PptxChange: CaseIterable {
        case textLibreOfficeCannotParse, integralLimitsHidden

        var why: String {
            switch self {
            case .textLibreOfficeCannotParse:
                return "a StarMath text LibreOffice's parser refuses (`left mline`, `left divides`, `{ = …}`, `csub ⏟ csub`, `{ parallel`, a charge `^ + }`): its export drops or moves what follows"
            case .integralLimitsHidden: return "integral limits written hidden and empty (`m:subHide`, `<m:sub/>`)"
            }
        }

        /// `starMath`: the object's annotation in the .odp; `slide`: the slide's XML in the .pptx.
        func holds(starMath: String, slide: String) -> Bool {
            switch self {
            case .textLibreOfficeCannotParse:
                return ["left mline", "left divides", "{ =", "csub ⏟ csub", "{ parallel", "+ }"].contains { starMath.contains($0) }
            case .integralLimitsHidden: return slide.contains("<m:subHide m:val=\"1\"/>") && slide.contains("<m:sub/>")
            }
        }
    }

    static let pptxChanges: [Int: PptxChange] = {
        var t: [Int: PptxChange] = [:]
        for n in [23, 36, 45, 107, 114, 117, 122, 162, 210, 242, 243, 244, 250, 277, 282] { t[n] = .textLibreOfficeCannotParse }
        for n in [81, 82, 86, 87, 88, 89, 90, 158] { t[n] = .integralLimitsHidden }
        return t
    }()

    /// The StarMath annotation of each labelled formula's object in a LibreOffice .odt or .odp, by
    /// number: the object a frame links to after the label `Formule N :` in `content.xml`.
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
