import IngestQuality
import XCTest
@testable import IngestOffice

/// `StarMathReader` on StarMath texts LibreOffice 7.4 wrote in the formula objects of
/// `FormulaFidelityTests`' files (its .odt from pandoc's .docx, and Impress's .odp from MathML),
/// read as LibreOffice Math's grammar reads them; and the texts LibreOffice itself cannot set
/// (drawn with `¿`), which are left to the MathML.
final class StarMathReaderTests: XCTestCase {
    func latex(_ starMath: String) -> String? { StarMathReader.read(starMath).map { MathLaTeX.write($0) } }

    func assertReads(_ starMath: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let got = latex(starMath) else { return XCTFail("«\(starMath)» not read", file: file, line: line) }
        XCTAssertTrue(FormulaMatch.equal(got, expected), "«\(starMath)» read «\(got)», expected «\(expected)»", file: file, line: line)
    }

    func testWhatLibreOfficesMathMLLosesIsRead() {
        // Its MathML says `Cu^{2+ + 2e⁻ → Cu}` and a one-column matrix for the binomial.
        assertReads(#"{"Cu"} ^ {2 +} + 2 {e} ^ {−} → "Cu""#, #"\text{Cu}^{2+} + 2e^{-} \rightarrow \text{Cu}"#)
        assertReads("left (binom {n} {k} right ) = {n !} over {k ! left (n − k right ) !}", #"\binom{n}{k} = \frac{n!}{k!(n-k)!}"#)
        assertReads(#"{K} rsub {a} = {left [{"A"} ^ {−} right ]} over {left ["AH" right ]}"#, #"K_a = \frac{[\text{A}^-]}{[\text{AH}]}"#)
        // Impress: aligned rows as a matrix whose second column opens with `=`; an underbrace and
        // its label as two `csub`; accents set over with `csup`; bars written `mline`.
        assertReads("matrix{ { f left ( x right ) } # { = left ( { x + 1 } right ) ^ 2 } ## { } # { = x ^ 2 + 2 x + 1 } }",
                    #"\begin{aligned} f(x) &= (x+1)^2 \\ &= x^2 + 2x + 1 \end{aligned}"#)
        // LibreOffice's .odt from Word's aligned rows: the second row's empty first cell lost.
        assertReads("matrix {f left (x right ) # = {left (x + 1 right )} ^ {2} ## = {x} ^ {2} + 2 x + 1}",
                    #"\begin{aligned} f(x) &= (x+1)^2 \\ &= x^2 + 2x + 1 \end{aligned}"#)
        assertReads(#"{ 1 + 2 + ⋯ + n } csub ⏟ csub { n { "termes" } }"#, #"\underbrace{1 + 2 + \cdots + n}_{n \text{ termes}}"#)
        assertReads("{ x csup \u{308} + ω ^ 2 _ 0 x = 0 }", #"\ddot{x} + \omega_0^2 x = 0"#)
        assertReads("{ P left ( A csup ‾ right ) = 1 - P left ( A right ) }", #"P(\bar{A}) = 1 - P(A)"#)
        assertReads("{ left mline { x - a } right mline <= r }", #"|x - a| \leq r"#)
        assertReads("{ left divides matrix{ a # b ## c # d } right divides = a d - b c }", #"\begin{vmatrix} a & b \\ c & d \end{vmatrix} = ad - bc"#)
    }

    func testLibreOfficesGrammarDecides() {
        // `over` takes the whole term before it, `lim` and its argument included; `frac` takes sums.
        assertReads("lim csub {x → 0} {sin x} over {x} = 1", #"\frac{\lim_{x \to 0} \sin x}{x} = 1"#)
        assertReads("{ frac { 2 } { 3 } + frac { 1 } { 6 } = frac { 5 } { 6 } }", #"\frac{2}{3 + \frac{1}{6}} = \frac{5}{6}"#)
        assertReads("sum from{k=1} to{n} k = {n(n+1)} over 2", #"\sum_{k=1}^{n} k = \frac{n(n+1)}{2}"#)
        assertReads("nroot{3}{27} = 3", #"\sqrt[3]{27} = 3"#)
        assertReads("A = left( matrix{1 # 2 ## 3 # 4} right)", #"A = \begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}"#)
        assertReads("forall x in setR, x^2 >= 0", #"\forall x \in \mathbb{R}, x^2 \geq 0"#)
        assertReads("%DELTA = b^2 - 4ac", #"\Delta = b^2 - 4ac"#)
        // Keywords in any case, as LibreOffice matches them.
        assertReads("SQRT{x} OVER 2", #"\frac{\sqrt{x}}{2}"#)
        // A script of a name and a number typed together is one script.
        assertReads("x_2n", "x_{2n}")
        assertReads("x_2 n", "x_2 n")
    }

    func testTextsLibreOfficeMarksWithItsErrorSignAreLeftToTheMathML() {
        for text in [
            "∣matrix {a # b ## c # d} right ) = a d − b c",  // `right` without `left`
            "matrix {f left (x right ) # {x} ^ {2} ## x + 1}",  // a row short of a cell
            "x csub {a} csub {b}",  // a second script in one place
            "%NOSUCHSYMBOL + 1",
            #""unclosed"#,
            "left ( x",
            "( x ]",
            "<?> rsub {6} rsup {14} \"C\"",
            "x over",
        ] {
            XCTAssertNil(latex(text), "«\(text)» read «\(latex(text) ?? "")»")
        }
    }

    func testHostileTextsEndWithoutReading() {
        XCTAssertNil(latex(String(repeating: "{", count: 100_000) + "x"))
        XCTAssertNil(latex(String(repeating: "sqrt ", count: 50_000) + "x"))
        XCTAssertNil(latex(String(repeating: "x over ", count: 50_000) + "x"))
        XCTAssertNil(latex(String(repeating: "bar ", count: 50_000) + "x"))
        XCTAssertNotNil(latex(String(repeating: "x + ", count: 20_000) + "x"))
        XCTAssertNotNil(latex(String(repeating: "x * ", count: 20_000) + "x"))
    }

    /// Any text, however garbled, ends: read or refused, never a crash or a loop (seeded, reproducible).
    func testArbitraryTextsEnd() {
        let words = ["{", "}", "(", ")", "[", "]", "left", "right", "over", "sqrt", "nroot", "matrix", "stack", "binom", "frac", "#", "##",
                     "^", "_", "csub", "csup", "lsub", "from", "to", "sum", "lim", "int", "=", "+", "-", "<", "in", "toward", "mline",
                     "lline", "rline", "none", "bar", "vec", "bold", "color", "size", "font", "newline", "\\", "\"", "%pi", "%",
                     "x", "2", "1.5", "sin", "func", "oper", "uoper", "boper", "abs", "fact", "~", "`", "<?>", "−", "⏟", "\u{308}", "alignl"]
        var seed: UInt64 = 0x5EED_36
        func random(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        var read = 0
        for _ in 0..<3000 {
            let text = (0..<(1 + random(24))).map { _ in words[random(words.count)] }.joined(separator: random(3) == 0 ? "" : " ")
            if let e = StarMathReader.read(text) { read += 1; _ = MathLaTeX.write(e); _ = MathLinear.write(e) }
        }
        XCTAssertGreaterThan(read, 0)
    }
}
