import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// Files that belong to another file's document are not documents of their own: a recording's
/// transcript, a yt-dlp video's subtitle tracks.
final class CompanionFilesTests: XCTestCase {
    func testTranscriptBesideARecordingIsItsText() throws {
        try Corpus.require()
        let dir = try TemporaryDirectory("companions")
        defer { dir.remove() }
        let input = dir.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Corpus.url("audio/mutagen-silence-44-s.mp3"), to: input.appendingPathComponent("lecon.mp3"))
        let cues = (1...6).map { "\($0)\n00:00:0\($0),000 --> 00:00:0\($0),900\nLa phrase numéro \($0) du cours enregistré sur la cellule.\n" }
        try Data(cues.joined(separator: "\n").utf8).write(to: input.appendingPathComponent("lecon.srt"))
        let out = dir.url.appendingPathComponent("out")
        let r = try IngestBinary.run(["convert", input.path, "--out", out.path, "--library", dir.url.appendingPathComponent("l.sqlite").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let summary = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("summary.json")))
        XCTAssertEqual(summary["counts"]?["total"], 1, "the transcript is not a second document")
        let doc = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("lecon.json")))
        XCTAssertEqual(doc["sources"]?[0]?["provenance"]?[0], "sidecarTranscript")
        XCTAssertEqual(doc["blocks"]?.arrayValue?.count, 6)
        try validateWithJSONSchema(schema: "imported-document.schema.json", files: [out.appendingPathComponent("lecon.json")])
    }

    func testYtDlpSubtitleTracksBelongToTheirVideo() throws {
        let dir = try TemporaryDirectory("ytdlp")
        defer { dir.remove() }
        let input = dir.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let base = "Cours de SVT [dQw4w9WgXcQ]"
        let info: JSONValue = ["id": "dQw4w9WgXcQ", "title": "Cours de SVT", "channel": "Prof", "duration": 120,
                               "extractor": "youtube", "webpage_url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
                               "language": "fr", "thumbnail": "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
                               "subtitles": ["fr": [["ext": "vtt", "url": "https://example.invalid/fr.vtt", "name": "French"]]],
                               "automatic_captions": [:]]
        try JSONEncoder().encode(info).write(to: input.appendingPathComponent("\(base).info.json"))
        var vtt = "WEBVTT\n\n"
        for i in 0..<30 {
            vtt += String(format: "00:%02d:%02d.000 --> 00:%02d:%02d.500\n", i * 4 / 60, i * 4 % 60, i * 4 / 60, i * 4 % 60 + 3)
            vtt += "Phrase \(i) : la cellule végétale possède une paroi et des chloroplastes.\n\n"
        }
        try Data(vtt.utf8).write(to: input.appendingPathComponent("\(base).fr.vtt"))
        let out = dir.url.appendingPathComponent("out")
        let r = try IngestBinary.run(["convert", input.path, "--out", out.path, "--library", dir.url.appendingPathComponent("l.sqlite").path])
        let summary = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("summary.json")))
        XCTAssertEqual(summary["counts"]?["total"], 1, "one document for the video, not one per file: \(r.stderr)")
        XCTAssertEqual(r.status, 0, r.stderr)
    }
}

/// Photos of one lesson become one document, end to end through OCR.
final class PhotoLessonTests: XCTestCase {
    func testTwoPhotosAreTwoPagesOfOneDocument() throws {
        try Corpus.require()
        let dir = try TemporaryDirectory("photos")
        defer { dir.remove() }
        let input = dir.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        // Two pages of a French PDF, rendered as "photos" named out of natural order on purpose.
        guard let r = runTool("pdftoppm", ["-r", "150", "-gray", "-png", "-f", "1", "-l", "2",
                                           Corpus.url("pdf/pdfplumber-2023-06-20-PV.pdf").path, input.appendingPathComponent("page").path]),
              r.status == 0 else { try missingTool("pdftoppm is not installed (apt-get install poppler-utils)") }
        let rendered = try FileManager.default.contentsOfDirectory(atPath: input.path).sorted()
        XCTAssertEqual(rendered.count, 2, "\(rendered)")
        try FileManager.default.moveItem(at: input.appendingPathComponent(rendered[0]), to: input.appendingPathComponent("photo_2.png"))
        try FileManager.default.moveItem(at: input.appendingPathComponent(rendered[1]), to: input.appendingPathComponent("photo_10.png"))
        let out = dir.url.appendingPathComponent("out")
        let run = try IngestBinary.run(["convert", input.path, "--out", out.path, "--library", dir.url.appendingPathComponent("l.sqlite").path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let doc = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("photo.json")))
        XCTAssertEqual(doc["sources"]?.arrayValue?.count, 1)
        XCTAssertEqual(doc["sources"]?[0]?["provenance"], ["ocr"])
        let pages = doc["blocks"]?.arrayValue?.compactMap { $0["page"]?.intValue } ?? []
        XCTAssertEqual(Set(pages), [1, 2])
        XCTAssertEqual(pages, pages.sorted(), "pages in natural name order")
        XCTAssertEqual(doc["language"], "fr")
        try validateWithJSONSchema(schema: "imported-document.schema.json", files: [out.appendingPathComponent("photo.json")])
    }
}
