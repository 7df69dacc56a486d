import IngestCore

/// Reads the equation of a part that holds one (an OpenDocument formula object's `content.xml`):
/// its first MathML `math` element. A part without one (a chart) leaves `formula` nil.
struct MathMLPartHandler: XMLHandler {
    private var capture: MathCapture
    private let mathElement: Int32
    private(set) var formula: Formula?

    init(_ table: XMLNameTable, vocabulary: MathVocabulary) {
        capture = MathCapture(vocabulary)
        mathElement = table.name(MathVocabulary.mathml, "math")
    }

    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        guard formula == nil else { return }
        if capture.isActive || name == mathElement { capture.start(name, a) }
    }

    mutating func endElement(_ name: Int32) throws {
        guard formula == nil, capture.isActive else { return }
        if let e = capture.end() { formula = Formula(mathML: e) }
    }

    mutating func characters(_ text: UnsafeRawBufferPointer) throws {
        if formula == nil, capture.isActive { capture.characters(text) }
    }
}
