import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// Where things are (issue 34), through the built `ingest`: the library under
/// `$XDG_DATA_HOME/ingest/` else `$HOME/.local/share/ingest/` — from the environment, whatever
/// the password database says —, caches under `$XDG_CACHE_HOME/ingest` else `$HOME/.cache/ingest`,
/// both printed and in summary.json; and a duplicate names the document it repeats by absolute
/// path and id, leaving a pointer (or a hard link) in its own output folder.
final class LocationsTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws {
        dir = try TemporaryDirectory("locations")
        guard IngestBinary.url != nil else { try missingTool("the ingest executable is not built (run swift build)") }
    }
    override func tearDown() { dir.remove() }

    /// A chapter of known text in `folder/name`.
    func lesson(_ folder: String, _ name: String, chapter: Int) throws -> URL {
        let url = dir.url.appendingPathComponent(folder).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try DistinctText.chapter(chapter).write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// `ingest convert` without --library, in an environment of its own (no pipeline.json in
    /// the folder it runs in; XDG variables empty unless given: an empty one is unset for XDG).
    func convert(_ input: URL, out: String, environment: [String: String], extra: [String] = []) throws -> IngestBinary.Result {
        var env = ["INGEST_CONFIG": "", "XDG_DATA_HOME": "", "XDG_CACHE_HOME": ""]
        env.merge(environment) { _, new in new }
        return try IngestBinary.run(["convert", input.path, "--out", dir.url.appendingPathComponent(out).path, "--lang", "en"] + extra,
                                    environment: env, currentDirectory: dir.url)
    }

    func summary(_ out: String) throws -> JSONValue {
        try JSONValue.parse(Data(contentsOf: dir.url.appendingPathComponent(out).appendingPathComponent("summary.json")))
    }

    func testLibraryAndCachesFollowHomeAndXDG() throws {
        let input = try lesson("in", "cellule.txt", chapter: 1)
        let home = dir.url.appendingPathComponent("home-a").path
        let a = try convert(input, out: "out-a", environment: ["HOME": home])
        XCTAssertEqual(a.status, 0, a.stderr)
        let library = home + "/.local/share/ingest/library.sqlite", cache = home + "/.cache/ingest"
        XCTAssertTrue(FileManager.default.fileExists(atPath: library), a.stderr)
        XCTAssertEqual(try summary("out-a")["library"]?.stringValue, library)
        XCTAssertEqual(try summary("out-a")["cache"]?.stringValue, cache)
        XCTAssertTrue(a.stderr.contains("Library: \(library) — caches: \(cache)"), a.stderr)

        // Another HOME is another library: the same file is a new document there, not a
        // "duplicate" of a run made for someone else.
        let b = try convert(input, out: "out-b", environment: ["HOME": dir.url.appendingPathComponent("home-b").path])
        XCTAssertEqual(b.status, 0, b.stderr)
        XCTAssertEqual(try summary("out-b")["counts"]?["succeeded"], 1)
        XCTAssertEqual(try summary("out-b")["counts"]?["duplicates"], 0)

        // XDG base directories win over HOME.
        let data = dir.url.appendingPathComponent("xdg-data").path, caches = dir.url.appendingPathComponent("xdg-cache").path
        let c = try convert(input, out: "out-c", environment: ["HOME": home, "XDG_DATA_HOME": data, "XDG_CACHE_HOME": caches])
        XCTAssertEqual(c.status, 0, c.stderr)
        XCTAssertEqual(try summary("out-c")["library"]?.stringValue, data + "/ingest/library.sqlite")
        XCTAssertEqual(try summary("out-c")["cache"]?.stringValue, caches + "/ingest")
        XCTAssertTrue(FileManager.default.fileExists(atPath: data + "/ingest/library.sqlite"))
        XCTAssertEqual(try summary("out-c")["counts"]?["succeeded"], 1, "a new library under XDG_DATA_HOME")
    }

    /// The watcher and the YouTube steps keep their caches under `$XDG_CACHE_HOME/ingest` (else
    /// `$HOME/.cache/ingest`), never beside the library; the end of a watch says where both are
    /// (and its `stopped` event holds them). A yt-dlp download of the samples (its `.info.json`
    /// and French WebVTT track) is read offline: its analysis step is kept in the cache.
    func testTheWatcherAndTheYouTubeStepsKeepTheirCachesUnderXDGCacheHome() throws {
        let samples = Corpus.repositoryRoot.appendingPathComponent("samples")
        let inbox = dir.url.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        for name in ["La digestion expliquée simplement [k3Rm9XwQp2E].info.json", "La digestion expliquée simplement [k3Rm9XwQp2E].fr.vtt"] {
            let copy = inbox.appendingPathComponent(name)
            try FileManager.default.copyItem(at: samples.appendingPathComponent(name), to: copy)
            var old = [timeval(tv_sec: time(nil) - 3600, tv_usec: 0), timeval(tv_sec: time(nil) - 3600, tv_usec: 0)]
            XCTAssertEqual(utimes(copy.path, &old), 0)
        }
        let home = dir.url.appendingPathComponent("home").path, caches = dir.url.appendingPathComponent("xdg-cache").path
        let env = ["INGEST_CONFIG": "", "XDG_DATA_HOME": "", "HOME": home, "XDG_CACHE_HOME": caches]
        let r = try IngestBinary.run(["watch", inbox.path, "--out", dir.url.appendingPathComponent("out").path, "--once", "--lang", "en"],
                                     environment: env, currentDirectory: dir.url)
        XCTAssertEqual(r.status, 0, r.stderr)
        let library = home + "/.local/share/ingest/library.sqlite"
        XCTAssertTrue(r.stderr.contains("Library: \(library) — caches: \(caches)/ingest"), r.stderr)
        let steps = try FileManager.default.contentsOfDirectory(atPath: caches + "/ingest/youtube/k3Rm9XwQp2E")
        XCTAssertTrue(steps.contains { $0.hasPrefix("analysis-") }, "\(steps)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: home + "/.local/share/ingest/cache"), "a cache beside the library")
        let video = try JSONValue.parse(Data(contentsOf: dir.url.appendingPathComponent("out/La digestion expliquée simplement [k3Rm9XwQp2E].json")))
        XCTAssertEqual(video["sources"]?[0]?["provenance"]?[0], "captionsManual")
        // The track is read with its video (as by convert), not as a document of its own.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("out").path).filter { $0.hasSuffix(".fr.json") }, [])
        // The captions' words, every one, in order (cue lines of the WebVTT track joined).
        let vtt = try String(contentsOf: inbox.appendingPathComponent("La digestion expliquée simplement [k3Rm9XwQp2E].fr.vtt"), encoding: .utf8)
        let cues = vtt.split(separator: "\n").filter { !$0.contains("-->") && !$0.hasPrefix("WEBVTT") && !$0.hasPrefix("Kind:") && !$0.hasPrefix("Language:") }
        XCTAssertEqual(video["text"]?.stringValue?.split(whereSeparator: \.isWhitespace), cues.joined(separator: " ").split(whereSeparator: \.isWhitespace))

        // Without XDG_CACHE_HOME: under $HOME/.cache; the `stopped` event says where things are.
        let j = try IngestBinary.run(["watch", inbox.path, "--out", dir.url.appendingPathComponent("out-2").path, "--once", "--lang", "en", "--jsonl"],
                                     environment: env.merging(["XDG_CACHE_HOME": ""]) { _, b in b }, currentDirectory: dir.url)
        XCTAssertEqual(j.status, 0, j.stderr)
        let stopped = try j.stdout.split(separator: "\n").map { try JSONValue.parse(Data($0.utf8)) }.first { $0["event"] == "stopped" }
        XCTAssertEqual(stopped?["library"]?.stringValue, library)
        XCTAssertEqual(stopped?["cache"]?.stringValue, home + "/.cache/ingest")
    }

    func testADuplicateLeavesAPointerOrAHardLinkInItsOutputFolder() throws {
        let env = ["HOME": dir.url.appendingPathComponent("home").path]
        let first = try lesson("in-1", "cycle.txt", chapter: 7)
        XCTAssertEqual(try convert(first, out: "out-1", environment: env).status, 0)
        let original = dir.url.appendingPathComponent("out-1/cycle.json").standardizedFileURL
        let originalID = try XCTUnwrap(JSONValue.parse(Data(contentsOf: original))["id"]?.stringValue)

        // The same text under another name, into another output folder.
        let copy = try lesson("in-2", "copie du cycle.txt", chapter: 7)
        let r = try convert(copy, out: "out-2", environment: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        let outcome = try XCTUnwrap(summary("out-2")["documents"]?[0])
        XCTAssertEqual(outcome["status"], "duplicate")
        XCTAssertEqual(outcome["id"]?.stringValue, originalID)
        XCTAssertEqual(outcome["output"]?.stringValue, original.path, "the outcome names the document repeated by its absolute path")
        let pointer = try JSONValue.parse(Data(contentsOf: dir.url.appendingPathComponent("out-2/copie du cycle.duplicate.json")))
        XCTAssertEqual(pointer["duplicateOf"]?["id"]?.stringValue, originalID)
        XCTAssertEqual(pointer["duplicateOf"]?["path"]?.stringValue, original.path)
        XCTAssertEqual(pointer["duplicateOf"]?["title"], try JSONValue.parse(Data(contentsOf: original))["title"])
        XCTAssertEqual(pointer["sources"]?[0]?.stringValue, "copie du cycle.txt")

        // output.duplicates = link: the same file, by a hard link, under the duplicate's name.
        let l = try convert(copy, out: "out-3", environment: env, extra: ["--set", "output.duplicates=\"link\""])
        XCTAssertEqual(l.status, 0, l.stderr)
        let linked = dir.url.appendingPathComponent("out-3/copie du cycle.json")
        var a = stat(), b = stat()
        XCTAssertEqual(stat(original.path, &a), 0)
        XCTAssertEqual(stat(linked.path, &b), 0)
        XCTAssertEqual(a.st_ino, b.st_ino, "a hard link to the document repeated")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("out-3/copie du cycle.duplicate.json").path))
        XCTAssertEqual(try summary("out-3")["documents"]?[0]?["output"]?.stringValue, original.path)
    }
}
