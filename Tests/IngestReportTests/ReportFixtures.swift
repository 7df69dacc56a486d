import Foundation
import IngestCore
import IngestQuality
import IngestReport
import IngestTestSupport

/// A small PNG made at test time: a "page" (white, gray text lines, a dark title bar), RGB,
/// deflated by zlib (IngestTestSupport's raw deflate, wrapped in a zlib stream here).
enum TestPNG {
    static func page(width: Int = 120, height: Int = 160) -> Data {
        var raw: [UInt8] = []
        raw.reserveCapacity(height * (1 + 3 * width))
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                let margin = x >= 10 && x < width - 10
                let title = y >= 10 && y < 20 && margin && x < width * 2 / 3
                let line = y >= 30 && (y - 30) % 8 < 3 && margin && !(y % 24 < 8 && x > width - 40)
                let v: UInt8 = title ? 40 : line ? 150 : 255
                raw += [v, v, title ? 90 : v]
            }
        }
        let zlib = [0x78, 0x9C] + ZipWriter.deflate(raw) + be32(adler32(raw))
        let header = be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0]  // 8-bit RGB
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                     + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", []))
    }

    private static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for x in bytes { a = (a + UInt32(x)) % 65_521; b = (b + a) % 65_521 }
        return b << 16 | a
    }
}

/// A constructed corpus for the report: documents chosen to show every case the report draws
/// (failures, a readiness mismatch, a bad scan, a duplicate, a long text, hostile names and
/// texts), then varied ones from a seeded generator.
struct ReportFixture {
    var report: QaReport
    var details: [QaDocumentDetail?]

    static let hostileName = #"notes/<script>alert("x")</script> & 'Tom'.txt"#
    static let longText = String(repeating: "Une phrase assez longue pour remplir la page du cours. ", count: 600)

    static func make(count: Int = 30, seed: UInt64 = 15) -> ReportFixture {
        var rng = SeededGenerator(seed: seed)
        var documents: [QaDocument] = []
        var details: [QaDocumentDetail?] = []
        let expected = "La cellule est l'unité de base du vivant. Elle contient un noyau et du cytoplasme."
        func scores(_ cer: Double) -> TextScores {
            TextScores(cer: cer, wer: min(1.5, cer * 2.4), wordRecall: max(0, 1 - cer * 1.8), wordPrecision: max(0, 1 - cer * 1.5),
                       referenceCharacters: 800, hypothesisCharacters: 790)
        }
        func signals(_ oov: Double?, fffd: Int = 0, mojibake: Int = 0, lost: Int = 0) -> TextSignals {
            TextSignals(characters: 800, words: 130, replacementCharacters: fffd, mojibake: mojibake, lostDiacritics: lost,
                        vocabulary: oov == nil ? nil : "fr", outOfVocabularyRatio: oov)
        }

        // 0: a born-digital PDF with its page image and a few differences from its expected text.
        documents.append(QaDocument(name: "cours/chapitre-1.pdf", sources: ["cours/chapitre-1.pdf"], kind: "pdf",
                                    status: "succeeded", expected: "cours/chapitre-1.expected.txt", scores: scores(0.012),
                                    signals: signals(0.03), language: "fr", pagesRead: 4, pagesOCRed: 0, ocrShare: 0,
                                    readiness: "ready", expectedReadiness: "ready", readinessMatches: true,
                                    timings: ["extract": 41], milliseconds: 63, output: "cours/chapitre-1.json"))
        details.append(QaDocumentDetail(text: "La cellule est l'unite de base du vivant.\nElle contient un noyau et le cytoplasme.",
                                        expected: expected,
                                        pageImages: [QaPageImage(data: TestPNG.page(), type: "image/png", caption: "cours/chapitre-1.pdf · 1")]))
        // 1: a hostile name and text.
        documents.append(QaDocument(name: hostileName, sources: [hostileName], kind: "text", status: "succeeded",
                                    signals: signals(0.01, fffd: 2), language: "fr", readiness: "ready", milliseconds: 3))
        details.append(QaDocumentDetail(text: "<b>bold</b> & <i>it</i> \"quoted\" 'single' \u{0}\u{7}\u{85} 🧪 \u{202E}abc\u{202C} é\u{301} fin"))
        // 2, 3: failures.
        documents.append(QaDocument(name: "cours/protégé.pdf", sources: ["cours/protégé.pdf"], kind: "pdf", status: "failed",
                                    error: "pdf.encrypted", errorMessage: "Ce PDF est protégé par un mot de passe.",
                                    readiness: nil, milliseconds: 5))
        details.append(nil)
        documents.append(QaDocument(name: "divers/boucle.bin", sources: ["divers/boucle.bin"], kind: nil, status: "failed",
                                    error: "run.timeout", errorMessage: "La lecture a dépassé 120 s.", milliseconds: 120_000))
        details.append(nil)
        // 4: readiness other than expected.
        documents.append(QaDocument(name: "notes/courte.md", sources: ["notes/courte.md"], kind: "text", status: "succeeded",
                                    signals: signals(0.0), language: "fr", readiness: "short", readinessReason: "readiness.short",
                                    expectedReadiness: "ready", readinessMatches: false, milliseconds: 2))
        details.append(QaDocumentDetail(text: "Une note courte."))
        // 5: a bad scan, low-confidence words.
        documents.append(QaDocument(name: "scans/page-3.png", sources: ["scans/page-3.png"], kind: "image", status: "succeeded",
                                    expected: "scans/page-3.expected.txt", scores: scores(0.35), signals: signals(0.22, lost: 3),
                                    language: "fr", pagesRead: 1, pagesOCRed: 1, ocrShare: 1, meanOCRConfidence: 61,
                                    lowConfidenceWords: 4, readiness: "ready", milliseconds: 2_400))
        details.append(QaDocumentDetail(text: "La ce1lule est l'unité de hase du vivant. Elle contient un noyau, un noyau.",
                                        expected: expected, lowConfidence: ["ce1lule", "hase", "noyau"]))
        // 6: a duplicate.
        documents.append(QaDocument(name: "cours/chapitre-1-copie.docx", sources: ["cours/chapitre-1-copie.docx"], kind: "docx",
                                    status: "duplicate", signals: signals(0.02), language: "fr", readiness: "ready",
                                    duplicateOf: "cours/chapitre-1.pdf", milliseconds: 30))
        details.append(QaDocumentDetail(text: "La cellule est l'unité de base du vivant."))
        // 7: a long text, cut in the report.
        documents.append(QaDocument(name: "cours/manuel-complet.pdf", sources: ["cours/manuel-complet.pdf"], kind: "pdf",
                                    status: "succeeded", signals: signals(0.04), language: "fr", pagesRead: 120, pagesOCRed: 6,
                                    ocrShare: 0.05, meanOCRConfidence: 88, readiness: "ready", milliseconds: 4_100))
        details.append(QaDocumentDetail(text: longText))
        // 8: a caption text that quotes URLs (the report must still hold no network reference).
        documents.append(QaDocument(name: "videos/cours.info.json", sources: ["videos/cours.info.json"], kind: "youtube",
                                    status: "succeeded", signals: signals(0.05), language: "fr", readiness: "ready", milliseconds: 12))
        details.append(QaDocumentDetail(text: "Voir https://www.youtube.com/watch?v=abc et http://example.org//x ou src=\"//cdn\"."))

        let kinds = ["pdf", "image", "docx", "audio", "image+audio", "scans"]
        let readinesses = ["ready", "ready", "ready", "short", "notReady"]
        while documents.count < count {
            let i = documents.count
            let kind = kinds[i % kinds.count]
            let folder = kind == "image" ? "scans" : kind == "image+audio" ? "lecons" : "cours"
            let hasExpected = kind != "audio" && Bool.random(using: &rng)
            let cer = Double(Int.random(in: 0...400, using: &rng)) / 1000 * (Bool.random(using: &rng) ? 1 : 0.2)
            let ocr = kind == "image" || kind == "image+audio" || kind == "scans"
            let readiness = readinesses[Int.random(in: 0..<readinesses.count, using: &rng)]
            let checked = Int.random(in: 0..<3, using: &rng) == 0
            documents.append(QaDocument(
                name: "\(folder)/document-\(i).\(kind == "docx" ? "docx" : ocr ? "jpg" : kind == "audio" ? "mp3" : "pdf")",
                sources: ["\(folder)/document-\(i)"], kind: kind == "scans" ? "pdf" : kind, status: "succeeded",
                expected: hasExpected ? "attendus/document-\(i).txt" : nil, scores: hasExpected ? scores(cer) : nil,
                signals: kind == "audio" ? nil : signals(Double(Int.random(in: 0...300, using: &rng)) / 1000,
                                                         fffd: i % 11 == 0 ? 1 : 0, mojibake: i % 13 == 0 ? 2 : 0),
                language: "fr", pagesRead: ocr ? 2 : nil, pagesOCRed: ocr ? 2 : nil, ocrShare: ocr ? 1 : nil,
                meanOCRConfidence: ocr ? Double(Int.random(in: 55...96, using: &rng)) : nil,
                lowConfidenceWords: ocr ? Int.random(in: 0...20, using: &rng) : nil, readiness: readiness,
                expectedReadiness: checked ? "ready" : nil, readinessMatches: checked ? readiness == "ready" : nil,
                possibleDuplicates: i % 9 == 0 ? 1 : 0, milliseconds: Double(Int.random(in: 5...3_000, using: &rng))))
            let text = "Texte du document \(i). La cellule est l'unité de base du vivant."
            details.append(QaDocumentDetail(text: text, expected: hasExpected ? expected : nil,
                                            lowConfidence: ocr ? ["cellule"] : []))
        }
        // What a manifest expects of duplicates: document 6 repeats document 0 as expected; document
        // 12 should too, and does not.
        documents[6].expectedDuplicateOf = documents[0].name
        documents[6].duplicateMatches = true
        if documents.count > 12 {
            documents[12].expectedDuplicateOf = documents[0].name
            documents[12].duplicateMatches = false
        }
        var report = QaReport(corpus: "/corpus/biologie & <chimie>", startedAt: "2025-12-02T15:00:00Z",
                              pipelineVersion: "0.9.0-test", milliseconds: 131_000, documents: documents)
        if documents.count > 20 {
            // As `--baseline` sets it (QaComparison is made by QaBaseline; here from its JSON form).
            let comparison: [String: Any] = [
                "baseline": "qa/baseline.json",
                "regressions": [["document": documents[20].name, "figure": "cer", "before": "0.020", "after": "0.090", "tolerance": "0.010"],
                                ["document": "cours/disparu.pdf", "figure": "missing", "before": "present", "after": "absent"]],
                "improved": [documents[13].name], "added": [String](), "missing": ["cours/disparu.pdf"],
            ]
            report.comparison = try! JSONDecoder().decode(QaComparison.self, from: JSONSerialization.data(withJSONObject: comparison))
        }
        return ReportFixture(report: report, details: details)
    }

    /// The order the report opens in, by its stated rule: failures; documents read in part,
    /// regressions and verdicts other than expected; CER above 10 %, highest first; not ready; short; the rest, highest
    /// CER first. Ties in corpus order.
    var worstFirst: [Int] {
        let regressed = Set(report.comparison?.regressions.map(\.document) ?? [])
        func tier(_ d: QaDocument) -> Int {
            d.status == "failed" ? 0
                : d.status == "partial" || regressed.contains(d.name) || d.readinessMatches == false || d.duplicateMatches == false ? 1
                : (d.scores?.cer ?? 0) > 0.1 ? 2 : d.readiness == "notReady" ? 3 : d.readiness == "short" ? 4 : 5
        }
        return report.documents.indices.sorted { a, b in
            let (da, db) = (report.documents[a], report.documents[b])
            let (ta, tb) = (tier(da), tier(db)), (ca, cb) = (da.scores?.cer ?? -1, db.scores?.cer ?? -1)
            return ta != tb ? ta < tb : ca != cb ? ca > cb : a < b
        }
    }

    /// A corpus of `count` plain documents with short texts, for scale.
    static func large(count: Int) -> ReportFixture {
        var rng = SeededGenerator(seed: 5_000)
        var documents: [QaDocument] = []
        documents.reserveCapacity(count)
        let kinds = ["pdf", "image", "docx", "audio"]
        for i in 0..<count {
            let kind = kinds[i % kinds.count]
            let cer = Double(Int.random(in: 0...1000, using: &rng)) / 2000
            let scored = i % 5 != 0
            documents.append(QaDocument(
                name: "lot-\(i / 100)/document-\(i).\(kind)", sources: ["lot-\(i / 100)/document-\(i).\(kind)"], kind: kind,
                status: i % 97 == 0 ? "failed" : "succeeded", error: i % 97 == 0 ? "pdf.damaged" : nil,
                scores: scored ? TextScores(cer: cer, wer: min(1, cer * 2), wordRecall: 1 - cer, wordPrecision: 1 - cer / 2,
                                            referenceCharacters: 1000, hypothesisCharacters: 1000) : nil,
                readiness: "ready", milliseconds: Double(Int.random(in: 1...5000, using: &rng))))
        }
        let report = QaReport(corpus: "/corpus/large", startedAt: "2025-12-02T15:00:00Z", pipelineVersion: "0.9.0-test",
                              milliseconds: 1_000_000, documents: documents)
        return ReportFixture(report: report, details: [])
    }

    /// Writes the report; documents past `details` get a short text.
    func write(to url: URL, language: MessageLanguage = .fr) throws {
        try QaHTMLReport.write(report: report, language: language, detail: { i in
            i < details.count ? details[i] : QaDocumentDetail(text: "Texte court du document \(i), la cellule et le noyau.")
        }, to: url)
    }
}
