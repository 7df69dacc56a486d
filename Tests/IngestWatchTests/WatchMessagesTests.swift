import XCTest
import IngestCore
@testable import IngestWatch

final class WatchMessagesTests: XCTestCase {
    func testWatchCodesHaveMessagesInBothLanguages() {
        for code in [ErrorCode.watchLimitReached, .watchInstanceLimitReached, .watchUnavailable] {
            XCTAssertNotNil(MessageCatalog.entry(code), "\(code)")
        }
        XCTAssertTrue(MessageCatalog.tables.contains { $0.domain == "watch" })
    }

    func testTheLimitMessageNamesTheSysctlAndTheCurrentValue() throws {
        let error = WatchErrors.limitReached(path: "/in/cours")
        XCTAssertEqual(error.code, .watchLimitReached)
        let current = try String(contentsOfFile: "/proc/sys/fs/inotify/max_user_watches", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        for language in MessageLanguage.allCases {
            let message = error.message(language)
            XCTAssertTrue(message.contains("sudo sysctl fs.inotify.max_user_watches=524288"), message)
            XCTAssertTrue(message.contains(current), message)
            XCTAssertTrue(message.contains("/in/cours"), message)
        }
        XCTAssertTrue(WatchErrors.instanceLimitReached(path: "/in").message(.en).contains("fs.inotify.max_user_instances"))
    }
}
