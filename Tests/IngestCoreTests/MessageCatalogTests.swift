import XCTest
@testable import IngestCore

final class MessageCatalogTests: XCTestCase {
    func testNoCodeIsDefinedTwiceAcrossDomains() {
        var seen: [ErrorCode: String] = [:]
        for table in MessageCatalog.tables {
            for code in table.entries.keys {
                XCTAssertNil(seen[code], "\(code) is in both \(seen[code] ?? "") and \(table.domain)")
                seen[code] = table.domain
            }
        }
    }

    func testBothLanguagesAreWrittenWithTheSamePlaceholders() {
        for (code, entry) in MessageCatalog.entries {
            XCTAssertFalse(entry.fr.isEmpty, "\(code) fr")
            XCTAssertFalse(entry.en.isEmpty, "\(code) en")
            XCTAssertEqual(MessageCatalog.placeholders(entry.fr), MessageCatalog.placeholders(entry.en), "\(code)")
            XCTAssertTrue(code.rawValue.contains("."), "\(code) is not a dotted code")
        }
    }

    func testCoreCodesHaveMessages() {
        let codes: [ErrorCode] = [.fileNotFound, .fileEmpty, .fileTooLarge, .fileUnreadable, .fileSymlinkLoop, .fileChanging,
                                  .fileNotRegular, .fileNameNotUTF8,
                                  .unknownKind, .legacyDoc, .encryptedOffice, .notSupportedYet, .extensionMismatch, .textBinary,
                                  .readinessEmpty, .readinessTooLittleText, .readinessScanned, .readinessHandwriting,
                                  .readinessEmptyPage, .readinessAudioNoText, .readinessShort, .configInvalidJSON,
                                  .configUnknownKey, .configWrongType, .configOutOfRange, .configMissingKey, .timeout,
                                  .internalError, .duplicate, .libraryUnavailable, .writeFailed, .sinkFailed, .tooManySources]
        for code in codes { XCTAssertNotNil(MessageCatalog.entry(code), "\(code)") }
    }

    func testLegacyDocMessageIsTheSpecsWording() {
        XCTAssertEqual(IngestError(.legacyDoc).message(.fr), "Les anciens .doc ne sont pas lus : exporte-les en .docx depuis Word.")
    }

    func testPlaceholdersAreFilled() {
        XCTAssertEqual(IngestError(.readinessTooLittleText, ["count": "18"]).message(.fr),
                       "Seuls 18 caractères ont été lus : c'est trop peu pour écrire une fiche.")
        XCTAssertEqual(MessageCatalog.fill("a {x} b {y}", ["x": "1"]), "a 1 b {y}")
    }
}
