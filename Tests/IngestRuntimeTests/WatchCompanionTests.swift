import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// A transcript dropped beside a recording the watcher has already read is not left out: the
/// recording's reading is over, so the transcript is a document of its own, its text whole (when
/// both come together, the transcript is read with the recording: `LocationsTests`' yt-dlp case).
/// The samples' recording and its SRT transcript, through the built `ingest watch --jsonl`.
final class WatchCompanionTests: XCTestCase {
    var dir: TemporaryDirectory!
    var inbox: URL { dir.url.appendingPathComponent("inbox") }
    override func setUpWithError() throws {
        dir = try TemporaryDirectory("watch-companion")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
    }
    override func tearDown() { dir.remove() }

    func testATranscriptAfterItsRecordingIsReadAsItsOwnDocument() throws {
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        let samples = Corpus.repositoryRoot.appendingPathComponent("samples")
        try FileManager.default.copyItem(at: samples.appendingPathComponent("lecon-volcans.mp3"), to: inbox.appendingPathComponent("lecon-volcans.mp3"))
        let w = try WatchEventStream(binary: binary, arguments: [
            "watch", inbox.path, "--out", dir.url.appendingPathComponent("out").path, "--library", dir.url.appendingPathComponent("lib.sqlite").path,
            "--jsonl", "--lang", "en", "--set", "watch.quietSeconds=0.5", "--set", "watch.closedSettleSeconds=0.2"])
        defer { w.stop(SIGINT) }
        func document(_ name: String) -> ([JSONValue]) -> Bool {
            { $0.contains { $0["event"] == "document" && $0["sources"]?[0]?.stringValue == name } }
        }
        XCTAssertTrue(w.wait(60, document("lecon-volcans.mp3")), "\(w.events)")

        let srt = try String(contentsOf: samples.appendingPathComponent("lecon-volcans.srt"), encoding: .utf8)
        try srt.write(to: inbox.appendingPathComponent("lecon-volcans.srt"), atomically: true, encoding: .utf8)
        XCTAssertTrue(w.wait(60, document("lecon-volcans.srt")), "the transcript was left out: \(w.events)")
        let event = try XCTUnwrap(w.events.first { $0["event"] == "document" && $0["sources"]?[0]?.stringValue == "lecon-volcans.srt" })
        XCTAssertNotEqual(event["status"], "failed", "\(event)")
        // Its words: the cue lines of the SRT (numbers and times aside).
        let cues = srt.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && Int($0) == nil && !$0.contains("-->") }
        let output = try XCTUnwrap(event["output"]?.stringValue)
        let path = output.hasPrefix("/") ? output : dir.url.appendingPathComponent("out/" + output).path
        let text = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: path)))["text"]?.stringValue ?? ""
        XCTAssertEqual(text.split(whereSeparator: \.isWhitespace), cues.joined(separator: " ").split(whereSeparator: \.isWhitespace))
    }
}
