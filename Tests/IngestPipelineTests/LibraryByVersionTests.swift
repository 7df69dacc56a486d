import Foundation
import IngestTestSupport
import XCTest

/// SPEC §1 promises a library: a Swift package outside this repository depends on Ingest *by
/// version* (SwiftPM then refuses any unsafeFlags in the targets it uses), builds the example of
/// docs/library.md, and converts a file through the library API. The repository's files are
/// committed into a fresh git repository tagged 1.0.0, so the check holds for the working tree.
final class LibraryByVersionTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func testAPackageDependingOnIngestByVersionConvertsAFile() throws {
        guard runTool("git", ["--version"]) != nil else { try missingTool("git is not installed") }
        let work = try TemporaryDirectory()
        defer { work.remove() }

        // 1. The repository as a tagged package at a file:// URL.
        let repository = work.url.appendingPathComponent("ingest")
        let listed = try XCTUnwrap(runTool("git", ["-C", Self.root.path, "ls-files", "-z", "--cached", "--others", "--exclude-standard"]))
        let files = listed.stdout.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        XCTAssertTrue(files.contains("Package.swift"))
        for file in files {
            let source = Self.root.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: source.path) else { continue }   // deleted, not yet committed
            let target = repository.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: target)
        }
        for step in [["init", "-q"], ["add", "-A"],
                     ["-c", "user.name=test", "-c", "user.email=test@example.org", "commit", "-qm", "snapshot"],
                     ["tag", "1.0.0"]] {
            let run = try XCTUnwrap(runTool("git", ["-C", repository.path] + step))
            XCTAssertEqual(run.status, 0, "git \(step): \(String(decoding: run.stderr, as: UTF8.self))")
        }

        // 2. A package of its own, whose main.swift is docs/library.md's example.
        let consumer = work.url.appendingPathComponent("lessons")
        let sources = consumer.appendingPathComponent("Sources/Lessons")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try """
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(
            name: "Lessons",
            platforms: [.macOS(.v14)],
            dependencies: [.package(url: "\(repository.absoluteString)", from: "1.0.0")],
            targets: [.executableTarget(name: "Lessons", dependencies: [
                .product(name: "IngestPipeline", package: "ingest"),
                .product(name: "IngestCore", package: "ingest"),
            ])])
        """.write(to: consumer.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let example = try XCTUnwrap(Self.swiftBlocks(of: guide).first { $0.contains("importDocument(file:") },
                                    "docs/library.md shows a program that reads a file")
        try example.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)

        // The build's output goes to a file: a full build writes more than a pipe holds.
        let log = work.url.appendingPathComponent("build.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let logHandle = try FileHandle(forWritingTo: log)
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = ["swift", "build", "--package-path", consumer.path]
        build.standardOutput = logHandle
        build.standardError = logHandle
        build.standardInput = FileHandle.nullDevice
        try build.run()
        build.waitUntilExit()
        try logHandle.close()
        let printed = try String(contentsOf: log, encoding: .utf8)
        XCTAssertEqual(build.terminationStatus, 0, String(printed.suffix(4000)))
        XCTAssertFalse(printed.contains("unsafe build flags"), String(printed.suffix(4000)))

        // 3. The built program reads a note whose content the test knows.
        let note = try work.write("cours.md", """
        # La pression acoustique

        Le son est une onde mécanique qui se propage dans un gaz, un liquide ou un solide, à 340 m/s dans l'air.

        - la fréquence se mesure en hertz ;
        - le niveau sonore se mesure en décibels.
        """)
        let binary = consumer.appendingPathComponent(".build/debug/Lessons")
        let run = try XCTUnwrap(runTool(binary.path, [note.path, work.url.appendingPathComponent("library.sqlite").path]))
        XCTAssertEqual(run.status, 0, String(decoding: run.stderr, as: UTF8.self))
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        XCTAssertEqual(document["title"] as? String, "La pression acoustique")
        let blocks = try XCTUnwrap(document["blocks"] as? [[String: Any]])
        XCTAssertEqual(blocks.map { $0["kind"] as? String }, ["heading", "paragraph", "listItem", "listItem"])
        XCTAssertEqual(blocks.map { $0["text"] as? String }, [
            "La pression acoustique",
            "Le son est une onde mécanique qui se propage dans un gaz, un liquide ou un solide, à 340 m/s dans l'air.",
            "la fréquence se mesure en hertz ;", "le niveau sonore se mesure en décibels.",
        ])

        // A file that is not there: the named error of the catalog, exit 1.
        let missing = try XCTUnwrap(runTool(binary.path, [work.url.appendingPathComponent("absent.pdf").path]))
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(String(decoding: missing.stderr, as: UTF8.self).hasPrefix("file.notFound: File not found"),
                      String(decoding: missing.stderr, as: UTF8.self))
    }

    /// The fenced ```swift blocks of a Markdown text.
    static func swiftBlocks(of markdown: String) -> [String] {
        var blocks: [String] = [], current: [Substring]? = nil
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.hasPrefix("```swift") { current = [] }
            else if current != nil, line.hasPrefix("```") { blocks.append(current!.joined(separator: "\n") + "\n"); current = nil }
            else { current?.append(line) }
        }
        return blocks
    }
}
