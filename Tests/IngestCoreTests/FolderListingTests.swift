import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// The one folder listing reads names as bytes: a Latin-1 name (`caf\xE9.txt`, as an old archive
/// or a Windows share gives it) is kept apart as undecodable, shown with its byte, never turned
/// into a U+FFFD name that opens nothing.
final class FolderListingTests: XCTestCase {
    func testALatin1NameIsKeptApartWithItsByteShown() throws {
        let dir = try TemporaryDirectory("listing")
        defer { dir.remove() }
        try dir.write("ok.txt", "Un texte.")
        try dir.write(".cache", "hidden files are listed too; the planner leaves them out")
        // Made by bash, as a shell user would: the name's bytes are c a f 0xE9 . t x t.
        let made = runTool("/bin/bash", ["-c", "printf 'Caf\\xe9 noir.\\n' > \"$1\"/$'caf\\xe9.txt'", "_", dir.url.path])
        XCTAssertEqual(made?.status, 0)
        defer { _ = runTool("/bin/bash", ["-c", "rm -f \"$1\"/$'caf\\xe9.txt'", "_", dir.url.path]) }

        let listing = try FolderListing(path: dir.url.path)
        XCTAssertEqual(listing.names.sorted(), [".cache", "ok.txt"])
        XCTAssertEqual(listing.undecodable, ["caf\\xE9.txt"])
        XCTAssertThrowsError(try FolderListing(path: dir.url.appendingPathComponent("missing").path))
    }
}
