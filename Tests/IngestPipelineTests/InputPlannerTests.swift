import Foundation
import IngestCore
import IngestTestSupport
import XCTest
@testable import IngestPipeline

final class InputPlannerTests: XCTestCase {
    func testNumberedPhotosOfOneFolderAreOneLessonInNaturalOrder() throws {
        let dir = try TemporaryDirectory("planner")
        defer { dir.remove() }
        for name in ["IMG_10.jpg", "IMG_2.jpg", "IMG_1.jpg", "notes.txt", "cover.png", "sub/IMG_3.jpg", "sub/IMG_4.jpg", "scan 1.heic"] {
            try dir.write(name, "x")
        }
        let plan = InputPlanner().plan([dir.url.path])
        let sources = plan.units.map { $0.sources[0].files.map(\.lastPathComponent) }
        XCTAssertTrue(sources.contains(["IMG_1.jpg", "IMG_2.jpg", "IMG_10.jpg"]), "\(sources)")
        XCTAssertTrue(sources.contains(["IMG_3.jpg", "IMG_4.jpg"]), "\(sources)")
        XCTAssertTrue(sources.contains(["notes.txt"]))
        XCTAssertTrue(sources.contains(["cover.png"]))
        XCTAssertTrue(sources.contains(["scan 1.heic"]), "a single numbered photo stays alone")
        XCTAssertEqual(plan.units.count, 5)
        XCTAssertTrue(plan.units.contains { $0.outputName == "IMG" })
        XCTAssertEqual(InputPlanner(groupsPhotos: false).plan([dir.url.path]).units.count, 8)
    }

    func testPhotoStem() {
        XCTAssertEqual(InputPlanner.photoStem("IMG_0042.jpg"), "IMG")
        XCTAssertEqual(InputPlanner.photoStem("cours p3.png"), "cours p")
        XCTAssertNil(InputPlanner.photoStem("cover.png"))
        XCTAssertNil(InputPlanner.photoStem("12.png"))
    }

    func testOutputNamesNeverCollide() throws {
        let dir = try TemporaryDirectory("planner")
        defer { dir.remove() }
        for name in ["cours.pdf", "cours.docx", "cours.txt"] { try dir.write(name, "x") }
        let names = InputPlanner().plan([dir.url.path]).units.map(\.outputName)
        XCTAssertEqual(Set(names).count, 3, "\(names)")
    }
}
