import Foundation
import XCTest

/// Whether the tests run under CI: `CI=true` in the environment (`.ci/run` exports it).
public var runningUnderCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

/// What a test throws under CI when a tool it needs is missing. XCTest records any thrown error
/// other than `XCTSkip` as a failure of the test, with this description.
public struct MissingToolUnderCI: Error, CustomStringConvertible {
    public let message: String
    public let file: String
    public let line: UInt
    public var description: String {
        "CI=true: \(message) (at \(file):\(line)). `scripts/install.sh --tests` installs every tool a test needs, "
            + "so a missing one under CI is a set-up bug, not a reason to skip"
    }
}

/// "This test needs tool X, and it is not here." On a developer machine the test is skipped with
/// `message` (`XCTSkip`); under `CI=true` it fails with the same message, since the CI set-up
/// installs every tool. Use it for every skip about a missing tool, package, the shared corpus or
/// the built `ingest` executable; say what to install in `message`. Skips by design (a child half
/// of a multi-process test, a dump helper) are not for this: they throw `XCTSkip("by design: …")`.
///
///     guard runTool("pandoc", ["--version"]) != nil else { try missingTool("pandoc is not installed (apt-get install pandoc)") }
public func missingTool(_ message: String, file: StaticString = #filePath, line: UInt = #line) throws -> Never {
    if runningUnderCI {
        let place = URL(fileURLWithPath: "\(file)").pathComponents.suffix(2).joined(separator: "/")
        throw MissingToolUnderCI(message: message, file: place, line: line)
    }
    throw XCTSkip(message, file: file, line: line)
}

/// A test's own set-up went wrong with every tool present (a helper script that does not start,
/// a reference tool that fails): thrown, it fails the test everywhere, CI or not.
public struct TestSetupFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
