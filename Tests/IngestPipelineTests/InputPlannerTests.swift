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

    func testALessonFolderIsOneLessonOfItsFiles() throws {
        let dir = try TemporaryDirectory("planner")
        defer { dir.remove() }
        for name in ["cours/cellule.lesson/2-schema.png", "cours/cellule.lesson/1-cours.md", "cours/cellule.lesson/3-video.srt",
                     "cours/cellule.lesson/photos/IMG_1.jpg", "cours/cellule.lesson/photos/IMG_2.jpg",
                     "cours/autre.txt", "notes.lesson.txt", ".lesson/x.txt"] {
            try dir.write(name, "x")
        }
        for grouping in InputPlanner.Grouping.allCases {
            let plan = InputPlanner(grouping: grouping).plan([dir.url.path])
            let lesson = try XCTUnwrap(plan.units.first { $0.outputName == "cours/cellule.lesson" }, "\(grouping): \(plan.units.map(\.outputName))")
            XCTAssertEqual(lesson.title, "cellule")
            // In name order, the numbered photos as one source of two pages.
            XCTAssertEqual(lesson.sources.map { $0.files.map(\.lastPathComponent) },
                           [["1-cours.md"], ["2-schema.png"], ["3-video.srt"], ["IMG_1.jpg", "IMG_2.jpg"]])
            XCTAssertFalse(plan.units.contains { $0.sources.flatMap(\.files).contains { $0.path.contains(".lesson/") } && $0.outputName != lesson.outputName })
        }
        XCTAssertEqual(InputPlanner.lessonFolder("a/b.lesson/c/d.txt"), "a/b.lesson")
        XCTAssertNil(InputPlanner.lessonFolder("notes.lesson.txt"), "a file, not a folder")
        XCTAssertNil(InputPlanner.lessonFolder(".lesson/x.txt"), "a folder needs a name before .lesson")
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

    /// A named pipe in a walked folder is named (`file.notRegular`) and never opened: opening it
    /// would wait for a writer forever. Given on the command line, the source reader says the same.
    func testAFIFOIsNamedNotOpened() throws {
        let dir = try TemporaryDirectory("planner")
        defer { dir.remove() }
        try dir.write("cours.txt", "x")
        let fifo = dir.url.appendingPathComponent("x.txt")
        XCTAssertEqual(mkfifo(fifo.path, 0o644), 0)
        let plan = InputPlanner().plan([dir.url.path])
        XCTAssertEqual(plan.units.map(\.outputName), ["cours"])
        XCTAssertEqual(plan.failures.map(\.path), ["x.txt"])
        XCTAssertEqual(plan.failures.first?.error.code, .fileNotRegular)
        XCTAssertEqual(plan.failures.first?.error.arguments["type"], "FIFO")
        let reader = SourceReader(config: PipelineConfig(), language: .en)
        XCTAssertThrowsError(try reader.read(files: [fifo], displayName: "x.txt")) { error in
            XCTAssertEqual((error as? IngestError)?.code, .fileNotRegular)
        }
    }

    /// A file whose name's bytes are not UTF-8 (a Latin-1 name from an old archive) is read, named
    /// with its bytes shown, through an alias (`NameAliases`); a folder so named is named
    /// (`file.nameNotUTF8`), not walked; the files beside them are read.
    func testANameThatIsNotUTF8IsReadAndNamed() throws {
        let dir = try TemporaryDirectory("planner")
        defer { dir.remove() }
        try dir.write("cours.txt", "x")
        let raw: [UInt8] = Array((dir.url.path + "/latin1-").utf8) + [0xE9, 0x74, 0xE9, 0x2D, 0xFF] + Array(".txt".utf8) + [0]
        let fd = raw.withUnsafeBufferPointer { p in
            p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: raw.count) { open($0, O_CREAT | O_WRONLY, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(fd, 0)
        close(fd)
        // Foundation cannot remove what it cannot name: unlinked by its bytes.
        defer { _ = raw.withUnsafeBufferPointer { p in p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: raw.count) { unlink($0) } } }
        let folder: [UInt8] = Array((dir.url.path + "/dossier-").utf8) + [0xE9, 0]
        XCTAssertEqual(folder.withUnsafeBufferPointer { p in p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: folder.count) { mkdir($0, 0o755) } }, 0)
        defer { _ = folder.withUnsafeBufferPointer { p in p.baseAddress!.withMemoryRebound(to: CChar.self, capacity: folder.count) { rmdir($0) } } }
        let plan = InputPlanner().plan([dir.url.path])
        XCTAssertEqual(plan.units.map(\.outputName), ["latin1-\\xE9t\\xE9-\\xFF", "cours"])
        XCTAssertEqual(plan.units.first?.sources.first?.name, "latin1-\\xE9t\\xE9-\\xFF.txt")
        XCTAssertEqual(plan.failures.map(\.error.code), [.fileNameNotUTF8])
        XCTAssertEqual(plan.failures.first?.path, "dossier-\\xE9")
        XCTAssertEqual(FolderListing.escaped(Array("é\u{1F600}".utf8) + [0xC3]), "é\u{1F600}\\xC3")
    }
}
