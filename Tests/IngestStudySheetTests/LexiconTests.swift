import Foundation
@testable import IngestStudySheet
import IngestTestSupport
import XCTest

/// The parts of speech read from the machine's dictionaries (WordNet from `wordnet-base`, fr.dic from
/// `hunspell-fr`), and what the definition rules do with them — and without them.
final class LexiconTests: XCTestCase {
    static let wordNet = URL(fileURLWithPath: "/usr/share/wordnet")
    static let frDic = URL(fileURLWithPath: "/usr/share/hunspell/fr.dic")

    func requireDictionaries() throws {
        guard FileManager.default.fileExists(atPath: Self.wordNet.appendingPathComponent("index.noun").path) else {
            try missingTool("WordNet is not installed (apt-get install wordnet-base)")
        }
        guard FileManager.default.fileExists(atPath: Self.frDic.path) else { try missingTool("fr.dic is not installed (apt-get install hunspell-fr)") }
    }

    func testWordClassesFromWordNetAndFrDic() throws {
        try requireDictionaries()
        let lexicon = Lexicon.shared
        XCTAssertTrue(lexicon.englishLemma("platform").contains(.noun))
        XCTAssertTrue(lexicon.englishLemma("override").contains(.verb))
        XCTAssertEqual(lexicon.englishLemma("available"), [.adjective])
        // Inflected forms by WordNet's own rules and exception lists.
        XCTAssertTrue(lexicon.englishPluralNoun("workflows"))
        XCTAssertTrue(lexicon.englishPluralNoun("strategies"))
        XCTAssertTrue(lexicon.englishInflected("children").contains(.noun))
        XCTAssertTrue(lexicon.englishInflected("defines").contains(.verb))
        XCTAssertFalse(lexicon.englishPluralNoun("means"), "a lemma of its own")
        XCTAssertFalse(lexicon.englishPluralNoun("process"))
        // French: the `po:` fields, and plurals and feminines back to the listed word.
        XCTAssertTrue(lexicon.frenchWord("maison").contains(.noun))
        XCTAssertTrue(lexicon.frenchWord("fournir").contains(.verb))
        XCTAssertEqual(lexicon.frenchWord("disponible"), [.adjective])
        XCTAssertTrue(lexicon.frenchPluralNoun("liens"))
        XCTAssertTrue(lexicon.frenchWord("principales").contains(.adjective))
        XCTAssertFalse(lexicon.knows("nslookup"))
    }

    /// Lines whose shape only the parts of speech tell (from the errors of bench/definitions/RESULTS.md), and lines of the
    /// same look that are definitions.
    static let toldByWordClasses: [(String, String?)] = [
        ("Kubeflow: ML workflows on Kubernetes", nil),
        ("Machine language: binary forms", nil),
        ("K-means: small and mix-sized data sets", nil),
        ("Model packaging: Container-based deployment strategies", nil),
        ("Chrome Developers: Override the user agent string", nil),
        ("FreeBSD : disponible avec les portages kfreebsd-amd64 et kfreebsd-i386", nil),
        ("Frequency Counter : Capable of measuring frequencies upto several MHz.", nil),
        ("commands: whois nslookup", nil),
        ("AWS SageMaker: End-to-end ML platform", "AWS SageMaker"),
        ("Azure Machine Learning: Cloud-based ML service", "Azure Machine Learning"),
        ("Dagster: Data orchestration platform", "Dagster"),
        ("Google Cloud AI Platform: ML platform and services", "Google Cloud AI Platform"),
        ("Image Specification: Defines the standard for container images", "Image Specification"),
        ("User mode: Limited in the instructions that can be executed.", "User mode"),
        ("CNAME (canonical name record): alias", "CNAME (canonical name record)"),
        ("Application: High-level APIs, including resource sharing, remote file access.", "Application"),
        ("Unsupervised learning: no labels are given to the learning algorithm", "Unsupervised learning"),
        ("npm init: step-by-step to scaffold a project", "npm init"),
        ("Symmetric clustering: Two or more machines are running applications", "Symmetric clustering"),
        ("Private cloud: available for and ran by a single organization", "Private cloud"),
        // Abilities and rules of use, a modal and a passive (batch 15, expEYES-17), and a verb in the present of a subject of its own.
        ("Programmable Voltage (PV1) : Can be set, from software, to any value in the -5V to +5V range.", nil),
        ("Moteur CC : doit être alimenté par une tension continue de moins de 3 V.", nil),
        ("Tension programmable (PV2) : Elle peut être réglée, par logiciel, à toute valeur comprise dans l’intervalle", nil),
        ("Signal carré SQ1 : La sortie oscille entre 0 et 5 V et la fréquence peut être ajustée", nil),
        ("Kernel mode: Can execute any instruction of the machine.", "Kernel mode"),
        ("postfixe : le père ne doit être traité que quand ses deux fils ont été traités.", "postfixe"),
        ("infixe : le père doit être entre son fils gauche et son fils droit.", "infixe"),
        ("Sine/Triangular Wave WG : Sa fréquence peut être ajustée entre 5 Hz et 5 kHz.", nil),
        ("Core: The basic computation unit of the CPU.", "Core"),
        ("Graceful degradation: The ability to continue providing service proportional to the level of surviving hardware.", "Graceful degradation"),
        // A quantity, then what the thing is (session 22): a figure and its unit opening a noun phrase that ends on a noun —
        // not a value alone, nor things a figure counts.
        ("CCS: $1.1mA$ Constant Current Source. If you connect a resistor from this terminal to ground", "CCS"),
        ("Inductor Coil (2) : 44SWG wire on 1cm dia bobbin. Around 3000 Turns (some may have more turns).", "Inductor Coil (2)"),
        ("Byte: 8 bits, most common size", "Byte"),
        ("Population: 67 million people.", nil),
        ("Primary: 2.5” SATA III -> a SATA III SSD", nil),
        ("Capacitors : 100pF, 0.1 µF , 1 µF et 22 µF", nil),
        // A modal and a passive after a long subject, the first clause's own verb (not a relative's).
        ("Capacitance meter IN1: Capacitance connected between IN1 and Ground can be measured.", nil),
        ("Square Wave SQ1: Output swings from 0 to 5 volts and frequency can be varied 4Hz to 100kHz.", nil),
        ("Timer: An interrupt that can be set for a specified period of time, used to prevent infinite loops.", "Timer"),
        ("User ID (UID): Each user must be assigned a user ID (UID). UID 0 (zero) is reserved for root.", nil),
        // A definition list's term line and the paragraph under it, glued: the shape is judged on the noun phrase.
        ("OD1: Digital Output The output of this terminal can be set to either 0 or 5 V.", "OD1"),
        ("SQ1: Square Wave Generator This terminal can generate a Square wave that changes from 0 to 5 V.", "SQ1"),
    ]

    /// WordNet's kind of a noun's first sense, read from index.noun and data.noun (NounKinds.swift); a plural is read as its
    /// singular; a word WordNet lacks, and a machine without WordNet, answer nil.
    func testNounKindsFromWordNet() throws {
        guard FileManager.default.fileExists(atPath: Self.wordNet.appendingPathComponent("data.noun").path) else {
            try missingTool("WordNet is not installed (apt-get install wordnet-base)")
        }
        let kinds = NounKinds(wordNet: Self.wordNet)
        XCTAssertEqual(kinds.kind("gardener"), .person)
        XCTAssertEqual(kinds.kind("Gardeners"), .person)
        XCTAssertEqual(kinds.kind("hammer"), .artifact)
        XCTAssertEqual(kinds.kind("maintenance"), .act)
        XCTAssertEqual(kinds.kind("cell"), .artifact)
        XCTAssertEqual(kinds.kind("ratio"), .relation)
        XCTAssertNil(kinds.kind("zfsx"))
        XCTAssertNil(kinds.kind(""))
        XCTAssertNil(NounKinds(wordNet: URL(fileURLWithPath: "/nonexistent")).kind("gardener"))
        let lexicon = Lexicon(wordNet: Self.wordNet, frenchDictionary: Self.frDic)
        XCTAssertTrue(lexicon.isFrenchFirstName("Julie"))
        XCTAssertFalse(lexicon.isFrenchFirstName("Slider"))
    }

    func testShapesToldByTheDictionaries() throws {
        try requireDictionaries()
        for (line, term) in Self.toldByWordClasses {
            XCTAssertEqual(DefinitionRecognizer.definition(line, lexicon: .shared)?.term, term, line)
        }
    }

    /// Without the dictionaries (files absent) the lexicon is empty, no rule of DefinitionWordClasses.swift answers, and the
    /// lines it tells are taken as the recogniser took them before it: those that were definitions by the other rules stay so.
    func testWithoutTheDictionariesTheRecogniserIsWhatItWas() throws {
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("no-dictionaries-\(UUID().uuidString)")
        let absent = Lexicon(wordNet: nowhere, frenchDictionary: nowhere.appendingPathComponent("fr.dic"))
        XCTAssertTrue(absent.isEmpty)
        for (line, _) in Self.toldByWordClasses {
            let colon = line.range(of: ": ")!
            let term = line[..<colon.lowerBound].trimmingCharacters(in: .whitespaces)
            let tokens = line[colon.upperBound...].split(separator: " ").map(String.init)
            XCTAssertFalse(DefinitionRecognizer.wordClassesShowNoMeaning(term, tokens, absent), line)
            XCTAssertFalse(DefinitionRecognizer.endsOnCommonNoun(tokens, absent), line)
        }
        // What the dictionaries take out was taken before (the state of bench/definitions/RESULTS.md, session 20).
        for line in ["Kubeflow: ML workflows on Kubernetes", "Machine language: binary forms", "Chrome Developers: Override the user agent string",
                     "FreeBSD : disponible avec les portages kfreebsd-amd64 et kfreebsd-i386"] {
            XCTAssertNotNil(DefinitionRecognizer.definition(line, lexicon: absent), line)
        }
        // And what they let in was left out (names alone).
        XCTAssertNil(DefinitionRecognizer.definition("AWS SageMaker: End-to-end ML platform", lexicon: absent))
    }
}
