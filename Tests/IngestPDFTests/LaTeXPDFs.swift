import Foundation
@testable import IngestPDF
import IngestCore
import IngestTestSupport
import XCTest

/// PDFs typeset by pdflatex from a `.tex` written by the test, so the truth is the source.
enum LaTeXPDFs {
    static func requirePDFLaTeX() throws {
        guard runTool("pdflatex", ["--version"])?.status == 0 else {
            try missingTool("pdflatex missing (apt-get install texlive-latex-base texlive-latex-recommended lmodern)")
        }
    }

    /// `NAME.pdf` typeset from `NAME.tex` holding `source` (run once: no cross-references needed).
    static func make(_ name: String, _ source: String, in tmp: TemporaryDirectory) throws -> URL {
        try requirePDFLaTeX()
        let tex = try tmp.write("\(name).tex", Data(source.utf8))
        guard runTool("pdflatex", ["-interaction=batchmode", "-halt-on-error", "-output-directory", tmp.url.path, tex.path])?.status == 0 else {
            throw TestSetupFailure("pdflatex failed on \(name).tex")
        }
        return tmp.url.appendingPathComponent("\(name).pdf")
    }

    /// The article preamble these tests share: Latin Modern, T1, no hyphenation (the words stay
    /// the source's), no page numbers.
    static func article(_ options: String, _ body: String) -> String {
        """
        \\documentclass[\(options)]{article}
        \\usepackage[T1]{fontenc}
        \\usepackage[utf8]{inputenc}
        \\usepackage{lmodern}
        \\usepackage[a4paper,margin=2cm]{geometry}
        \\hyphenpenalty=10000 \\exhyphenpenalty=10000 \\sloppy
        \\pagestyle{empty}
        \\begin{document}
        \(body)
        \\end{document}

        """
    }

    static func extract(_ url: URL) throws -> Extraction {
        let input = SourceInput(files: [url], kind: .pdf, byteSize: 0, name: url.lastPathComponent)
        return try PDFExtractor().extract(input, context: ExtractionContext(language: .en))
    }

    /// Words as textdiff.py counts them: runs of letters, digits and script characters.
    static func words(_ text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }
}

extension Block {
    /// The block as the document's text reads it: a list item with its marker (DocumentBuilder).
    var readingText: String {
        guard kind == .listItem, let marker, !marker.isEmpty else { return text }
        return String(repeating: "  ", count: max(0, level ?? 0)) + marker + " " + text
    }
}
