import Foundation
import XCTest

/// The shared test corpus (`../shared/corpus` beside the repository). Users of the package don't
/// have it; CI does. Tests that need it call `try Corpus.require()` and are skipped with a clear
/// message when it is absent (and fail under `CI=true`).
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

    /// Skips the calling test when the corpus is absent; under `CI=true` fails it (see `missingTool`).
    public static func require(file: StaticString = #filePath, line: UInt = #line) throws {
        if !isPresent {
            try missingTool("the shared corpus is not at \(root.path) (set INGEST_CORPUS, or put shared/ beside the clone)",
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

/// The built `ingest` executable (beside the test bundle in `.build/<config>/`).
public enum IngestBinary {
    public static var url: URL? {
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("ingest"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("ingest"),
            Corpus.repositoryRoot.appendingPathComponent(".build/debug/ingest"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `ingest` with `arguments`; `environment` adds to (or overrides) the test's environment.
    public static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
                           prefix: [String] = [], currentDirectory: URL? = nil) throws -> Result {
        guard let url else { try missingTool("the ingest executable is not built (run swift build)") }
        let process = Process()
        if prefix.isEmpty {
            process.executableURL = url
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = prefix + [url.path] + arguments
        }
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin == nil ? FileHandle.nullDevice : inPipe
        try process.run()
        if let stdin { inPipe.fileHandleForWriting.write(stdin); try inPipe.fileHandleForWriting.close() }
        // Drain stderr on another thread so a chatty child cannot block on a full pipe.
        final class Box: @unchecked Sendable { var data = Data() }
        let errBox = Box()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async { errBox.data = err.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: errBox.data, as: UTF8.self))
    }
}

/// The Python that tests use for comparison tools: the venv made by `scripts/install.sh`
/// (rapidfuzz + Debian's jsonschema), else Debian's python3, else whatever `python3` is.
public enum Python {
    public static let path: String = {
        let venv = Corpus.repositoryRoot.appendingPathComponent(".build/tools-venv/bin/python3").path
        if FileManager.default.isExecutableFile(atPath: venv) { return venv }
        return FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
    }()
}

/// Validates JSON documents against one of the repository's schemas, with Python's `jsonschema`
/// (a real, independent validator). Returns the validator's complaints; skips when it is missing
/// (fails under `CI=true`).
public func validateWithJSONSchema(schema: String, files: [URL], file: StaticString = #filePath, line: UInt = #line) throws {
    guard !files.isEmpty else { return }
    let python = Python.path
    let script = Corpus.repositoryRoot.appendingPathComponent("tools/validate_json.py").path
    let schemaPath = Corpus.repositoryRoot.appendingPathComponent("schemas/\(schema)").path
    guard let r = runTool(python, [script, schemaPath] + files.map(\.path)), r.status != 127 else {
        try missingTool("python3 is not installed (scripts/install.sh --tests installs it)", file: file, line: line)
    }
    if r.status == 3 { try missingTool("python3-jsonschema is not installed (scripts/install.sh --tests installs it)", file: file, line: line) }
    XCTAssertEqual(r.status, 0, String(decoding: r.stdout + r.stderr, as: UTF8.self), file: file, line: line)
}

/// Minimal OLE2 compound files with the given directory entry names (one FAT sector, one
/// directory sector): enough to tell a Word 97 `.doc` from a password-protected OOXML file.
public enum OLE2Fixture {
    public static func make(_ names: [String]) -> Data {
        var b = [UInt8](repeating: 0, count: 512 * 3)
        b.replaceSubrange(0..<8, with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1])
        b[0x1E] = 9                                         // 512-byte sectors
        b.replaceSubrange(0x30..<0x34, with: [1, 0, 0, 0])  // directory starts at sector 1
        for k in 1..<109 { b.replaceSubrange((0x4C + 4 * k)..<(0x50 + 4 * k), with: [0xFF, 0xFF, 0xFF, 0xFF]) }
        b.replaceSubrange(512..<516, with: [0xFD, 0xFF, 0xFF, 0xFF])   // sector 0: the FAT itself
        b.replaceSubrange(516..<520, with: [0xFE, 0xFF, 0xFF, 0xFF])   // sector 1: end of chain
        for (i, name) in (["Root Entry"] + names).prefix(4).enumerated() {
            let e = 1024 + 128 * i
            let units = Array(name.utf16) + [0]
            for (k, u) in units.enumerated() { b[e + 2 * k] = UInt8(u & 0xFF); b[e + 2 * k + 1] = UInt8(u >> 8) }
            b[e + 64] = UInt8(units.count * 2)
        }
        return Data(b)
    }
}
