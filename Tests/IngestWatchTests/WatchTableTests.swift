import XCTest
@testable import IngestWatch

final class WatchTableTests: XCTestCase {
    func testRemovingATreeTakesTheFolderAndItsSubfoldersOnly() {
        var table = WatchTable()
        table.add(1, path: "/in")
        table.add(2, path: "/in/a")
        table.add(3, path: "/in/a/b")
        table.add(4, path: "/in/ab")
        XCTAssertEqual(table.removeTree("/in/a"), [2, 3])
        XCTAssertEqual(table.pathOf, [1: "/in", 4: "/in/ab"])
        XCTAssertEqual(table.watchOf, ["/in": 1, "/in/ab": 4])
    }

    func testIgnoredDescriptorsAreForgotten() {
        var table = WatchTable()
        table.add(1, path: "/in/a")
        table.add(2, path: "/in/a")      // the folder watched again under a new descriptor
        table.remove(1)
        XCTAssertEqual(table.watchOf["/in/a"], 2)
        table.remove(2)
        XCTAssertEqual(table.count, 0)
    }
}
