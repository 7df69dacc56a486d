import Foundation
import XCTest

/// A real HTTP server for tests: a Python script started on an ephemeral port of 127.0.0.1. The
/// script prints `PORT <n>` on its first line and exits when its standard input closes.
public final class LocalServer {
    public let process = Process()
    let stdin = Pipe()
    public let port: Int

    /// Starts `script` with `arguments`; skips the test when python3 is missing (fails under
    /// `CI=true`), fails it when the server does not announce its port.
    public init(script: URL, arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = stdin
        process.standardError = FileHandle.nullDevice
        guard runTool("python3", ["-c", ""])?.status == 0 else {
            try missingTool("python3 is not available for the test server (scripts/install.sh --tests installs it)")
        }
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let p = Int(text.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw TestSetupFailure("the test server \(script.lastPathComponent) did not start: \(text)")
        }
        port = p
    }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    public func stop() {
        try? stdin.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit { stop() }
}
