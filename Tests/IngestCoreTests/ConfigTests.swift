import Foundation
import IngestTestSupport
import XCTest
@testable import IngestCore

final class ConfigTests: XCTestCase {
    func testShippedFilesEqualTheEmbeddedOnes() throws {
        let root = Corpus.repositoryRoot
        let schema = try String(contentsOf: root.appendingPathComponent("schemas/pipeline.schema.json"), encoding: .utf8)
        let defaults = try String(contentsOf: root.appendingPathComponent("pipeline.json"), encoding: .utf8)
        XCTAssertEqual(schema.trimmingCharacters(in: .newlines), ConfigLoader.schemaText.trimmingCharacters(in: .newlines))
        XCTAssertEqual(defaults.trimmingCharacters(in: .newlines), ConfigLoader.defaultText.trimmingCharacters(in: .newlines))
    }

    func testDefaultsLoadAndMatchTheSpec() throws {
        let c = try ConfigLoader.load(url: nil)
        XCTAssertEqual(c, PipelineConfig())
        XCTAssertEqual(c.ocr.pageCap, 40)
        XCTAssertEqual(c.ocr.languages, "fra+eng")
        XCTAssertEqual(c.readiness.notReadyBelow, 120)
        XCTAssertEqual(c.readiness.shortBelow, 1800)
        XCTAssertEqual(c.youtube.durationCapMinutes, 60)
        XCTAssertFalse(c.youtube.network)
    }

    func testPartialFileKeepsDefaults() throws {
        let c = try ConfigLoader.load(data: Data(#"{"ocr": {"pageCap": 12}}"#.utf8))
        XCTAssertEqual(c.ocr.pageCap, 12)
        XCTAssertEqual(c.ocr.dpi, 300)
    }

    func testUnknownKeyNamesPathAndSuggests() {
        XCTAssertThrowsError(try ConfigLoader.load(data: Data(#"{"ocr": {"pagecap": 12}}"#.utf8))) { error in
            let e = error as! IngestError
            XCTAssertEqual(e.code, .configUnknownKey)
            XCTAssertEqual(e.arguments["path"], "ocr.pagecap")
            XCTAssertTrue(e.message(.en).contains("Did you mean pageCap?"), e.message(.en))
            XCTAssertTrue(e.message(.fr).contains("Vouliez-vous dire pageCap ?"), e.message(.fr))
        }
    }

    func testWrongTypeAndRangeNameTheExpectedValue() {
        XCTAssertThrowsError(try ConfigLoader.load(data: Data(#"{"readiness": {"notReadyBelow": "120"}}"#.utf8))) { error in
            let e = error as! IngestError
            XCTAssertEqual(e.code, .configWrongType)
            XCTAssertEqual(e.message(.en), "readiness.notReadyBelow must be a whole number, not \"120\".")
        }
        XCTAssertThrowsError(try ConfigLoader.load(data: Data(#"{"ocr": {"dpi": 5}}"#.utf8))) { error in
            let e = error as! IngestError
            XCTAssertEqual(e.code, .configOutOfRange)
            XCTAssertEqual(e.message(.en), "ocr.dpi is 5: the expected value is a number ≥ 70 and ≤ 1200.")
        }
        XCTAssertThrowsError(try ConfigLoader.load(data: Data(#"{"readiness": {"notReadyBelow": 2000, "shortBelow": 100}}"#.utf8))) {
            XCTAssertEqual(($0 as! IngestError).arguments["path"], "readiness.shortBelow")
        }
        XCTAssertThrowsError(try ConfigLoader.load(data: Data("{oops".utf8))) {
            XCTAssertEqual(($0 as! IngestError).code, .configInvalidJSON)
        }
    }

    func testOverridesApplyAndAreValidated() throws {
        let c = try ConfigLoader.load(url: nil, overrides: [("ocr.pageCap", 7), ("youtube.network", true)])
        XCTAssertEqual(c.ocr.pageCap, 7)
        XCTAssertTrue(c.youtube.network)
        XCTAssertThrowsError(try ConfigLoader.load(url: nil, overrides: [("ocr.pageCap", 0)])) {
            XCTAssertEqual(($0 as! IngestError).arguments["path"], "ocr.pageCap")
        }
        XCTAssertEqual(ConfigLoader.parseOverrideValue("12"), 12)
        XCTAssertEqual(ConfigLoader.parseOverrideValue("fra"), "fra")
    }

    /// Property: whatever one value of the defaults is replaced by, every error names a JSON path
    /// that exists in the mutated document.
    func testEveryConfigErrorNamesItsPath() throws {
        var rng = SeededGenerator(seed: 0xC0F1)
        let defaults = try JSONValue.parse(ConfigLoader.defaultText)
        var paths: [String] = []
        func collect(_ v: JSONValue, _ prefix: String) {
            if let o = v.objectValue { for (k, c) in o where k != "$schema" { collect(c, prefix.isEmpty ? k : prefix + "." + k) } }
            else { paths.append(prefix) }
        }
        collect(defaults, "")
        let junk: [JSONValue] = [-1, 0, 1e12, "x", true, nil, [1], ["k": 1], 3.5, ""]
        var errorsSeen = 0
        for _ in 0..<400 {
            let path = paths.randomElement(using: &rng)!
            var mutated = ConfigLoader.setting(defaults, path: path, to: junk.randomElement(using: &rng)!)
            if Bool.random(using: &rng) { mutated = ConfigLoader.setting(mutated, path: path + "Typo", to: 1) }
            for e in ConfigLoader.violations(of: mutated) {
                errorsSeen += 1
                let p = try XCTUnwrap(e.arguments["path"], "\(e)")
                XCTAssertTrue(p.hasPrefix(path) || p == "readiness.shortBelow" || p == "library.revisionThreshold" || p == "sink.url" || path.hasPrefix(p), "\(p) vs \(path)")
                XCTAssertTrue(e.message(.en).contains(p), e.message(.en))
                // One language per sentence: the expected and actual values are worded in the message's language.
                let fr = e.message(.fr), en = e.message(.en)
                for english in ["a number", "a whole number", "a string", " and ", "one of", "at least", "at most", "items",
                                "characters", "a list", "an object", "true or false", "present"] {
                    XCTAssertFalse(fr.contains(english), "English in French: \(fr)")
                }
                for french in ["un nombre", "une chaîne", "l'une des", "au moins", "au plus", "éléments", "une liste", "un objet", "présent", " ou "] {
                    XCTAssertFalse(en.contains(french), "French in English: \(en)")
                }
            }
        }
        XCTAssertGreaterThan(errorsSeen, 100)
    }

    /// Found by a user: `--set ocr.pageCap=0` said « la valeur attendue est a number ≥ 1 and ≤ 2000 ».
    func testTheExpectedValueIsSaidInTheMessagesLanguage() throws {
        let defaults = try JSONValue.parse(ConfigLoader.defaultText)
        let range = try XCTUnwrap(ConfigLoader.violations(of: ConfigLoader.setting(defaults, path: "ocr.pageCap", to: 0)).first)
        XCTAssertEqual(range.message(.fr), "ocr.pageCap vaut 0 : la valeur attendue est un nombre ≥ 1 et ≤ 2000.")
        XCTAssertEqual(range.message(.en), "ocr.pageCap is 0: the expected value is a number ≥ 1 and ≤ 2000.")
        let type = try XCTUnwrap(ConfigLoader.violations(of: ConfigLoader.setting(defaults, path: "ocr.dpi", to: [1])).first)
        XCTAssertEqual(type.message(.fr), "ocr.dpi doit être un nombre entier, pas une liste de 1.")
        XCTAssertEqual(type.message(.en), "ocr.dpi must be a whole number, not a list of 1.")
    }

    func testUserLanguagesReduceToCodes() {
        var c = PipelineConfig()
        c.userLanguages = ["fr-CA", "FR", "en_GB", "de"]
        XCTAssertEqual(c.effectiveUserLanguages, ["fr", "en", "de"])
    }
}
