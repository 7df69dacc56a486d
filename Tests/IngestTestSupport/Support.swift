import Foundation
import XCTest

/// The shared test corpus (`../shared/corpus` beside the repository). Users of the package don't
/// have it; CI does. Tests that need it call `try Corpus.require()` and are skipped with a clear
/// message when it is absent.
public enum Corpus {
    /// The repository root (found from this file's path).
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// `INGEST_CORPUS` if set, else `../shared/corpus` relative to the repository root.
    public static let root: URL = {
        if let env = ProcessInfo.processInfo.environment["INGEST_CORPUS"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    public static var isPresent: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("MANIFEST.tsv").path) }

    /// Skips the calling test when the corpus is absent.
    public static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        if !isPresent {
            throw XCTSkip("the shared corpus is not at \(root.path) (set INGEST_CORPUS); skipping corpus test",
                          file: file, line: line)
        }
    }

    /// A file of the corpus, e.g. `Corpus.url("pdf/pypdf-crazyones.pdf")`.
    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// Files of one corpus folder with the given extensions, sorted by name.
    public static func files(in folder: String, extensions: Set<String>) -> [URL] {
        let dir = root.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.sorted().filter { extensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .map { dir.appendingPathComponent($0) }
    }
}

/// A fresh temporary folder, removed when the value is released by `remove()`.
public struct TemporaryDirectory: Sendable {
    public let url: URL
    public init(_ label: String = "ingest-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    /// Writes `data` to `name` inside the folder and returns its URL.
    @discardableResult
    public func write(_ name: String, _ data: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: file)
        return file
    }
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> URL { try write(name, Data(text.utf8)) }
    public func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A reproducible pseudo-random generator for property tests (SplitMix64). Print the seed on failure.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
    public mutating func bytes(_ count: Int) -> Data { Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }) }
}

/// Runs a command and returns its standard output, or nil when it is not installed or fails.
public func runTool(_ executable: String, _ arguments: [String], input: Data? = nil) -> (status: Int32, stdout: Data, stderr: Data)? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let inPipe = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : inPipe
    do { try process.run() } catch { return nil }
    if let input { inPipe.fileHandleForWriting.write(input); try? inPipe.fileHandleForWriting.close() }
    // Read both pipes concurrently-safe enough for test sizes: stderr after stdout.
    let o = out.fileHandleForReading.readDataToEndOfFile()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, o, e)
}
