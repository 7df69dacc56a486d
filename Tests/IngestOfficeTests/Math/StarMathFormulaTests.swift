import Foundation
import IngestCore
import IngestQuality
import IngestTestSupport
import XCTest
@testable import IngestOffice

/// Issue 36: equations typed in LibreOffice's own formula editor (StarMath), as a student using
/// LibreOffice Writer types them. Each StarMath text below goes into a formula object of a flat
/// ODT; LibreOffice lays it out and saves an .odt (MathML formula objects written from its StarMath)
/// and, from that, a .docx (OMML). What Ingest reads is compared with the LaTeX of the same formula.
final class StarMathFormulaTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("starmath") }
    override func tearDown() { dir.remove() }

    /// StarMath as typed in LibreOffice, and the same formula in LaTeX.
    static let formulas: [(starMath: String, latex: String)] = [
        ("x_1 = {-b - sqrt{%DELTA}} over {2a}", #"x_1 = \frac{-b - \sqrt{\Delta}}{2a}"#),
        ("%DELTA = b^2 - 4ac", #"\Delta = b^2 - 4ac"#),
        ("lim from{x toward 0} {{sin x} over x} = 1", #"\lim_{x \to 0} \frac{\sin x}{x} = 1"#),
        ("abs{z} = sqrt{a^2 + b^2}", #"|z| = \sqrt{a^2 + b^2}"#),
        ("x in setR", #"x \in \mathbb{R}"#),
        ("sum from{k=1} to{n} k = {n(n+1)} over 2", #"\sum_{k=1}^{n} k = \frac{n(n+1)}{2}"#),
        ("int from a to b f(x) {d}x = F(b) - F(a)", #"\int_a^b f(x)\,dx = F(b) - F(a)"#),
        ("A = left( matrix{1 # 2 ## 3 # 4} right)", #"A = \begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}"#),
        ("overline{AB} + vec{u} + hat{x} + bar{z}", #"\overline{AB} + \vec{u} + \hat{x} + \bar{z}"#),
        ("ln(a b) = ln a + ln b", #"\ln(ab) = \ln a + \ln b"#),
        ("e^{i %pi} + 1 = 0", #"e^{i\pi} + 1 = 0"#),
        ("nroot{3}{27} = 3", #"\sqrt[3]{27} = 3"#),
        ("E_c = {1} over {2} m v^2", #"E_c = \frac{1}{2} m v^2"#),
        ("F = G {m_A m_B} over {d^2}", #"F = G \frac{m_A m_B}{d^2}"#),
        ("%lambda = c over f", #"\lambda = \frac{c}{f}"#),
        ("n_1 sin i_1 = n_2 sin i_2", #"n_1 \sin i_1 = n_2 \sin i_2"#),
        ("P V = n R T", #"P V = n R T"#),
        ("cos^2 x + sin^2 x = 1", #"\cos^2 x + \sin^2 x = 1"#),
        ("u_{n+1} = q u_n", #"u_{n+1} = q u_n"#),
        ("P(A intersection B) = P(A) times P(B)", #"P(A \cap B) = P(A) \times P(B)"#),
        ("forall x in setR, x^2 >= 0", #"\forall x \in \mathbb{R}, x^2 \geq 0"#),
        ("%sigma = sqrt{V(X)}", #"\sigma = \sqrt{V(X)}"#),
        ("T = 2 %pi sqrt{L over g}", #"T = 2\pi \sqrt{\frac{L}{g}}"#),
        ("x <= 3", #"x \leq 3"#),
        ("a <> 0", #"a \neq 0"#),
        ("int from 0 to 1 x^2 {d}x = 1 over 3", #"\int_0^1 x^2\,dx = \frac{1}{3}"#),
        ("lim from{n toward +infinity} left(1 + 1 over n right)^n = e", #"\lim_{n \to +\infty} \left(1 + \frac{1}{n}\right)^n = e"#),
        ("C = n over V", #"C = \frac{n}{V}"#),
        ("\"Cu\"^{2\"+\"} + 2e^{\"-\"} toward \"Cu\"", #"\text{Cu}^{2+} + 2e^{-} \rightarrow \text{Cu}"#),
        ("vec{F} = q vec{v} times vec{B}", #"\vec{F} = q \vec{v} \times \vec{B}"#),
        // More of what a course typed in LibreOffice Math holds (read from the StarMath annotation).
        ("abs{x - 2} < 3", #"|x - 2| < 3"#),
        ("n! = prod from{k=1} to{n} k", #"n! = \prod_{k=1}^{n} k"#),
        ("left( binom{n}{k} right) = {n!} over {k!(n-k)!}", #"\binom{n}{k} = \frac{n!}{k!(n-k)!}"#),
        ("x_{1,2} = {-b +- sqrt{%DELTA}} over {2a}", #"x_{1,2} = \frac{-b \pm \sqrt{\Delta}}{2a}"#),
        ("e^{i %theta} = cos %theta + i sin %theta", #"e^{i\theta} = \cos\theta + i \sin\theta"#),
        ("f'(x) = lim from{h toward 0} {{f(x+h) - f(x)} over h}", #"f'(x) = \lim_{h \to 0} \frac{f(x+h) - f(x)}{h}"#),
        ("{partial f} over {partial x} = 2x y", #"\frac{\partial f}{\partial x} = 2xy"#),
        ("nabla cdot vec{E} = %rho over %varepsilon_0", #"\nabla \cdot \vec{E} = \frac{\rho}{\varepsilon_0}"#),
        ("A intersection B = emptyset", #"A \cap B = \emptyset"#),
        ("A union B = lbrace 1, 2, 3 rbrace", #"A \cup B = \{1, 2, 3\}"#),
        ("int from 0 to {%pi over 2} sin x {d}x = 1", #"\int_0^{\frac{\pi}{2}} \sin x\,dx = 1"#),
        ("iint from D f(x, y) {d}x {d}y", #"\iint_D f(x, y)\,dx\,dy"#),
        ("sum from{i=1} to{n} x_i^2", #"\sum_{i=1}^{n} x_i^2"#),
        ("log_10 (100) = 2", #"\log_{10}(100) = 2"#),
        ("tan x = {sin x} over {cos x}", #"\tan x = \frac{\sin x}{\cos x}"#),
        ("det(A) = left lline matrix{a # b ## c # d} right rline = ad - bc", #"\det(A) = \begin{vmatrix} a & b \\ c & d \end{vmatrix} = ad - bc"#),
        ("left lbrace stack{x + y = 5 # x - y = 1} right none", #"\begin{cases} x + y = 5 \\ x - y = 1 \end{cases}"#),
        ("f(x) = left lbrace matrix{x # \"si \" x >= 0 ## -x # \"sinon\"} right none",
         #"f(x) = \begin{cases} x & \text{si } x \geq 0 \\ -x & \text{sinon} \end{cases}"#),
        ("vec{AB} cdot vec{AC} = 0", #"\vec{AB} \cdot \vec{AC} = 0"#),
        ("{a} over {b} + {c} over {d} = {ad + bc} over {bd}", #"\frac{a}{b} + \frac{c}{d} = \frac{ad + bc}{bd}"#),
        ("x = x_0 + v_0 t + 1 over 2 a t^2", #"x = x_0 + v_0 t + \frac{1}{2} a t^2"#),
        ("%OMEGA = 2 %pi f", #"\Omega = 2 \pi f"#),
        ("Q = m c %DELTA T", #"Q = m c \Delta T"#),
        ("P = U I cos %varphi", #"P = U I \cos\varphi"#),
        ("%alpha + %beta + %gamma = %pi", #"\alpha + \beta + \gamma = \pi"#),
        ("u_{n+1} = 2 u_n + 1", #"u_{n+1} = 2 u_n + 1"#),
        ("a^2 + b^2 = c^2", #"a^2 + b^2 = c^2"#),
        ("E = m c^2", #"E = m c^2"#),
        ("v = {d x} over {d t}", #"v = \frac{dx}{dt}"#),
        ("K_e = 10^{-14}", #"K_e = 10^{-14}"#),
    ]

    static func escaped(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    func testLibreOfficeFormulasReadAsTheirLaTeX() throws {
        try SourceTools.requireSoffice()
        let tools = SourceTools(dir: dir)
        var body = ""
        for (i, f) in Self.formulas.enumerated() {
            // An object holding only its StarMath: LibreOffice lays it out again and writes its MathML.
            body += "<text:p>\(FormulaFidelityTests.label) \(i + 1) : <draw:frame text:anchor-type=\"as-char\" svg:width=\"4cm\" "
                + "svg:height=\"1cm\"><draw:object><math xmlns=\"http://www.w3.org/1998/Math/MathML\"><semantics><mrow/>"
                + "<annotation encoding=\"StarMath 5.0\">\(Self.escaped(f.starMath))</annotation></semantics></math></draw:object>"
                + "</draw:frame> fin.</text:p>\n"
        }
        let fodt = """
        <?xml version="1.0" encoding="UTF-8"?>
        <office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" \
        xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" \
        xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3" \
        office:mimetype="application/vnd.oasis.opendocument.text"><office:body><office:text>
        \(body)</office:text></office:body></office:document>
        """
        let odt = try tools.soffice(try dir.write("starmath.fodt", fodt), to: "odt", as: "starmath.odt")
        let docx = try tools.soffice(odt, to: "docx", as: "starmath.docx")
        for (name, url, extractor, format) in [("LibreOffice odt", odt, ODFExtractor() as any Extractor, "odt"),
                                               ("LibreOffice docx", docx, DocxExtractor(), "docx")] {
            let read = FormulaFidelityTests.ingestFormulas(try extractFile(url, with: extractor))
            let peer = try FormulaFidelityTests.pandocFormulas(url, from: format)
            let peerEqual = Self.formulas.indices.filter { FormulaMatch.equal(peer[$0 + 1] ?? "", Self.formulas[$0].latex) }.count
            var equal = 0
            for (i, f) in Self.formulas.enumerated() {
                let got = read[i + 1] ?? "(none)"
                if FormulaMatch.equal(got, f.latex) { equal += 1 } else {
                    print("  \(name) #\(i + 1): StarMath «\(f.starMath)» read «\(got)» [\(FormulaMatch.normalize(f.latex)) ≠ \(FormulaMatch.normalize(got))]")
                }
            }
            print("formulas StarMath \(name): ingest \(equal)/\(Self.formulas.count) equal; pandoc \(peerEqual)/\(Self.formulas.count)")
            XCTAssertGreaterThanOrEqual(Double(equal) / Double(Self.formulas.count), 0.95, name)
        }
    }
}
