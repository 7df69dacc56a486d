import Foundation
import IngestCore
@testable import IngestSpell
import XCTest

final class SpellDictionaryTests: XCTestCase {
    /// `prepare` opens dictionaries ahead only on a core the run's budget lends: while none is
    /// free it waits (and takes nothing), once one is free it looks the dictionaries up and gives
    /// the core back. (Names no system has, so other tests' dictionaries are not involved.)
    func testPrepareWaitsForALentCoreAndGivesItBack() throws {
        let names = ["zz_PREPARE_\(UInt32.random(in: 0...UInt32.max))"]
        let cores = LocalCoreBudget(capacity: 1)
        cores.take()   // the document's own core: nothing to lend
        SpellDictionary.prepare(names, cores: cores)
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertFalse(SpellDictionary.wasLookedFor(names[0]), "opened without a core")
        XCTAssertEqual(cores.peak, 1)
        cores.giveBack()   // the document is done: its core is free
        let until = Date().addingTimeInterval(10)
        while !(SpellDictionary.wasLookedFor(names[0]) && cores.held == 0) && Date() < until { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertTrue(SpellDictionary.wasLookedFor(names[0]))
        XCTAssertEqual(cores.held, 0, "the lent core is given back")
        XCTAssertEqual(cores.peak, 1, "never more than the budget")
    }

    /// Without a budget (a library caller) the dictionaries are opened at once; asking again
    /// for the same names starts nothing more.
    func testPrepareWithoutBudgetOpensAtOnceAndOnlyOnce() throws {
        let names = ["zz_NOW_\(UInt32.random(in: 0...UInt32.max))"]
        SpellDictionary.prepare(names, cores: nil)
        let until = Date().addingTimeInterval(10)
        while !SpellDictionary.wasLookedFor(names[0]) && Date() < until { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertTrue(SpellDictionary.wasLookedFor(names[0]))
        let cores = LocalCoreBudget(capacity: 1)
        SpellDictionary.prepare(names, cores: cores)
        Thread.sleep(forTimeInterval: 0.2)
        XCTAssertEqual(cores.peak, 0, "nothing left to open: no core taken")
    }
}
