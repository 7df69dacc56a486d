import Foundation
import IngestPipeline

/// Writes to standard error (messages, progress); standard output is kept for results.
enum Terminal {
    static let stderrIsTTY = isatty(2) == 1

    /// Colours only on a terminal, never when NO_COLOR is set to anything (no-color.org) nor on a
    /// `dumb` terminal: piped output and logs stay plain text.
    static let colours: Bool = {
        let env = ProcessInfo.processInfo.environment
        return stderrIsTTY && (env["NO_COLOR"] ?? "").isEmpty && env["TERM"] != "dumb"
    }()

    static func error(_ s: String) {
        FileHandle.standardError.write(Data((s + "\n").utf8))
    }
    static func out(_ s: String) {
        FileHandle.standardOutput.write(Data((s + "\n").utf8))
    }

    /// The SGR colour of each verdict mark that opens a report or watch line.
    static let markColours: [Character: String] = [
        "✓": "32", "✗": "31", "!": "33", "=": "36", "◐": "33", "↻": "2", "−": "2",
    ]

    /// `text` with the verdict mark that opens each line (after its indent) coloured, when colours
    /// are on; unchanged otherwise. The mark must be followed by a space, so a line that merely
    /// starts with `!` or `=` in a file name is left alone.
    static func painted(_ text: String, colours: Bool = colours) -> String {
        guard colours else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let indent = line.prefix { $0 == " " }
            let rest = line.dropFirst(indent.count)
            guard let mark = rest.first, let sgr = markColours[mark], rest.dropFirst().first == " " else { return String(line) }
            return indent + "\u{1B}[" + sgr + "m" + String(mark) + "\u{1B}[0m" + rest.dropFirst()
        }.joined(separator: "\n")
    }
}
