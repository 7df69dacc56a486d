import Foundation
@testable import IngestStudySheet
import XCTest

/// What a meaning's opening shows it to be (DefinitionShapes.swift): shapes a definition never has. Made-up lines of the shapes
/// found on real course pages (bench/definitions/RESULTS.md, session 29), and lines of the same look that are definitions.
final class DefinitionShapesTests: XCTestCase {
    /// A work cited — its year in brackets, then only its authors — is a title, not what the term is.
    func testAWorkCitedWithItsYearIsNoMeaning() {
        for line in ["Sparse coding: A fast way to learn dictionaries from few samples (2011), P. Martin et al. [pdf]",
                     "Gradient clipping: Making recurrent nets trainable again (2019),",
                     "Label noise: a survey of the methods and their limits (dupont & rossi 2021)",
                     "Beam search: Decoding with bounded memory (2016) A. Lee and",
                     // (An acronym's title spells its letters out: still a work cited.)
                     "SQA: Spoken question answering (2018), B. Chen et al. [pdf]"] {
            XCTAssertNil(DefinitionRecognizer.definition(line), line)
            XCTAssertTrue(DefinitionRecognizer.citesWork(String(line[line.range(of: ": ")!.upperBound...])), line)
        }
        // A year inside a sentence that goes on, or a year in the term, is no citation.
        XCTAssertFalse(DefinitionRecognizer.citesWork("a language first released (1995) that runs in every browser"))
        XCTAssertFalse(DefinitionRecognizer.citesWork("a unit of measure (about 2.5 cm)"))
        XCTAssertEqual(DefinitionRecognizer.definition("Fortran (1957): the first compiled high-level language.")?.term, "Fortran (1957)")
    }

    /// Programs named in lower case, one or several joined, whose meaning names an activity (a gerund first, a noun of an action
    /// as a compound's head, plural or joined by a slash or by `and`) are what the programs are used for; what they do (a verb)
    /// or what they are (a thing) is their definition.
    func testProgramsWhoseMeaningNamesAnActivity() {
        for line in ["zcat and zless: archive inspection", "cp: copying files between folders", "tar or cpio: building archives",
                     "traceroute: hop measurements and route testing", "fsck: disk verification/repair", "gzip: compression for single files",
                     "rename, mmv and zmv: renaming many files"] {
            XCTAssertNil(DefinitionRecognizer.definition(line), line)
        }
        for (line, term) in [("tac and rev: reverse lines or characters", "tac and rev"), ("dc: reverse-polish calculator", "dc"),
                             ("netcat: socket relay and port listener", "netcat"), ("mkfifo: create a named pipe", "mkfifo"),
                             ("lsblk: list block devices", "lsblk")] {
            XCTAssertEqual(DefinitionRecognizer.definition(line)?.term, term, line)
        }
        // (French terms in lower case keep a noun of an action with its complement: `scission : division d'une molécule…`.)
        XCTAssertEqual(DefinitionRecognizer.definition("scission : division d'une molécule en deux fragments")?.term, "scission")
        XCTAssertTrue(DefinitionRecognizer.programNames("cut, paste and join"))
        XCTAssertFalse(DefinitionRecognizer.programNames("network services"), "two words not joined are a noun phrase")
        XCTAssertFalse(DefinitionRecognizer.programNames("Rust"))
    }
}
