import CTesseract
import Foundation
import IngestCore

/// One paragraph as Tesseract read it, in reading order.
struct RecognizedParagraph: Sendable, Equatable, Codable {
    var text: String
    var confidence: Double
}

/// One word: its text as read, confidence (0–100) and box as fractions of the image.
struct RecognizedWord: Sendable, Equatable, Codable {
    var text: String
    var confidence: Double
    var box: [Double]
    /// Why the page's ink doubts the word as read (`NumberInk`), nil when it does not.
    var doubt: DoubtfulToken.Reason? = nil
}

/// What one page gave: paragraphs in reading order and every word's confidence (0–100).
struct RecognizedPage: Sendable, Equatable, Codable {
    var paragraphs: [RecognizedParagraph] = []
    var wordConfidences: [Int] = []
    /// The words read with a confidence under `lowConfidenceBelow` (at most `lowConfidenceKept`),
    /// as read: what a person checking the page should look at first.
    var lowConfidenceSample: [String] = []
    /// Every word with its confidence and box (fractions of the recognised image), in reading order.
    var words: [RecognizedWord] = []
    /// Each word's stroke width in pixels of the image Tesseract read, as `words` (`WordInk`):
    /// bold headings at nearly the body's size (`OCRHeadings`).
    var wordStrokes: [Double?]?
    /// The words the page's ink rewrote (`NumberInk`), by index in `words`, as Tesseract read them
    /// (as `recognize` returns the page: later steps may drop or join words).
    var readAs: [Int: String]?
    /// Clockwise quarter turns applied after orientation detection (0 when upright).
    var quarterTurns = 0
    /// The recognised image's width and height in pixels (the words' boxes are fractions of it):
    /// their aspect places the words for the table finder (`OCRTables`).
    var imageSize: [Int]?
    /// The rules drawn in the image, in its pixels (`OCRTables.rules(of:)`): a ruled table's cells.
    var horizontalRules: [PageRule]?, verticalRules: [PageRule]?
    /// Why the page was not recognised though it was looked at (`blank`: nothing on it is
    /// writing; `scriptNotInstalled`: `script` has no installed model); nil for a page read.
    var leftOut: PageRecord.LeftOut?
    var script: String?
    /// True when script detection found the page upright in a script the languages read, and it
    /// read well (`OrientedRecognition`): the document's later pages need not be detected first.
    var readScript: Bool?
    /// Of the words of four letters or more, all in lower case (`valeurs`, `mesurées`), how many were read and how many
    /// the languages' own word lists hold (Tesseract's dictionaries: `TessResultIteratorWordIsFromDictionary`). Writing of
    /// another script read as Latin letters comes out in capitals or mixed case (`SOA FA EMA CHEE`, `oOpa30BaHue`,
    /// `ViVETAL`), and capitals are in the word lists whatever they spell.
    var lowerCaseWords = 0, dictionaryWords = 0

    /// Whether what was read is words of the languages read, however weakly: at least `dictionaryWordsAtLeast` words
    /// in lower case, half of them or more in the languages' word lists — a noisy French page the detector named
    /// Cyrillic (bench/ocr powers.py `latex-300-noise`, page 1). Such a page is in a script the languages read.
    var readsAsItsLanguages: Bool { lowerCaseWords >= Self.dictionaryWordsAtLeast && dictionaryWords * 2 >= lowerCaseWords }
    static let dictionaryWordsAtLeast = 5

    var meanConfidence: Double? {
        wordConfidences.isEmpty ? nil : Double(wordConfidences.reduce(0, +)) / Double(wordConfidences.count)
    }
    var characters: Int { paragraphs.reduce(0) { $0 + $1.text.count } }
    /// The text as `tesseract IMG -` prints it: paragraphs one after the other.
    var text: String { paragraphs.map(\.text).joined() }
}

/// A Tesseract engine initialised once for a set of languages and reused page after page.
/// Not thread-safe: the pool hands each engine to one worker at a time.
// @unchecked: a Tesseract handle (and its lazily made `osd`) is used by one thread at a time
// because `EnginePool` lends it to one worker and takes it back; that hand-over is the pool's
// Monitor, which the compiler cannot relate to this class (a C handle cannot live in a Mutex
// and still be lent for a whole page).
final class TesseractEngine: @unchecked Sendable {
    private let handle: OpaquePointer
    /// Script and orientation detection engine (`osd`), created the first time a page is looked at.
    private var osd: OpaquePointer?
    private var osdUnavailable = false
    let languages: String
    private let dataPath: String?
    /// Line images handed to the network raw (line_images.c); off only in tests comparing both.
    var lineImagesRaw = true
    /// Numbers Tesseract read changed written as their ink reads them (NumberInk); off only in
    /// tests that compare Tesseract's own reading with it.
    var numbersByInk = true

    /// Initialises `languages` ("fra+eng") and checks that every one of them really loaded:
    /// Tesseract's Init succeeds when only some of them did.
    init(languages: String, dataPath: String? = TessData.configuredPath) throws {
        let requested = TessData.split(languages)
        guard !requested.isEmpty else {
            throw IngestError(.configInvalidValue, ["path": "ocr.languages", "value": languages]
                .merging(MessageCatalog.phrase("expected", .schemaOCRLanguages)) { a, _ in a })
        }
        if let bad = requested.first(where: { !TessData.isValidCode($0) }) {
            throw IngestError(.ocrLanguageMissing, ["language": bad, "package": TessData.package(for: bad),
                                                    "path": dataPath ?? TessData.defaultPath])
        }
        try OCRLibraries.requireTesseract()
        handle = try TesseractEngine.open(languages: languages, requested: requested, dataPath: dataPath)
        self.languages = languages
        self.dataPath = dataPath
    }

    /// A handle with every requested language loaded, or the error naming the missing ones.
    private static func open(languages: String, requested: [String], dataPath: String?) throws -> OpaquePointer {
        guard let h = TessBaseAPICreate() else { throw IngestError(.ocrEngineFailed, ["reason": "TessBaseAPICreate"]) }
        let rc = quietInit(h, dataPath: dataPath, languages: languages)
        let loaded = Set(loadedLanguages(h))
        let missing = rc == 0 ? requested.filter { !loaded.contains($0) } : requested.filter { !TessData.isInstalled($0, dataPath) }
        if rc != 0 || !missing.isEmpty {
            TessBaseAPIEnd(h)
            TessBaseAPIDelete(h)
            let names = missing.isEmpty ? requested : missing
            throw IngestError(.ocrLanguageMissing,
                              ["language": names.joined(separator: ", "),
                               "package": names.map(TessData.package(for:)).joined(separator: " "),
                               "path": dataPath ?? TessData.defaultPath],
                              detail: "TessBaseAPIInit4 returned \(rc); data path \(dataPath ?? TessData.defaultPath)")
        }
        return h
    }

    deinit {
        TessBaseAPIEnd(handle)
        TessBaseAPIDelete(handle)
        if let osd { TessBaseAPIEnd(osd); TessBaseAPIDelete(osd) }
    }

    /// Init with Tesseract's diagnostics sent to /dev/null: a library must not write on stderr.
    private static func quietInit(_ h: OpaquePointer, dataPath: String?, languages: String) -> Int32 {
        var names = [strdup("debug_file")]
        var values = [strdup("/dev/null")]
        defer { names.forEach { free($0) }; values.forEach { free($0) } }
        // An engine of LSTM-only languages starts without the legacy engine's universal ambiguities (universal_ambigs.c).
        return UniversalAmbigs.withSkipped(UniversalAmbigs.unused(by: languages, dataPath: dataPath)) {
            TessBaseAPIInit4(h, dataPath, languages, OEM_DEFAULT, nil, 0, &names, &values, 1, 0)
        }
    }

    private static func loadedLanguages(_ h: OpaquePointer) -> [String] {
        guard let vector = TessBaseAPIGetLoadedLanguagesAsVector(h) else { return [] }
        defer { TessDeleteTextArray(vector) }
        var out: [String] = []
        var i = 0
        while let p = vector[i] { out.append(String(cString: p)); i += 1 }
        return out
    }

    /// Recognises one page. Stops at `deadline` through Tesseract's monitor (the check runs
    /// between words), and throws `ocr.pageTimeLimit` then. Takes the image: Tesseract copies it
    /// when it is set, so a caller that hands over its only reference gets it freed right there.
    func recognize(_ pix: consuming PageImage, deadline: Date, limitSeconds: Double, page: Int,
                   lowConfidenceBelow: Double = 60) throws -> RecognizedPage {
        OpenMP.limitCurrentThread()
        defer { TessBaseAPIClear(handle) }
        TessBaseAPISetPageSegMode(handle, PSM_AUTO)
        let pix = Specks.cleaned(pix)   // a page sprinkled with lone pixels is read through a median
        TessBaseAPISetImage2(handle, pix.raw)
        let rules = OCRTables.rules(of: pix.raw)
        let width = pix.width, height = pix.height
        _ = consume pix
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { throw timeLimit(limitSeconds, page) }
        guard let monitor = TessMonitorCreate() else { throw IngestError(.ocrEngineFailed, ["reason": "TessMonitorCreate"], page: page) }
        defer { TessMonitorDelete(monitor) }
        TessMonitorSetDeadlineMSecs(monitor, Int32(min(remaining * 1000, Double(Int32.max / 2)).rounded(.up)))
        // The cancel callback reports a page whose deadline passed even when Tesseract's own
        // check would let the current pass finish.
        let box = Unmanaged.passRetained(DeadlineBox(deadline))
        defer { box.release() }
        TessMonitorSetCancelThis(monitor, box.toOpaque())
        TessMonitorSetCancelFunc(monitor) { this, _ in
            guard let this else { return false }
            return Unmanaged<DeadlineBox>.fromOpaque(this).takeUnretainedValue().deadline.timeIntervalSinceNow <= 0
        }
        // Tesseract's line images kept raw, not compressed and decoded again (line_images.c).
        ingest_tesseract_line_images_raw(lineImagesRaw ? 1 : 0)
        let rc = TessBaseAPIRecognize(handle, monitor)
        ingest_tesseract_line_images_raw(0)
        if deadline.timeIntervalSinceNow <= 0 { throw timeLimit(limitSeconds, page) }
        guard rc == 0 else { throw IngestError(.ocrEngineFailed, MessageCatalog.phrase("reason", .ocrReasonReturned, ["function": "TessBaseAPIRecognize", "code": "\(rc)"]), page: page) }
        var page = collect(lowConfidenceBelow: lowConfidenceBelow, width: width, height: height)
        WordInk.read(thresholdedOf: handle, into: &page, numbers: numbersByInk)
        (page.horizontalRules, page.verticalRules) = (rules.horizontal, rules.vertical)
        return page
    }

    private func timeLimit(_ seconds: Double, _ page: Int) -> IngestError {
        .ocrPageTimeLimit(page: page, seconds: seconds)
    }

    /// Paragraphs the way `TessBaseAPIGetUTF8Text` assembles the page text (image and line
    /// blocks left out), so our text equals the `tesseract` command's.
    private func collect(lowConfidenceBelow: Double, width: Int, height: Int) -> RecognizedPage {
        var page = RecognizedPage()
        if let confs = TessBaseAPIAllWordConfidences(handle) {
            var i = 0
            while confs[i] >= 0 { page.wordConfidences.append(Int(confs[i])); i += 1 }
            TessDeleteIntArray(confs)
        }
        guard let ri = TessBaseAPIGetIterator(handle) else { return page }
        defer { TessResultIteratorDelete(ri) }
        let pi = TessResultIteratorGetPageIterator(ri)
        repeat {
            switch TessPageIteratorBlockType(pi) {
            case PT_FLOWING_IMAGE, PT_HEADING_IMAGE, PT_PULLOUT_IMAGE, PT_HORZ_LINE, PT_VERT_LINE, PT_NOISE: continue
            default: break
            }
            guard let c = TessResultIteratorGetUTF8Text(ri, RIL_PARA) else { continue }
            let text = String(cString: c)
            TessDeleteText(c)
            page.paragraphs.append(RecognizedParagraph(text: text, confidence: Double(TessResultIteratorConfidence(ri, RIL_PARA))))
        } while TessResultIteratorNext(ri, RIL_PARA) != 0
        page.words = words(width: width, height: height, lowerCase: &page.lowerCaseWords, inDictionary: &page.dictionaryWords)
        page.imageSize = [width, height]
        page.lowConfidenceSample = Array(page.words.lazy.filter {
            // A lone `:` or `—` read with low confidence says nothing a person can check.
            $0.confidence < lowConfidenceBelow
                && $0.text.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil })
        }.map(\.text).prefix(Self.lowConfidenceKept))
        return page
    }

    static let lowConfidenceKept = 100

    /// A second walk, word by word (the paragraph walk cannot give word confidences with their
    /// text): every word with its confidence and box, cheap beside recognition.
    private func words(width: Int, height: Int, lowerCase: inout Int, inDictionary: inout Int) -> [RecognizedWord] {
        guard let ri = TessBaseAPIGetIterator(handle) else { return [] }
        defer { TessResultIteratorDelete(ri) }
        let pi = TessResultIteratorGetPageIterator(ri)
        let w = Double(max(1, width)), h = Double(max(1, height))
        func fraction(_ v: Int32, _ of: Double) -> Double { (min(max(Double(v) / of, 0), 1) * 10_000).rounded() / 10_000 }
        var words: [RecognizedWord] = []
        repeat {
            guard let c = TessResultIteratorGetUTF8Text(ri, RIL_WORD) else { continue }
            let text = String(cString: c)
            TessDeleteText(c)
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            let box = TessPageIteratorBoundingBox(pi, RIL_WORD, &left, &top, &right, &bottom) != 0
                ? [fraction(left, w), fraction(top, h), fraction(right, w), fraction(bottom, h)] : []
            words.append(RecognizedWord(text: text, confidence: Double(TessResultIteratorConfidence(ri, RIL_WORD)), box: box))
            let letters = text.unicodeScalars.filter(\.properties.isAlphabetic)
            if letters.count >= 4, letters.allSatisfy(\.properties.isLowercase) {
                lowerCase += 1
                if TessResultIteratorWordIsFromDictionary(ri) != 0 { inDictionary += 1 }
            }
        } while TessResultIteratorNext(ri, RIL_WORD) != 0
        return words
    }

    /// Tesseract's orientation detection: clockwise quarter turns that make the page upright,
    /// and the detector's confidence; nil when it cannot tell (too little text, no `osd` data).
    func uprightTurns(_ pix: PageImage) -> (quarterTurns: Int, confidence: Double)? {
        orientationAndScript(pix).map { ($0.quarterTurns, $0.confidence) }
    }

    /// What Tesseract's orientation and script detection says of a page: clockwise quarter turns
    /// that make it upright with its confidence, and the script (`Latin`, `Arabic`, `Han`…) with
    /// its own; nil when it cannot tell.
    func orientationAndScript(_ pix: PageImage) -> (quarterTurns: Int, confidence: Double, script: String, scriptConfidence: Double)? {
        OpenMP.limitCurrentThread()
        guard let osd = osdEngine() else { return nil }
        defer { TessBaseAPIClear(osd) }
        TessBaseAPISetImage2(osd, pix.raw)
        var degrees: Int32 = 0
        var confidence: Float = 0
        var script: UnsafePointer<CChar>?
        var scriptConfidence: Float = 0
        // `script` points into the engine's own script table: it is not ours to free (freeing
        // it corrupted the heap, and a later document crashed the whole run).
        guard TessBaseAPIDetectOrientationScript(osd, &degrees, &confidence, &script, &scriptConfidence) != 0 else { return nil }
        // `degrees` is how far the page is turned counter-clockwise; undo it clockwise.
        return (((360 - Int(degrees)) % 360) / 90, Double(confidence), script.map { String(cString: $0) } ?? "", Double(scriptConfidence))
    }

    static let osdCharactersToTry = 10

    private func osdEngine() -> OpaquePointer? {
        if let osd { return osd }
        if osdUnavailable { return nil }
        guard let h = TessBaseAPICreate() else { osdUnavailable = true; return nil }
        guard TesseractEngine.quietInit(h, dataPath: dataPath, languages: "osd") == 0 else {
            TessBaseAPIDelete(h); osdUnavailable = true; return nil
        }
        TessBaseAPISetPageSegMode(h, PSM_OSD_ONLY)
        // The detector classifies 5 × this many marks in four orientations each, whatever it has
        // seen (Tesseract's default, 50: 250 marks, ≈ 0.3 s of CPU a page). 10 (50 marks) named
        // every page of bench/ocr/pays38.py as 50 did (40 Latin pages Latin, Arabic, Cyrillic, Han),
        // upright, in ≈ 0.08 s at half size: 8 % of a 12-pt page's recognition (20: 15 %).
        TessBaseAPISetVariable(h, "min_characters_to_try", "\(Self.osdCharactersToTry)")
        osd = h
        return h
    }
}

private final class DeadlineBox {
    let deadline: Date
    init(_ deadline: Date) { self.deadline = deadline }
}

/// Where Tesseract's language data lives and which Debian package installs a language.
enum TessData {
    static let defaultPath = "/usr/share/tesseract-ocr/5/tessdata"

    /// `TESSDATA_PREFIX` when set (Tesseract reads it itself); nil lets Tesseract use its default.
    static var configuredPath: String? {
        guard let p = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !p.isEmpty else { return nil }
        return p
    }

    static func split(_ languages: String) -> [String] {
        languages.split(separator: "+").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func isValidCode(_ code: String) -> Bool {
        !code.isEmpty && code.count <= 40 && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }

    static func isInstalled(_ code: String, _ path: String?) -> Bool {
        FileManager.default.fileExists(atPath: (path ?? defaultPath) + "/\(code).traineddata")
    }

    /// Debian names language packages `tesseract-ocr-<code>` with `_` turned into `-`.
    static func package(for code: String) -> String {
        "tesseract-ocr-" + code.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
