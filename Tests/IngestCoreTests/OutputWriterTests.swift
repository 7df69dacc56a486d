import Foundation
@testable import IngestCore
import IngestTestSupport
import XCTest

/// The one atomic writer: the target is whole or untouched, nothing else is left in its folder
/// or in the temporary folder, and what a killed writer left is found and removed.
final class OutputWriterTests: XCTestCase {
    func testAWriteLeavesOnlyTheTargetAndNothingInTheTemporaryFolder() throws {
        let dir = try TemporaryDirectory("writer")
        defer { dir.remove() }
        let tmp = dir.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let saved = ProcessInfo.processInfo.environment["TMPDIR"]
        setenv("TMPDIR", tmp.path, 1)
        defer { if let saved { setenv("TMPDIR", saved, 1) } else { unsetenv("TMPDIR") } }

        let out = dir.url.appendingPathComponent("out/doc.json")
        try OutputWriter.write(Data("{\"a\": 1}".utf8), to: out)
        try OutputWriter.write(Data("{\"a\": 2}".utf8), to: out)   // over an existing file
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), "{\"a\": 2}")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path), ["doc.json"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp.path), [])
    }

    func testAProducerThatFailsLeavesTheTargetUntouchedAndNoTemporaryFile() throws {
        let dir = try TemporaryDirectory("writer")
        defer { dir.remove() }
        let out = dir.url.appendingPathComponent("doc.json")
        try OutputWriter.write(Data("old".utf8), to: out)
        struct Refused: Error {}
        XCTAssertThrowsError(try OutputWriter.write(to: out) { put in
            try Data("half of a new".utf8).withUnsafeBytes { try put($0) }
            throw Refused()
        }) { XCTAssertTrue($0 is Refused, "the producer's own error, as it is: \($0)") }
        XCTAssertEqual(try String(contentsOf: out, encoding: .utf8), "old")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.url.path), ["doc.json"])
    }

    func testAnUnwritableFolderIsANamedFailure() throws {
        let dir = try TemporaryDirectory("writer")
        defer { dir.remove() }
        let file = try dir.write("plain", "a file, not a folder")
        XCTAssertThrowsError(try OutputWriter.write(Data("x".utf8), to: file.appendingPathComponent("doc.json"))) {
            XCTAssertEqual(($0 as? IngestError)?.code, .writeFailed, "\($0)")
        }
    }

    /// A temporary file of a writer killed by `kill -9` (a dead pid) is removed; one of a live
    /// process (this one) is left alone.
    func testAbandonedTemporaryFilesOfDeadWritersAreRemoved() throws {
        let dir = try TemporaryDirectory("writer")
        defer { dir.remove() }
        let dead = runTool("/bin/sh", ["-c", "echo $$"]).map { String(decoding: $0.stdout, as: UTF8.self) }?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        XCTAssertFalse(dead.isEmpty)
        try dir.write("sub/.doc.json.\(dead).17.ingest-tmp", "half")
        try dir.write("sub/.doc2.json.\(getpid()).18.ingest-tmp", "being written")
        XCTAssertEqual(OutputWriter.removeAbandoned(in: dir.url), 1)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("sub").path),
                       [".doc2.json.\(getpid()).18.ingest-tmp"])
    }
}
