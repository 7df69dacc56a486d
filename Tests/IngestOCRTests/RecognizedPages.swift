@testable import IngestOCR

extension RecognizedPage {
    /// A page of one paragraph per entry of `paragraphs`, its words as the text splits (no boxes,
    /// confidence 90): what the page-text rules (CapitalIl, CommaCapital, MinusSign) read.
    static func of(paragraphs: [String]) -> RecognizedPage {
        var page = RecognizedPage()
        page.paragraphs = paragraphs.map { RecognizedParagraph(text: $0 + "\n", confidence: 90) }
        page.words = paragraphs.flatMap { $0.split(whereSeparator: \.isWhitespace).map { RecognizedWord(text: String($0), confidence: 90, box: []) } }
        return page
    }
}
