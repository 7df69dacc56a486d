import Foundation
@testable import IngestStudySheet
import XCTest

/// The kind of list a line sits in (DefinitionListKinds.swift): its siblings show a list of uses, not a glossary. Made-up lists of
/// the shapes found on real course pages (bench/definitions/RESULTS.md, session 29).
final class DefinitionListKindsTests: XCTestCase {
    /// A run of items whose meanings mostly name an activity lists what things are for: each such item stays text, whatever its
    /// term's shape (`mail relay: configuration of…`, two words no program's); the items saying what a thing is are left to the
    /// recogniser, and a glossary of activities (terms that name one) is no such list.
    func testAListOfUsesIsNoGlossary() {
        let uses: [String?] = ["Servers:", "- sshd: remote login configuration;", "- mail relay: configuration of the outgoing mail;",
                               "- print queue: printer job management;", "- cupsd: a daemon that schedules print jobs;", nil,
                               "- web cache: proxy configuration"]
        XCTAssertEqual(DefinitionRecognizer.usesLists(uses), [1, 2, 3])
        // (Two in a run are too few; the item after a paragraph starts another run.)
        XCTAssertEqual(DefinitionRecognizer.usesLists(["- sshd: remote login configuration;", "- print queue: printer job management;", nil,
                                                       "- web cache: proxy configuration"]), [])
        // (Most of the run says what things are: no list of uses.)
        XCTAssertEqual(DefinitionRecognizer.usesLists(["- sshd: remote login configuration;", "- cron: a daemon that runs jobs on time",
                                                       "- at: a command that runs a job once", "- lpr: printer job management", "- ls: lists a folder",
                                                       "- df: shows free disk space", "- du: disk use of a folder"]), [])
        let glossary: [String?] = ["- Load balancing: distribution of requests over servers", "- Caching: retention of answers for reuse",
                                   "- Replication: duplication of data over nodes"]
        XCTAssertEqual(DefinitionRecognizer.usesLists(glossary), [])
    }

    /// An item's shape as its siblings see it: a short term and a separator, whatever the recogniser makes of the line.
    func testAnItemsShapeIsATermOfAFewWordsAndASeparator() {
        XCTAssertEqual(DefinitionRecognizer.itemShape("- nc: network debugging and data transfer")?.term, "nc")
        XCTAssertEqual(DefinitionRecognizer.itemShape("**mail relay**: configuration of the outgoing mail\nmore")?.meaning, "configuration of the outgoing mail")
        XCTAssertNil(DefinitionRecognizer.itemShape("The files we keep in this folder are: a, b"))
        XCTAssertNil(DefinitionRecognizer.itemShape("no separator here"))
    }
}
