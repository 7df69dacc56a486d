import CTesseract
import Foundation

/// Recognition with script and orientation detection asked once, before the page is read
/// (issue 38). Tesseract's detector (`osd`) classifies a sample of the page's marks: a fraction of
/// a recognition's cost, where reading a page of Arabic or Chinese with fra+eng costs a whole
/// recognition and gives junk.
///
/// - A script no configured language reads, named with `ScriptModels.minimumConfidence`: the page
///   is not recognised (`leftOut: scriptNotInstalled`, offered to the vision option).
/// - A page the detector finds turned with `confidentOrientation`: turned upright, then read once.
/// - A foreign script named with less confidence: a band of the page from its first line is read;
///   a weak band confirms the script (not recognised further), a band that reads as text has the
///   page read.
/// - A weak read (mean confidence < `suspiciousBelow`): the other orientation the detector allows
///   is read too and the better kept; a foreign script named with less confidence goes with the
///   page, for the dictionaries to judge (`JunkPages`). The detector is not asked a second time.
///
/// With `detectScript` off, the page is read first and the detector asked only after a weak read,
/// as before issue 38. The image is made by `load` once; only a weak page is made a second time.
enum OrientedRecognition {
    static let suspiciousBelow = 70.0
    /// Orientation confidence from which a page is turned before its only read: text pages score
    /// 4–8 on the sample (bench/ocr/pays38.py's pages, `min_characters_to_try` 10), junk found
    /// turned 180° under 0.5; a turned page under it is read twice (as it comes, weak, then turned).
    static let confidentOrientation = 5.0
    /// Orientation confidence from which a weak page is read again turned.
    static let minimumOrientationConfidence = 1.5

    ///
    /// `scriptKnown`: earlier pages of the document were found upright in a script the languages
    /// read (`PageRunner`'s `ScriptAgreement`): the page is read first, and the detector asked only
    /// after a weak read — which then names a foreign script as the detection first would.
    ///
    /// `fewMarks`: the page holds few marks (`PageRunner.readsFirst`): it is read first too, the
    /// detector asked only after a weak read — and a weak read of at least
    /// `ScriptSample.probeWordsAtLeast` words in a script the detector names with less confidence
    /// confirms that script, as the band read after the detector does here (a JBIG2 smiley with a
    /// noise block, named Arabic, read "rit ith sate a Aa En" at confidence 56 is not kept as text).
    static func recognize(_ load: () throws -> PageImage, engine: TesseractEngine, deadline: Date, limitSeconds: Double, page: Int,
                          lowConfidenceBelow: Double = 60, detectScript: Bool = true, scriptKnown: Bool = false,
                          fewMarks: Bool = false) throws -> RecognizedPage {
        guard detectScript, !scriptKnown, !fewMarks else {
            return try readFirst(load, engine: engine, deadline: deadline, limitSeconds: limitSeconds, page: page,
                                 lowConfidenceBelow: lowConfidenceBelow, nameScript: detectScript,
                                 confirmsScript: detectScript && !scriptKnown && fewMarks)
        }
        let pix = try load()
        let osd = engine.orientationAndScript(ScriptSample.image(for: pix))
        if let osd, let script = ScriptModels.missing(script: osd.script, confidence: osd.scriptConfidence, languages: engine.languages) {
            return RecognizedPage(leftOut: .scriptNotInstalled, script: script)
        }
        // Named with less confidence (Cyrillic and Han score 0–8: their letters look like Latin
        // ones, or like another CJK script's): a band of the page's first lines is read first, and a weak read
        // there confirms the script — the whole page is read only when the band reads as text.
        if let osd, let script = ScriptModels.missing(script: osd.script, confidence: .infinity, languages: engine.languages),
           let band = ScriptSample.band(of: pix) {
            let probe = try engine.recognize(band, deadline: deadline, limitSeconds: limitSeconds, page: page,
                                             lowConfidenceBelow: lowConfidenceBelow)
            if probe.wordConfidences.count >= ScriptSample.probeWordsAtLeast, (probe.meanConfidence ?? 0) < suspiciousBelow,
               !probe.readsAsItsLanguages {
                return RecognizedPage(wordConfidences: probe.wordConfidences, leftOut: .scriptNotInstalled, script: script)
            }
        }
        let turnsFirst = osd.map { $0.quarterTurns != 0 && $0.confidence >= confidentOrientation ? $0.quarterTurns : 0 } ?? 0
        if turnsFirst != 0 { pix.rotateClockwise(quarterTurns: turnsFirst) }
        var first = try engine.recognize(consume pix, deadline: deadline, limitSeconds: limitSeconds, page: page,
                                         lowConfidenceBelow: lowConfidenceBelow)
        first.quarterTurns = turnsFirst
        let conf = first.meanConfidence ?? 0
        guard conf < suspiciousBelow, let osd else {
            // Upright in a script read here, and read well: later pages may skip the detector.
            if let osd, turnsFirst == 0, ScriptModels.missing(script: osd.script, confidence: .infinity, languages: engine.languages) == nil {
                first.readScript = true
            }
            return first
        }
        // A weak page in a script named with little confidence: the dictionaries decide — unless its words are already
        // the languages' own (a noisy page of French the detector named Cyrillic).
        first.script = first.readsAsItsLanguages ? nil : ScriptModels.missing(script: osd.script, confidence: .infinity, languages: engine.languages)
        let other = turnsFirst != 0 ? 0
            : (osd.quarterTurns != 0 && osd.confidence >= minimumOrientationConfidence ? osd.quarterTurns : nil)
        guard let other else { return first }
        let again = try load()
        guard again.rotateClockwise(quarterTurns: other) else { return first }
        var second = try engine.recognize(consume again, deadline: deadline, limitSeconds: limitSeconds, page: page,
                                          lowConfidenceBelow: lowConfidenceBelow)
        second.quarterTurns = other
        second.script = first.script
        return (second.meanConfidence ?? 0) > conf ? second : first
    }

    /// The page read as it comes; only a weak read asks the detector, and the page is read again
    /// turned upright — kept only if that reads better. `nameScript`: a weak page the detector
    /// names confidently in a script without a model is left out as `recognize` would have left
    /// it out before reading (`scriptNotInstalled`), named with less confidence it goes with its
    /// script for the dictionaries to judge.
    /// `confirmsScript` (with `nameScript`): a weak read of enough words in a script named with less
    /// confidence leaves the page out as that script (`recognize`'s band, the whole page here).
    static func readFirst(_ load: () throws -> PageImage, engine: TesseractEngine, deadline: Date, limitSeconds: Double, page: Int,
                          lowConfidenceBelow: Double, nameScript: Bool = false, confirmsScript: Bool = false) throws -> RecognizedPage {
        var first = try engine.recognize(load(), deadline: deadline, limitSeconds: limitSeconds, page: page,
                                         lowConfidenceBelow: lowConfidenceBelow)
        // No word found at all: nothing to name a script from or to turn upright (a logo, a
        // gradient, a smiley; writing turned or foreign reads as weak words, not none).
        guard !first.wordConfidences.isEmpty else { return first }
        let conf = first.meanConfidence ?? 0
        guard conf < suspiciousBelow else { return first }
        let pix = try load()
        let sample = ScriptSample.image(for: pix)
        guard let osd = engine.orientationAndScript(sample) else { return first }
        // A weak read of the languages' own words (a noisy page) is theirs, whatever script the detector names.
        if nameScript, !first.readsAsItsLanguages, ScriptEvidence.names(osd, page: pix, sample: sample, engine: engine) {
            if let script = ScriptModels.missing(script: osd.script, confidence: osd.scriptConfidence, languages: engine.languages) {
                return RecognizedPage(wordConfidences: first.wordConfidences, leftOut: .scriptNotInstalled, script: script)
            }
            first.script = ScriptModels.missing(script: osd.script, confidence: .infinity, languages: engine.languages)
            if confirmsScript, let script = first.script, first.wordConfidences.count >= ScriptSample.probeWordsAtLeast {
                return RecognizedPage(wordConfidences: first.wordConfidences, leftOut: .scriptNotInstalled, script: script)
            }
        }
        let (turns, oconf) = (osd.quarterTurns, osd.confidence)
        guard turns != 0, oconf >= minimumOrientationConfidence,
              pix.rotateClockwise(quarterTurns: turns) else { return first }
        var second = try engine.recognize(consume pix, deadline: deadline, limitSeconds: limitSeconds, page: page,
                                          lowConfidenceBelow: lowConfidenceBelow)
        second.quarterTurns = turns
        second.script = first.script
        return (second.meanConfidence ?? 0) > conf ? second : first
    }
}

/// Whether the detector's name for the script of a weakly read page rests on enough of what it saw
/// to be told to the user (`readFirst`: a page of few marks). Tesseract's script confidence is
/// (first / second − 1) / 0.3 over its votes — 2 when no other script had a vote, 0 on a tie — and
/// its orientation confidence says how much better the marks read upright than turned. A line
/// of letters it has no model of either shape for (pdf.js's jbig2_symbol_offset.pdf: "JBIG2 TEXT"
/// drawn in a one-pixel-stroke font) was named Han at 1.43 with orientation 0.24–0.38, and
/// pixel-font capitals Devanagari on a tie: neither is a script, the page is junk (its picture
/// goes to the vision option as other unreadable pages'). Lines of real writing, 10–96 pt,
/// clean and noisy (bench/ocr/script_pages.sh): Arabic 2 or more, Greek 5–13, Cyrillic and
/// Arabic with orientation 0.55–1.5 — but Cyrillic capitals ("ГЛАВА ВТОРАЯ", letters the
/// detector shares with Latin, symmetric when turned) score 0–2.2 with orientation 0.21–0.25: at
/// another scale they are named Cyrillic at 13.3, where junk is named another script or no
/// better. So: named when the detector is clear on its sample, or clear on the page at another
/// scale naming the same script: Cyrillic capitals at half size (13.3), a line of Chinese at 12 pt
/// and 150 dpi (Han 1.43, orientation 0.18 — the junk's figures) at double size (orientation
/// 0.54); the pixel-font junk at half and double size stays under 2 and 0.35, or is named
/// another script (Cyrillic at half size for the JBIG2 line).
enum ScriptEvidence {
    /// Script confidence from which one script clearly outvoted the others (first ≥ 1.6 × second).
    static let clearVote = 2.0
    /// Orientation confidence from which the marks were clearly seen as characters upright.
    static let clearOrientation = 0.5

    static func isClear(_ osd: (quarterTurns: Int, confidence: Double, script: String, scriptConfidence: Double)) -> Bool {
        osd.scriptConfidence >= clearVote || osd.confidence >= clearOrientation
    }

    /// `osd` (the detector on `sample`, made from `page`) names a script worth telling: a Latin
    /// page or one clear on its sample needs no second look; else the detector is asked again on
    /// the page at other scales — its half and its double (the page itself when `sample` is its
    /// half; no double of a page over `largestDoubled` pixels) — and one must name the same script
    /// clearly.
    static func names(_ osd: (quarterTurns: Int, confidence: Double, script: String, scriptConfidence: Double),
                      page: PageImage, sample: PageImage, engine: TesseractEngine) -> Bool {
        guard ScriptModels.languageFor[osd.script] != nil, !isClear(osd) else { return true }
        let scales = sample.width < page.width ? [1.0] : page.width * page.height <= largestDoubled ? [0.5, 2] : [0.5]
        return scales.contains { scale in
            guard let other = scale == 1 ? page.sharedHandle() : page.scaled(by: scale),
                  let again = engine.orientationAndScript(other) else { return false }
            return again.script == osd.script && isClear(again)
        }
    }

    /// The most pixels of a page the detector is asked about at twice its size (4 M: a third of an
    /// A4 page at 300 dpi; a line of writing cut from it, as `readFirst` is given, is far less).
    static let largestDoubled = 4_000_000
}

/// The image the script and orientation detector is given: the page at half size when its
/// writing stays large enough there, else the page itself. The detector's cost is its layout
/// pass over every pixel plus a fixed sample of marks; at half size the layout pass costs a
/// quarter, but 8-pt type (x-height ≈ 7 px at half of 300 dpi) was named Cyrillic, turned 180°
/// (bench/ocr/pays38.py's pages), so small type keeps its pixels.
enum ScriptSample {
    /// The x-height (px) from which a half-size copy still names scripts as the page does:
    /// 10–12-pt type at 300 dpi (x-height 20–26 px) is reduced, 8-pt (16 px) is not.
    static let smallestReducedXHeight = 12.0

    static func image(for pix: PageImage) -> PageImage {
        guard min(pix.width, pix.height) >= 1200, let half = pix.scaled(by: 0.5),
              let x = TextSize.xHeight(of: half), x >= smallestReducedXHeight else { return pix.sharedHandle() }
        return half
    }

    /// Words a band must give for its confidence to confirm a script.
    static let probeWordsAtLeast = 5

    /// A fifth of the page's height (its full width) from its first line of writing — the middle
    /// fifth when no row shows ink (a depth not read here): a page of a few lines has them there,
    /// not in its middle. Nil when leptonica cannot cut it.
    static func band(of pix: PageImage) -> PageImage? {
        let h = pix.height, w = pix.width
        guard h >= 50 else { return nil }
        let top = firstInkRow(pix).map { max(0, $0 - h / 100) } ?? h * 2 / 5
        let rows = min(h / 5, h - top)
        guard rows >= 10, let box = boxCreate(0, Int32(top), Int32(w), Int32(rows)) else { return nil }
        var b: UnsafeMutablePointer<BOX>? = box
        defer { boxDestroy(&b) }
        guard let cut = pixClipRectangle(pix.raw, box, nil) else { return nil }
        let band = PageImage(taking: cut)
        band.setResolution(pix.resolution)
        return band
    }

    /// The first row of an 8-bit page, its outer 3 % left aside (a scanner's shadow), with a few
    /// pixels far from the paper's gray (`PageInk`'s background and contrast); nil when none or
    /// another depth.
    static func firstInkRow(_ pix: PageImage) -> Int? {
        guard pix.depth == 8, pixGetColormap(pix.raw) == nil, let data = pixGetData(pix.raw),
              let ink = PageInk.measure(pix), !ink.isBlank else { return nil }
        let w = pix.width, h = pix.height, wpl = Int(pixGetWpl(pix.raw))
        let contrast = max(PageInk.minimumContrast, ink.background / 4)
        let swap = 1.littleEndian == 1 ? 3 : 0
        let x0 = w * 3 / 100, x1 = w - x0
        for y in (h * 3 / 100)..<(h - h * 3 / 100) {
            let bytes = UnsafeRawPointer(data + y * wpl).assumingMemoryBound(to: UInt8.self)
            var dark = 0
            var x = x0
            while x < x1 {
                if abs(Int(bytes[x ^ swap]) - ink.background) >= contrast { dark += 1; if dark >= 3 { return y } }
                x += 1
            }
        }
        return nil
    }
}
