import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// Issue #20, item 2: the hostile corpus (`Tests/Hostile/make_hostile.py`: zip bombs, billion
/// laughs, 100,000-entry ZIPs, lying sizes, encrypted and truncated PDFs, a 2,000-page PDF, a
/// 30,000² PNG, a 500-page TIFF, lying ID3/FLAC/MP4 sizes, bad encodings, a FIFO, a file growing
/// and a photo shrinking while read, hostile names…) with good documents beside it, through the real `ingest convert`,
/// measured by `Tests/Hostile/measure.py` (every process of the tree reaped, its peak RSS kept).
///
/// The run must end by itself (exit 0 or 1, no signal, within `wallClockLimit`), each hostile file
/// must get the outcome its manifest entry names — a stable error code from the catalog, never a
/// crash, a time-out or a memory kill of its worker — every good document must be converted, no
/// process of the tree may go past `peakMemoryBound`, and no source file may change.
final class HostileCorpusTests: XCTestCase {
    /// The memory bound of every single process of the run (the command and each worker), with
    /// the default limits (`ocr.maxImagePixels` 200,000,000: an image at that cap is where the
    /// peak is, ≈ 880 MB in Tesseract; RELIABILITY.md).
    static let peakMemoryBound = 1 << 30
    /// A generous cap to tell a hang from a slow run (about 1 minute on 2 idle cores).
    static let wallClockLimit = 900.0
    /// The per-document time limit of the run: well above the slowest case (a 1 GiB content
    /// stream, ≈ 40 s beside another worker), well below the wall-clock cap.
    static let documentTimeLimit = 240

    struct Case: Decodable {
        var name: String
        var match: String
        var what: String
        var expect: [String]
        var kind: String
    }

    struct Measure: Decodable {
        var exitCode: Int?
        var signal: Int?
        var timedOut: Bool
        var peakRSSKB: Int
        var peakRSSPid: Int?
        var wallSeconds: Double
        var processes: Int
    }

    func testHostileCorpusThroughConvert() throws {
        guard let ingest = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        guard runTool("python3", ["-c", ""])?.status == 0 else {
            try missingTool("python3 is not available (scripts/install.sh --tests installs it)")
        }
        let hostile = Corpus.repositoryRoot.appendingPathComponent("Tests/Hostile")
        let dir = try TemporaryDirectory("hostile")
        // Foundation cannot remove a name that is not UTF-8 (the corpus has one): rm does.
        defer { _ = runTool("rm", ["-rf", dir.url.path]) }
        let corpus = dir.url.appendingPathComponent("corpus"), out = dir.url.appendingPathComponent("out")

        let made = try XCTUnwrap(runTool("python3", [hostile.appendingPathComponent("make_hostile.py").path, corpus.path]))
        guard made.status == 0 else {
            throw TestSetupFailure("make_hostile.py failed: \(String(decoding: made.stderr, as: UTF8.self))")
        }
        let manifest = try JSONDecoder().decode([String: [Case]].self,
                                                from: Data(contentsOf: corpus.appendingPathComponent(".manifest.json")))["cases"] ?? []
        XCTAssertGreaterThan(manifest.count, 60)
        let before = try snapshot(corpus)

        let report = dir.url.appendingPathComponent("measure.json")
        let run = try XCTUnwrap(runTool("python3", [
            hostile.appendingPathComponent("measure.py").path, "--timeout", String(Self.wallClockLimit),
            "--grow", corpus.appendingPathComponent("growing.txt").path,
            "--shrink", corpus.appendingPathComponent("shrinking-photo.jpg").path, "--report", report.path, "--",
            "env", "INGEST_CONFIG=", ingest.path, "convert", corpus.path, "--out", out.path,
            "--library", dir.url.appendingPathComponent("library.sqlite").path, "--lang", "en", "--quiet",
            "--concurrency", "2", "--set", "limits.documentTimeLimitSeconds=\(Self.documentTimeLimit)",
        ]))
        let stderr = String(decoding: run.stderr.suffix(4000), as: UTF8.self)
        let measure = try JSONDecoder().decode(Measure.self, from: Data(contentsOf: report))
        print("hostile corpus: \(manifest.count) cases, \(measure.wallSeconds) s, peak \(measure.peakRSSKB / 1024) MB "
              + "(pid \(measure.peakRSSPid ?? 0) of \(measure.processes) processes)")

        // The run ended by itself, without a signal, with a status that means "some documents failed".
        XCTAssertFalse(measure.timedOut, "ingest convert was still running after \(Self.wallClockLimit) s: a hang\n\(stderr)")
        XCTAssertNil(measure.signal, "ingest convert was killed by signal \(measure.signal ?? 0)\n\(stderr)")
        XCTAssertEqual(measure.exitCode, 1, "exit 1: every document was looked at and some failed\n\(stderr)")
        XCTAssertLessThan(measure.peakRSSKB * 1024, Self.peakMemoryBound,
                          "a process of the run went past \(Self.peakMemoryBound >> 20) MB (pid \(measure.peakRSSPid ?? 0))")

        let summary = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("summary.json")))
        let documents = summary["documents"]?.arrayValue ?? []
        XCTAssertEqual(documents.count, manifest.count, "one outcome per case, nothing more")
        var outcomes: [String: Int] = [:]
        for c in manifest {
            let hits = documents.filter { d in (d["sources"]?.arrayValue ?? []).contains { $0.stringValue?.contains(c.match) == true } }
            guard hits.count == 1, let d = hits.first else {
                XCTFail("\(c.match): \(hits.count) documents in summary.json, 1 expected"); continue
            }
            let outcome = Self.outcome(d)
            outcomes[outcome, default: 0] += 1
            XCTAssertTrue(c.expect.contains(outcome), "\(c.name.debugDescription) (\(c.what)): \(outcome), expected \(c.expect)"
                          + " — \(d["error"]?["message"]?.stringValue ?? "")")
            if let code = d["error"]?["code"]?.stringValue {
                // Named: a code of the catalog, with its message, never a crash, time-out or memory kill.
                XCTAssertNotNil(MessageCatalog.entry(ErrorCode(code)), "\(c.match): \(code) is not in the catalog")
                XCTAssertFalse(code.hasPrefix("run."), "\(c.match): \(code)")
                XCTAssertFalse((d["error"]?["message"]?.stringValue ?? "").isEmpty, "\(c.match): no message")
            }
            if c.kind == "good" {
                XCTAssertEqual(outcome, "ok", "\(c.match): a good document beside the hostile ones must be converted")
                XCTAssertEqual(d["status"]?.stringValue, "succeeded", c.match)
            }
        }
        print("hostile corpus outcomes: \(outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")

        // Rule 1 of the spec: sources are never modified (the growing and shrinking files are the
        // test's own doing).
        var after = try snapshot(corpus)
        for name in ["growing.txt", "shrinking-photo.jpg"] { after[name] = before[name] }
        XCTAssertEqual(after, before, "a source file changed")
    }

    /// `ok` (ready or short), `notReady`, `duplicate`, or the error code.
    static func outcome(_ d: JSONValue) -> String {
        switch d["status"]?.stringValue {
        case "failed": return d["error"]?["code"]?.stringValue ?? "failed"
        case "duplicate": return "duplicate"
        default: return d["readiness"]?.stringValue == "notReady" ? "notReady" : "ok"
        }
    }

    /// Name → size and modification time of every entry of `dir` (lstat: the FIFO and the link
    /// are not followed).
    func snapshot(_ dir: URL) throws -> [String: String] {
        var out: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
            var st = stat()
            guard lstat(dir.appendingPathComponent(name).path, &st) == 0 else { continue }
            out[name] = "\(st.st_size) \(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
        }
        return out
    }
}
