import Foundation

extension RecognizedPage {
    /// The words `readings` names (by index in `words`) written so, in `words` and in the
    /// paragraphs' text, on the line holding each (placed as `RecognizedLines.placed` places
    /// them); a word no line holds is left as read, so the two never disagree. A word written
    /// empty leaves the line with the space before it.
    mutating func rewrite(_ readings: [Int: String]) {
        guard !readings.isEmpty else { return }
        var lines: [[Int]: [Int: Int]] = [:]     // line → token index → word index
        for placed in RecognizedLines.placed(self) {
            for (k, id) in placed.words.enumerated() where readings[id] != nil { lines[placed.line, default: [:]][k] = id }
        }
        for (at, tokens) in lines {
            var paragraph = paragraphs[at[0]].text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let line = paragraph[at[1]]
            var text = "", cursor = line.startIndex
            var opening = true     // no word written on the line yet
            for (k, token) in line.split(whereSeparator: \.isWhitespace).enumerated() {
                let written = tokens[k].flatMap { readings[$0] } ?? String(token)
                // An empty word takes the space before it, or after it when it opens the line.
                if !written.isEmpty { text += opening && k > 0 ? "" : line[cursor..<token.startIndex]; opening = false }
                else if k == 0 { text += line[cursor..<token.startIndex] }
                text += written
                cursor = token.endIndex
            }
            text += line[cursor...]
            paragraph[at[1]] = text
            paragraphs[at[0]].text = paragraph.joined(separator: "\n")
            for id in tokens.values { words[id].text = readings[id]! }
        }
    }
}
