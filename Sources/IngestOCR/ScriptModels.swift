import Foundation
import IngestCore

/// Which Tesseract languages read which script, as Tesseract's script detection (`osd`) names
/// scripts: a page in a script none of `ocr.languages` reads is not recognised with them — fra+eng
/// on Arabic gives junk, slowly — but named, with the Debian package whose model reads it.
public enum ScriptModels {
    /// Scripts `osd` names that Latin-script models do not read, and the language (Debian
    /// package `tesseract-ocr-<code>`) a user most likely needs for each.
    static let languageFor: [String: String] = [
        "Arabic": "ara", "Armenian": "hye", "Bengali": "ben", "Cyrillic": "rus", "Devanagari": "hin",
        "Ethiopic": "amh", "Georgian": "kat", "Greek": "ell", "Gujarati": "guj", "Gurmukhi": "pan",
        "Han": "chi_sim", "HanS": "chi_sim", "HanT": "chi_tra", "Hangul": "kor", "Hebrew": "heb",
        "Japanese": "jpn", "Kannada": "kan", "Khmer": "khm", "Lao": "lao", "Malayalam": "mal",
        "Myanmar": "mya", "Sinhala": "sin", "Tamil": "tam", "Telugu": "tel", "Thai": "tha", "Tibetan": "bod",
    ]
    /// The scripts each non-Latin language reads (a language not listed reads Latin only).
    static let scriptsOf: [String: Set<String>] = {
        var out: [String: Set<String>] = [:]
        for (script, code) in languageFor { out[code, default: []].insert(script) }
        for code in ["rus", "ukr", "bel", "bul", "mkd", "srp", "kaz", "kir", "mon", "tgk", "uzb_cyrl"] { out[code, default: []].insert("Cyrillic") }
        for code in ["ara", "fas", "urd", "pus", "uig", "snd"] { out[code, default: []].insert("Arabic") }
        for code in ["chi_sim", "chi_tra", "chi_sim_vert", "chi_tra_vert", "jpn", "jpn_vert"] {
            out[code, default: []].formUnion(["Han", "HanS", "HanT"])
        }
        out["jpn", default: []].insert("Japanese")
        out["kor", default: []].insert("Hangul")
        for code in ["mar", "nep", "san"] { out[code, default: []].insert("Devanagari") }
        out["yid", default: []].insert("Hebrew")
        out["grc", default: []].insert("Greek")
        return out
    }()

    /// Script detection confidence from which the script is trusted alone. Measured on 40 Latin
    /// pages (bench/ocr/pays38.py, issue 38): always named Latin, but with 2.3–203; Arabic 29,
    /// Cyrillic 1.9, Han 1.4. Under it a page is read, its script named, and the dictionaries
    /// decide (`JunkPages` in the pipeline).
    static let minimumConfidence = 10.0

    /// The script when `languages` ("fra+eng") has no model for it, else nil.
    static func missing(script: String, confidence: Double, languages: String) -> String? {
        guard confidence >= minimumConfidence, languageFor[script] != nil else { return nil }
        let read = TessData.split(languages).reduce(into: Set<String>()) { $0.formUnion(scriptsOf[$1] ?? []) }
        return read.contains(script) ? nil : script
    }

    /// `ocr.scriptNotInstalled` for `page`, naming the script and the package that reads it.
    public static func warning(_ script: String, page: Int, context: ExtractionContext) -> Warning {
        context.warning(.ocrScriptNotInstalled, ["page": String(page), "script": script,
                                                 "package": TessData.package(for: languageFor[script] ?? "script-" + script.lowercased())],
                        page: page)
    }
}
