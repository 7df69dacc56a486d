import XCTest
@testable import IngestCore

/// Phrases of ours inside a sentence of ours come from the catalog in the sentence's language;
/// a C library's own words are quoted as a detail.
final class MessageLanguageTests: XCTestCase {
    func testMalformedJSONIsSaidInTheRunsLanguage() throws {
        // A configuration cut inside an object: the parser's what and where, in each language.
        XCTAssertThrowsError(try ConfigLoader.load(data: Data(#"{"ocr": {"pageCap": 40"#.utf8))) { error in
            let e = error as! IngestError
            XCTAssertEqual(e.code, .configInvalidJSON)
            XCTAssertEqual(e.message(.fr), "La configuration pipeline.json n'est pas du JSON valide : à l'octet 22, fin inattendue dans un objet.")
            XCTAssertEqual(e.message(.en), "The configuration pipeline.json is not valid JSON: at byte 22, unexpected end in object.")
        }
    }

    func testEveryJSONReasonHasBothLanguages() {
        for reason in JSONParseError.Reason.allCases {
            XCTAssertNotNil(MessageCatalog.entry(reason.code), "\(reason)")
        }
    }

    func testSchemaFindingsAreWordsOfTheCatalog() throws {
        let text = #"{"ocr": {"pageCap": "forty", "dpi": -3}}"#
        let violations = ConfigLoader.violations(of: try JSONValue.parse(text))
        let messages = violations.map { $0.message(.fr) }
        XCTAssertTrue(messages.contains("ocr.pageCap doit être un nombre entier, pas \"forty\"."), "\(messages)")
        XCTAssertTrue(messages.contains("ocr.dpi vaut -3 : la valeur attendue est un nombre ≥ 70 et ≤ 1200."), "\(messages)")
        let english = violations.map { $0.message(.en) }
        XCTAssertTrue(english.contains("ocr.dpi is -3: the expected value is a number ≥ 70 and ≤ 1200."), "\(english)")
    }

    func testAQuotedDetailKeepsItsOwnWords() {
        let arguments = MessageCatalog.quoted("reason", "PDF document is damaged")
        XCTAssertEqual(MessageCatalog.message("pdf.corrupt", .fr, arguments),
                       "Ce PDF est endommagé et ne peut pas être lu (poppler dit : « PDF document is damaged »).")
        XCTAssertEqual(MessageCatalog.message("pdf.corrupt", .en, arguments),
                       "This PDF is damaged and cannot be read (poppler says: “PDF document is damaged”).")
    }

    func testWhyRecognitionFailedIsSaidInTheRunsLanguage() {
        let e = IngestError(.ocrEngineFailed, MessageCatalog.phrase("reason", .ocrReasonMemoryLimit, ["limit": "400"]))
        XCTAssertEqual(e.message(.fr), "La reconnaissance de texte a échoué (le processus d'OCR a dépassé workers.memoryLimitMB (400 Mo)).")
        XCTAssertEqual(e.message(.en), "Text recognition failed (the OCR process went over workers.memoryLimitMB (400 MB)).")
    }

    func testTheKindsReadAreListedInTheRunsLanguage() {
        let fr = IngestError(.unknownKind, ["kinds": ReadKinds.sentence(.fr)]).message(.fr)
        let en = IngestError(.unknownKind, ["kinds": ReadKinds.sentence(.en)]).message(.en)
        XCTAssertTrue(ReadKinds.sentence(.fr).hasPrefix("PDF, photos et scans (PNG, JPEG"), ReadKinds.sentence(.fr))
        XCTAssertTrue(ReadKinds.sentence(.fr).hasSuffix("liens YouTube, texte (.txt, .md, .srt, .vtt)"), ReadKinds.sentence(.fr))
        XCTAssertTrue(ReadKinds.sentence(.en).hasSuffix("YouTube links, text (.txt, .md, .srt, .vtt)"), ReadKinds.sentence(.en))
        XCTAssertNotEqual(fr, en)
    }

    func testHowPixelsAreStoredIsSaidInTheRunsLanguage() {
        let e = IngestError(.ocrUnsupportedSamples, ["file": "scan.tif", "format": "TIFF"]
            .merging(MessageCatalog.phrase("samples", .ocrSamplesFloat, ["bits": "32", "count": "1"])) { a, _ in a })
        XCTAssertTrue(e.message(.fr).contains("(virgule flottante sur 32 bits, 1 par pixel)"), e.message(.fr))
        XCTAssertTrue(e.message(.en).contains("(32-bit floating-point, 1 per pixel)"), e.message(.en))
    }

    func testTerminalWordsExistInBothLanguages() {
        for stage in MessageCatalog.terminalStages { XCTAssertNotNil(MessageCatalog.entry(.terminalStage(stage)), stage) }
        for outcome in MessageCatalog.terminalOutcomes { XCTAssertNotNil(MessageCatalog.entry(.terminalOutcome(outcome)), outcome) }
    }
}
