import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// A listing line LaTeX had to wrap ends with a hooked arrow (`listings`' prebreak, dblatex's
/// screens) and goes on, indented, below: the source's line is one line, without the arrow —
/// it was read `…non-free-←-` / `firmware…` and `< $\leftarrow-$` / `mail_data.txt`.
final class ContinuationMarksTests: XCTestCase {
    static let listing = [
        "deb http://security.debian.org/debian-security bullseye-security main non-free-firmware contrib non-free",
        "MimeType=text/html;text/xml;application/xhtml_xml;x-scheme-handler/http;x-scheme-handler/https;",
        #"$ ssh username@example.org /usr/sbin/sendmail -bm -ti -f "username@example.org" < mail_data.txt"#,
        "short line",
    ]

    func testAWrappedListingLineIsTheSourcesLine() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let source = #"""
        \documentclass[12pt]{article}
        \usepackage[T1]{fontenc}
        \usepackage{lmodern}
        \usepackage{listings}
        \usepackage[a4paper,margin=2cm]{geometry}
        \pagestyle{empty}
        \lstset{basicstyle=\ttfamily\small, breaklines=true, columns=fullflexible, keepspaces=true,
                prebreak={\mbox{$\hookleftarrow$}}, breakindent=2em}
        \begin{document}
        Add these lines to the sources list, then update the package index: $x^2 + 1$ is set apart.
        \begin{lstlisting}
        """# + "\n" + Self.listing.joined(separator: "\n") + "\n" + #"""
        \end{lstlisting}
        The command prints nothing when it succeeds.
        \end{document}
        """#
        let pdf = try LaTeXPDFs.make("listing", source, in: tmp)
        // The PDF does wrap them (pdftotext's text has the arrows).
        let layer = runTool("pdftotext", [pdf.path, "-"]).map { String(decoding: $0.stdout, as: UTF8.self) } ?? ""
        XCTAssertGreaterThanOrEqual(layer.components(separatedBy: "←").count - 1, 3, layer)
        let text = try LaTeXPDFs.extract(pdf).blocks.map(\.text).joined(separator: "\n")
        let lines = text.split(separator: "\n").map(String.init)
        for line in Self.listing { XCTAssertTrue(lines.contains(line), "«\(line)» is not a line of «\(text)»") }
        XCTAssertFalse(text.contains("←") || text.contains("leftarrow"), text)
        // Math of the prose is still math.
        XCTAssertTrue(text.contains("$x^{2} + 1$") || text.contains("$x^2 + 1$") || text.contains("$x^{2}+1$"), text)
    }

    func testTheMarkAndTheSpaceBeforeIt() {
        XCTAssertEqual(ContinuationMarks.withoutMark("main non-free-firmware ←-").map { String($0.text) }, "main non-free-firmware")
        XCTAssertEqual(ContinuationMarks.withoutMark("main non-free-firmware ←-")?.spaceBefore, true)
        XCTAssertEqual(ContinuationMarks.withoutMark("x-scheme-←−")?.spaceBefore, false)
        XCTAssertNil(ContinuationMarks.withoutMark("a ← b"))
        XCTAssertNil(ContinuationMarks.withoutMark("←-"))
    }
}
