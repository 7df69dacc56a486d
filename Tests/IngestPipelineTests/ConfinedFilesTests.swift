import Foundation
import IngestCore
@testable import IngestPipeline
import IngestTestSupport
import XCTest

/// A confined source (a watched inbox) never brings in a file from outside its root: a link out of
/// it is refused (`file.linkOutsideInbox`) and, with a thread swapping the name between a file of
/// the inbox and a link to a private file while documents are read, what is read — by the sniffer,
/// the hash and the extractors (poppler for a PDF) — is never the private file.
final class ConfinedFilesTests: XCTestCase {
    var dir: TemporaryDirectory!
    var inbox: URL { dir.url.appendingPathComponent("inbox") }
    override func setUpWithError() throws {
        dir = try TemporaryDirectory("confined")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
    }
    override func tearDown() { dir.remove() }

    let pipeline = Pipeline(config: PipelineConfig())

    func text(of name: String, root: URL?) throws -> String {
        let reads = try pipeline.read([UnitSource(files: [inbox.appendingPathComponent(name)], name: name, root: root)])
        return try pipeline.document(from: reads, readTime: 0, lessonTitle: nil).document.text
    }

    func testALinkOutOfTheInboxIsRefusedAndOneInsideIsRead() throws {
        let secret = try dir.write("private/cle.txt", "SECRET " + DistinctText.chapter(1))
        let inside = try dir.write("inbox/sub/vrai.txt", "Chapitre vrai\n\n" + DistinctText.chapter(2))
        XCTAssertEqual(symlink(secret.path, inbox.appendingPathComponent("devoir.txt").path), 0)
        XCTAssertEqual(symlink(inside.path, inbox.appendingPathComponent("lien.txt").path), 0)
        XCTAssertEqual(symlink("sub", inbox.appendingPathComponent("dossier").path), 0)
        XCTAssertThrowsError(try text(of: "devoir.txt", root: inbox)) { error in
            XCTAssertEqual((error as? IngestError)?.code, .fileLinkOutsideInbox)
            XCTAssertEqual((error as? IngestError)?.message(.fr), "devoir.txt est un lien vers un fichier hors du dossier surveillé : il n'est pas lu. Dépose le fichier lui-même.")
        }
        XCTAssertTrue(try text(of: "lien.txt", root: inbox).hasPrefix("Chapitre vrai"))
        XCTAssertTrue(try text(of: "dossier/vrai.txt", root: inbox).hasPrefix("Chapitre vrai"))
        // A folder link out of the inbox is refused too.
        XCTAssertEqual(symlink(secret.deletingLastPathComponent().path, inbox.appendingPathComponent("ailleurs").path), 0)
        XCTAssertThrowsError(try text(of: "ailleurs/cle.txt", root: inbox))
        // Without a root (convert's own files) the link is followed, as before.
        XCTAssertTrue(try text(of: "devoir.txt", root: nil).hasPrefix("SECRET"))
        // Nothing of the private folders is left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("ingest-source-\(getpid())-") }
        XCTAssertEqual(left, [], "private folders left: \(left)")
    }

    /// A thread swaps `swap.EXT` between a file of the inbox and a link to a private file of the
    /// same kind, as fast as it can, while the document is read again and again: until `enough`
    /// reads and one refusal were seen (or a leak, with `stopAtLeak`), at most `rounds` times. How
    /// the reads fall between the two states depends on the scheduler, so the test counts until
    /// both were met rather than for a fixed number of rounds (CI once saw 79 reads in 2000).
    func swapRace(ext: String, legit: Data, secret: Data, rounds: Int, enough: Int = 0, root: URL?, stopAtLeak: Bool = false) throws -> (read: Int, refused: Int, leaked: Int) {
        let secretURL = try dir.write("private/secret.\(ext)", secret)
        let store = try dir.write("inbox/.store/legit.\(ext)", legit)
        let name = inbox.appendingPathComponent("swap.\(ext)").path
        XCTAssertEqual(link(store.path, name), 0)
        let stop = ManagedFlag(), ended = DispatchSemaphore(value: 0)
        let swapper = Thread {
            defer { ended.signal() }
            let a = name + ".a", b = name + ".b"
            var st = stat()
            while !stop.isSet {
                unlink(a); symlink(secretURL.path, a); rename(a, name)
                // The link stays a while (a few system calls, no sleep), so that on a loaded
                // machine a read still meets it now and then.
                for _ in 0..<200 { _ = lstat(name, &st) }
                unlink(b); link(store.path, b); rename(b, name)
                // The inbox's own file stays as long.
                for _ in 0..<200 { _ = lstat(name, &st) }
            }
        }
        swapper.start()
        defer { stop.set(); ended.wait(); unlink(name) }
        var read = 0, refused = 0, leaked = 0
        for _ in 0..<rounds {
            if !stopAtLeak, read >= enough, refused > 0 { break }
            do {
                let text = try self.text(of: "swap.\(ext)", root: root)
                if text.contains("SECRET") { leaked += 1; if stopAtLeak { break } } else { read += 1 }
            } catch let e as IngestError {
                XCTAssertTrue([.fileLinkOutsideInbox, .fileNotFound, .fileChanging].contains(e.code), "\(e.code)")
                refused += 1
            }
        }
        return (read, refused, leaked)
    }

    func testLinksSwappedWhileTextIsReadNeverBringThePrivateFileIn() throws {
        let legit = Data(("Chapitre permis\n\n" + DistinctText.chapter(3)).utf8), secret = Data(("SECRET\n\n" + DistinctText.chapter(4)).utf8)
        // Unconfined (the path followed), the race does bring the private file in: the test has teeth.
        let open = try swapRace(ext: "txt", legit: legit, secret: secret, rounds: 5000, root: nil, stopAtLeak: true)
        XCTAssertGreaterThan(open.leaked, 0, "\(open)")
        let r = try swapRace(ext: "txt", legit: legit, secret: secret, rounds: 50_000, enough: 500, root: inbox)
        XCTAssertEqual(r.leaked, 0, "the private file's text was read: \(r)")
        XCTAssertGreaterThanOrEqual(r.read, 500); XCTAssertGreaterThan(r.refused, 0, "the swap never won the race: \(r)")
        print("ConfinedFilesTests text: unconfined, leaked after \(open.read + open.refused + 1) reads; confined \(r.read) read, \(r.refused) refused, 0 leaked")
    }

    func testLinksSwappedWhileAPDFIsReadNeverBringThePrivateFileIn() throws {
        guard runTool("/usr/bin/which", ["pandoc"])?.status == 0 else { try missingTool("pandoc is not installed (apt-get install pandoc)") }
        func pdf(_ text: String, _ name: String) throws -> Data {
            let md = try dir.write("\(name).md", text)
            let out = dir.url.appendingPathComponent("\(name).pdf")
            guard runTool("/usr/bin/pandoc", [md.path, "-o", out.path])?.status == 0 else { throw TestSetupFailure("pandoc failed") }
            return try Data(contentsOf: out)
        }
        let r = try swapRace(ext: "pdf", legit: try pdf("# Permis\n\n" + DistinctText.chapter(5), "legit"),
                             secret: try pdf("# SECRET\n\nSECRET " + DistinctText.chapter(6), "secret"), rounds: 3000, enough: 40, root: inbox)
        XCTAssertEqual(r.leaked, 0, "the private file's text was read: \(r)")
        XCTAssertGreaterThanOrEqual(r.read, 40); XCTAssertGreaterThan(r.refused, 0, "the swap never won the race: \(r)")
        print("ConfinedFilesTests pdf: \(r.read) read, \(r.refused) refused")
    }
}

/// A flag set by one thread and read by another.
final class ManagedFlag: @unchecked Sendable {
    // A lock guards the one Bool.
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    func set() { lock.lock(); value = true; lock.unlock() }
}

extension ConfinedFilesTests {
    /// The siblings of a file (same stem: a recording's transcript, a video's tracks) are found
    /// in a listing kept per folder: the same names as a listing made each time, accents and
    /// scripts included, from the cache too (the samples' folder is settled).
    func testSiblingsAreTheNamesStartingWithTheStem() throws {
        for name in ["cours e.srt", "cours e\u{301}.mp3", "cours e中.txt", "cours f.txt", "cours.txt", "cours e"] {
            try dir.write("siblings/" + name, "x")
        }
        let folder = dir.url.appendingPathComponent("siblings").path
        XCTAssertEqual(FolderNames.shared.names(in: folder, startingWith: "cours e"), ["cours e", "cours e.srt", "cours e中.txt"])
        let samples = Corpus.repositoryRoot.appendingPathComponent("samples").path
        let direct = try FileManager.default.contentsOfDirectory(atPath: samples).filter { $0.hasPrefix("lecon-volcans") }.sorted()
        XCTAssertEqual(direct, ["lecon-volcans.mp3", "lecon-volcans.srt"])
        for _ in 0..<2 { XCTAssertEqual(FolderNames.shared.names(in: samples, startingWith: "lecon-volcans"), direct) }
    }
}
