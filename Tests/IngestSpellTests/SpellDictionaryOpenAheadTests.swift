import Foundation
import IngestTestSupport
import Synchronization
import XCTest
@testable import IngestSpell

/// Issue 36 item 6: the dictionaries are opened ahead (`openAhead`, once a PDF's blocks hold a word
/// cut at a line end), once per process, and whoever asks meanwhile waits for that opening and gets
/// the same dictionary.
final class SpellDictionaryOpenAheadTests: XCTestCase {
    func testOpenedAheadOnceAndSharedWithEveryAsker() throws {
        guard SpellDictionary.isAvailable else { try missingTool("libhunspell-1.7.so.0 is not installed (apt-get install libhunspell-dev)") }
        let name = "en_US"
        SpellDictionary.openAhead([name])
        SpellDictionary.openAhead([name])
        // Askers racing the background opening: all wait on it, none opens a second handle.
        let got = Mutex<[ObjectIdentifier?]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let d = SpellDictionary.shared(name)
            got.withLock { $0.append(d.map(ObjectIdentifier.init)) }
        }
        let ids = got.withLock { $0 }
        guard let first = ids.first, first != nil else {
            try missingTool("the hunspell dictionary \(name) is missing (apt-get install \(SpellDictionary.package(for: name)))")
            return
        }
        XCTAssertEqual(Set(ids).count, 1)
        XCTAssertEqual(SpellDictionary.timesOpened(name), 1)
        XCTAssertTrue(SpellDictionary.shared(name)!.spells("walk"))
        SpellDictionary.openAhead([name])
        XCTAssertEqual(SpellDictionary.timesOpened(name), 1)
    }

    /// A dictionary that cannot be opened is nil for the one who asks, and is not tried again.
    func testFailedOpeningIsNilOnce() {
        let name = "xx_NOPE"
        SpellDictionary.openAhead([name])
        XCTAssertNil(SpellDictionary.shared(name))
        XCTAssertNil(SpellDictionary.shared(name))
        XCTAssertEqual(SpellDictionary.timesOpened(name), 1)
    }
}
