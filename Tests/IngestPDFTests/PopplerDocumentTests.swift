import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

final class PopplerDocumentTests: XCTestCase {
    /// A footnote whose first line runs past the page's right edge (an unbreakable path, as in
    /// maint-guide.en p.62's `--libexecdir=…`), the last block of the page: the footnote's two
    /// lines after it are read, each word of the source that is drawn on the page.
    func testLinesAfterALineRunningPastThePageEdgeAreKept() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let pdf = try LaTeXPDFs.make("footnote", LaTeXPDFs.article("11pt", #"""
        Replace the configure call with the helper of the build system.\footnote{Alternatively, you can add the option \mbox{\texttt{libexecdir=/usr/lib/x86\_64-linux-gnu/libexec/helpers/of/the/package/foo/and/its/plugins/bar/baz/qux}} as arguments to the configure script. Please note that this option specifies the default path to install executable programs run by other programs rather than by users. Its Autotools default is /usr/libexec/ but its Debian default is /usr/lib/.}

        Replace all occurrences of the library path in the install files.
        """#), in: tmp)
        let text = try LaTeXPDFs.extract(pdf).blocks.map(\.text).joined(separator: "\n")
        for words in ["as arguments to the configure script", "rather than by users", "Its Autotools default is /usr/libexec/",
                      "its Debian default is /usr/lib/.", "Replace all occurrences of the library path"] {
            XCTAssertTrue(text.replacingOccurrences(of: "\n", with: " ").contains(words), "\(words) missing from:\n\(text)")
        }
    }
}
