import Foundation
import IngestTestSupport
import XCTest
@testable import IngestCore

final class NormalizerTests: XCTestCase {
    func testNFCLineEndingsControlAndZeroWidth() {
        XCTAssertEqual(Normalizer.normalize("e\u{301}te\u{301}"), "été")
        XCTAssertEqual(Normalizer.normalize("a\r\nb\rc"), "a\nb\nc")
        XCTAssertEqual(Normalizer.normalize("a\u{0}b\u{7}c\u{200B}d\u{FEFF}e"), "abcde")
        XCTAssertEqual(Normalizer.normalize("ex\u{00AD}ample"), "example")
    }

    func testLigaturesUnfolded() {
        XCTAssertEqual(Normalizer.normalize("e\u{FB03}cace \u{FB01}n \u{FB02}eur"), "efficace fin fleur")
    }

    func testWhitespaceTidied() {
        XCTAssertEqual(Normalizer.normalize("  a \t b  \n\n\n\n c\u{00A0}d  "), "a b\n\nc d")
    }

    func testEndOfLineHyphenationJoined() {
        XCTAssertEqual(Normalizer.normalize("la photo-\nsynthèse des plantes"), "la photosynthèse des plantes")
        // A compound written with its hyphen elsewhere keeps it.
        XCTAssertEqual(Normalizer.normalize("il viendra peut-être, ou peut-\nêtre pas"), "il viendra peut-être, ou peut-être pas")
        // A capital after the break is not a cut word.
        XCTAssertEqual(Normalizer.normalize("Jean-\nPierre"), "Jean-\nPierre")
        // The word written whole elsewhere in the text is joined whatever the dictionaries say.
        XCTAssertEqual(Normalizer.normalize("un porte-\nmanteau, le portemanteau"), "un portemanteau, le portemanteau")
    }

    /// A hyphen at a line end inside an address, a path or a name with digits is the name's own
    /// (session 21, FIDREAL): Debian's developers-reference.txt, wrapped by Sphinx's text writer
    /// (Python's textwrap, which breaks lines after hyphens), read `debiandevel@lists.debian.org`
    /// and `debiani18n`. The paragraph here is wrapped by textwrap itself at every width from 20
    /// to 60 columns; each wrapping must give back the paragraph, line ends aside.
    func testHyphensOfAddressesPathsAndNamesAreKept() throws {
        let source = "Write to debian-devel@lists.debian.org or debian-mentors@lists.debian.org before you run "
            + "/usr/bin/dpkg-buildpackage -B; read https://www.debian.org/doc/debian-policy/ch-binary.html and ask on "
            + "debian-i18n; the l10n-english team and the ~/build-area/ folder."
        let wrappings = try textwrapFills(source)
        XCTAssertEqual(wrappings.count, 41)
        XCTAssertGreaterThan(wrappings.filter { $0.contains("-\n") }.count, 30, "textwrap broke lines after hyphens")
        for (k, wrapped) in wrappings.enumerated() {
            let read = Normalizer.normalize(wrapped).replacingOccurrences(of: "\n", with: " ")
            XCTAssertEqual(read, source, "width \(20 + k):\n\(wrapped)")
        }
        // The text's own spelling is read between apostrophes too (`l'arc-en-ciel`).
        XCTAssertEqual(Normalizer.normalize("l'arc-en-ciel se voit ; un arc-en-\nciel double"), "l'arc-en-ciel se voit ; un arc-en-ciel double")
        // A slash after the cut word is prose's "or" (pdfminer-naacl06-shinyama.pdf p.1 and p.5).
        XCTAssertEqual(Normalizer.normalize("the hir-\ning/firing events and sen-\ntences/articles"), "the hiring/firing events and sentences/articles")
        // TeX cuts the first word of a dotted name at a syllable (gnuplot.pdf, developers-reference.pdf).
        XCTAssertEqual(Normalizer.normalize("see sam-\npling.dem and men-\ntors.debian.net"), "see sampling.dem and mentors.debian.net")
        // A syllable break in a plain word is still joined.
        XCTAssertEqual(Normalizer.normalize("see the main-\ntainer of it"), "see the maintainer of it")
    }

    /// Spellings handed in (a whole document's, `OwnSpellings`) decide before the dictionaries:
    /// `dpkg-buildpackage` written elsewhere keeps its hyphen; `binNMUs` written elsewhere joins
    /// a cut before a capital, which the text alone leaves (session 22, FIDLOSS).
    func testSpellingsOfTheWholeDocumentDecide() {
        let book = Normalizer.OwnSpellings("Call dpkg-buildpackage -B to make binNMUs.")
        XCTAssertEqual(Normalizer.joinHyphenation("run dpkg-\nbuildpackage now"), "run dpkgbuildpackage now")
        XCTAssertEqual(Normalizer.joinHyphenation("run dpkg-\nbuildpackage now", spellings: book), "run dpkg-buildpackage now")
        XCTAssertEqual(Normalizer.joinHyphenation("called binN-\nMUs here"), "called binN-\nMUs here")
        XCTAssertEqual(Normalizer.joinHyphenation("called binN-\nMUs here", spellings: book), "called binNMUs here")
        XCTAssertEqual(Normalizer.joinHyphenation("Jean-\nPierre and a CD-\nROM", spellings: book), "Jean-\nPierre and a CD-\nROM")
        // Both spellings written: the more frequent one (maint-guide: `autobuilder` 6×, `auto-builder` once).
        let guide = Normalizer.OwnSpellings("the autobuilder, the sid auto-builder; the autobuilder system")
        XCTAssertEqual(Normalizer.joinHyphenation("this auto-\nbuilder procedure", spellings: guide), "this autobuilder procedure")
        XCTAssertEqual(Normalizer.joinHyphenation("a peut-\nêtre", spellings: Normalizer.OwnSpellings("peut-être, peutêtre")), "a peut-être")
        // Left for later, then joined: the same text as normalized at once.
        let text = "la photo-\nsynthèse, peut-\nêtre, peut-être"
        XCTAssertEqual(Normalizer.normalize(text, joiningHyphens: false), text)
        XCTAssertEqual(Normalizer.joinHyphenation(text, spellings: Normalizer.OwnSpellings(text)), Normalizer.normalize(text))
    }

    /// `OwnSpellings.read` (UTF-8 bytes, ASCII runs lower-cased byte by byte) counts the same
    /// spellings as `readScalars` (scalar by scalar, `lowercased()`), its reference: seeded texts
    /// of ASCII and accented words, capitals inside, hyphens at either end and doubled, digits,
    /// Greek, ligatures, combining marks and emoji between them.
    func testSpellingsReadFromBytesAsFromScalars() {
        let pieces = ["dpkg", "Build", "binNMUs", "-", "--", " ", "\n", "é", "É", "peut", "être", "ŒUVRE", "ﬁn", "İstanbul",
                      "ß", "Σίσυφος", "x86", "64", "e\u{301}", "👩‍💻", ".", "/", "@", "ǅ", "ﬀ", "Ⅻ", "ǈa", "A", "z"]
        var rng = SeededGenerator(seed: 0x5_9E11)
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 1...60, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            var fast = Normalizer.OwnSpellings(), reference = Normalizer.OwnSpellings()
            fast.read(text)
            reference.readScalars(text)
            XCTAssertEqual(fast.hyphenated.dictionary, reference.hyphenated.dictionary, text)
            XCTAssertEqual(fast.whole.dictionary, reference.whole.dictionary, text)
            XCTAssertEqual(fast.capitalized, reference.capitalized, text)
        }
    }

    /// Issue 33: normalization never changes what a character means. Superscripts and subscripts
    /// stay (`10⁸` is not `108`); zero-width (non-)joiners stay inside Persian, Indic and emoji
    /// words (`می‌شود` is not `میشود`), and go between Latin letters, where they are noise.
    func testMeaningIsKept() {
        for s in ["3×10⁸ m/s", "x² + y² = r²", "H₂O et CO₂", "x₁ = −b/2a", "10⁻³ mol", "aⁿ⁺¹"] {
            XCTAssertEqual(Normalizer.normalize(s), s)
        }
        XCTAssertEqual(Normalizer.normalize("می\u{200C}شود"), "می\u{200C}شود")
        XCTAssertEqual(Normalizer.normalize("क्\u{200D}ष"), "क्\u{200D}ष")
        XCTAssertEqual(Normalizer.normalize("👨\u{200D}👩\u{200D}👧"), "👨\u{200D}👩\u{200D}👧")
        XCTAssertEqual(Normalizer.normalize("of\u{200C}fice"), "office")
        XCTAssertEqual(Normalizer.normalize("a\u{200B}b"), "ab")
    }

    /// Property: normalization is idempotent on random text built from tricky pieces.
    func testIdempotent() {
        var rng = SeededGenerator(seed: 0x1D3)
        let pieces = ["é", "e\u{301}", "\u{FB01}", "-\n", " ", "\n\n", "\r\n", "\u{00AD}", "\u{200B}", "word", "Mot", "-", "\t", "\u{00A0}", "œ", "!", "\u{200C}", "ی", "²", "₂", "\u{200D}"]
        for _ in 0..<2_000 {
            let s = (0..<Int.random(in: 0...30, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            let once = Normalizer.normalize(s)
            XCTAssertEqual(Normalizer.normalize(once), once, "input: \(s.debugDescription) once: \(once.debugDescription)")
        }
    }
}
