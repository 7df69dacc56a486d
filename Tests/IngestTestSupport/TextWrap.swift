import Foundation

/// A paragraph wrapped by Python's `textwrap` (Sphinx's text writer: it breaks lines after
/// hyphens) at every width of `widths`, as a text form of a manual wraps it; the tests of hyphen
/// joining read each wrapping back. Throws (skips, or fails under CI) without python3.
public func textwrapFills(_ text: String, widths: ClosedRange<Int> = 20...60) throws -> [String] {
    let script = """
        import sys, textwrap
        text = sys.stdin.read()
        for width in range(\(widths.lowerBound), \(widths.upperBound + 1)):
            print(textwrap.fill(text, width=width, break_long_words=False), end="\\x00")
        """
    guard let r = runTool("python3", ["-c", script], input: Data(text.utf8)), r.status == 0 else {
        try missingTool("python3 is not installed (apt-get install python3)")
    }
    return String(decoding: r.stdout, as: UTF8.self).split(separator: "\u{0}").map(String.init)
}
