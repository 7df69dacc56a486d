import Foundation
import IngestPipeline

/// Writes to standard error (messages, progress); standard output is kept for results.
enum Terminal {
    static let stderrIsTTY = isatty(2) == 1

    static func error(_ s: String) {
        FileHandle.standardError.write(Data((s + "\n").utf8))
    }
    static func out(_ s: String) {
        FileHandle.standardOutput.write(Data((s + "\n").utf8))
    }
}
