import Foundation

/// Terms of one sign (issue 36 item 3, measured on real course pages): a course defines comparison operators
/// (`<< : strictement inférieur à`, `>= : supérieur ou égal à`) and letters that stand for a word (lintian's
/// flags `E: for error; a sure policy violation…`, a file mode's `r : signifie qu'on peut lister son contenu`).
/// A capital letter alone is otherwise an answer's label (`A: Paris`), and signs alone are code: only these shapes
/// make them terms.
extension DefinitionRecognizer {
    /// Signs that compare or shift (`<<`, `<=`, `=`, `>=`, `>>`, `!=`, `≤`): one to three of them, nothing else.
    static func isOperator(_ term: String) -> Bool {
        (1...3).contains(term.count) && term.allSatisfy { "<>=!≤≥≠".contains($0) }
    }

    /// Words that say what a sign or a letter means (`signifie`, `means`, `stands for`).
    static let meaningVerbs: Set<String> = ["signifie", "désigne", "représente", "means", "denotes", "represents", "stands"]

    /// A letter alone and the word it is the first letter of, after `for`/`pour` (`E: for error; …`, `W: for warning`),
    /// or a meaning that opens by saying what it means (`r : signifie qu'on peut…`).
    static func letterStandsFor(_ term: String, _ meaning: String) -> Bool {
        guard term.count == 1, let letter = term.lowercased().first, letter.isLetter else { return false }
        let ws = words(meaning)
        guard ws.count >= 2 else { return false }
        if meaningVerbs.contains(ws[0]) { return true }
        // (Not a word that opens any phrase: `A: for all of them` is an answer.)
        return ["for", "pour"].contains(ws[0]) && ws[1].first == letter && ws[1].count >= 4
            && !["example", "instance", "each", "every", "some", "this", "that", "these", "those", "their", "exemple", "chaque", "tous", "toutes"].contains(ws[1])
    }
}
