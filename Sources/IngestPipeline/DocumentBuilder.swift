import Foundation
import IngestCore
import IngestDigest
import IngestSpell

/// The fingerprint's digest is SHA-256, fed piece by piece.
extension SHA256Digest: StreamingDigest {}

/// One source's contribution to a document: what was read and what the extractor found.
struct SourceResult: Sendable {
    var read: ReadSource
    var extraction: Extraction
}

/// Builds the ImportedDocument from extracted sources: normalization of every block, the document
/// text, title, language, readiness and fingerprint. Pure apart from the clock: no library, no files.
struct DocumentBuilder {
    let config: PipelineConfig
    let language: MessageLanguage

    /// Builds the document, taking the blocks out of `results` (their extractions are left with
    /// none): each block's text is replaced by its normalized form in place, so a long PDF's
    /// blocks exist once, not as the extraction's copy plus the document's.
    func build(_ results: inout [SourceResult], timings: [String: Double], lessonTitle: String? = nil,
               guessesSubject: Bool = true) -> ImportedDocument {
        // Read from every extracted block (empty ones too) before the blocks are taken.
        let provenances = results.map(\.extraction.provenances)
        var blocks: [Block] = []
        for index in results.indices {
            // Moved out, so the array is uniquely referenced and edited in place.
            var taken = results[index].extraction.blocks
            results[index].extraction.blocks = []
            for i in taken.indices {
                taken[i].source = index
                taken[i].text = Normalizer.normalize(taken[i].text, joiningHyphens: false)
                if let rows = taken[i].rows {
                    let normalized = rows.map { $0.map(Self.normalizeCell) }
                    taken[i].rows = normalized
                    if taken[i].text.isEmpty { taken[i].text = Self.render(rows: normalized) }
                }
            }
            // A figure without a caption is still a figure (its box and image for the vision option).
            taken.removeAll { $0.text.isEmpty && !($0.kind == .figure && ($0.bbox != nil || $0.image != nil)) }
            if blocks.isEmpty { blocks = taken } else { blocks.append(contentsOf: taken) }
        }
        let declared = results.lazy.compactMap(\.extraction.language).map(PipelineConfig.languageCode).first { !$0.isEmpty }
        Self.joinHyphenation(&blocks, declared: declared)
        let content = Self.joinedText(blocks)
        // A lesson of several sources says in its text where each one begins (one marker line per
        // source); the fingerprint is still computed on the content alone, so the same sources
        // under other names, or one more marker, never hide a duplicate.
        let text = results.count > 1 ? Self.markedText(blocks, sourceNames: results.map(\.read.input.name)) : content
        var (title, titleSource) = chooseTitle(results, blocks: blocks)
        if let lessonTitle, !lessonTitle.trimmingCharacters(in: .whitespaces).isEmpty {
            (title, titleSource) = (String(Normalizer.normalize(lessonTitle).prefix(300)), "lesson")
        }
        // What the source declares wins unless the whole text clearly contradicts it.
        let documentLanguage = declared.map { LanguageGuesser.confirm($0, against: content) } ?? LanguageGuesser.guess(content)
        let thin = results.lazy.compactMap(\.extraction.thinTextReason).first
        let vision = results.flatMap(\.extraction.visionPages)
        let readiness = ReadinessCheck.evaluate(text: content, thresholds: config.readiness, thinTextReason: thin,
                                                visionPages: vision, language: language)
        // A recording's short tag text (its title, chapter names) says nothing of the recording:
        // two episodes tagged alike are two documents, told apart by their bytes.
        let tagsOnly = !blocks.isEmpty && blocks.allSatisfy { $0.provenance == .tags }
        let fingerprintText = tagsOnly && content.count < config.readiness.fingerprintMinCharacters ? "" : content
        let fingerprint = Fingerprinter.make(text: fingerprintText, title: title,
                                             minCharacters: config.readiness.fingerprintMinCharacters,
                                             sourceBytes: results.map(\.read.sha256).joined(separator: "\n"),
                                             digest: SHA256Digest.init)
        let sources = results.indices.map { index -> SourceRecord in
            let r = results[index], e = r.extraction
            var provenance = provenances[index]
            if provenance.isEmpty, r.read.input.kind.isAudio { provenance = [.tags] }
            var record = SourceRecord(kind: r.read.input.kind, name: r.read.input.name,
                                      url: r.read.input.kind == .youtubeLink ? r.read.input.inlineText : nil,
                                      byteSize: r.read.input.byteSize, sha256: r.read.sha256, pagesRead: e.pagesRead,
                                      pagesOCRed: e.pagesOCRed, meanOCRConfidence: e.meanOCRConfidence,
                                      provenance: provenance, pages: e.pages, metadata: e.metadata,
                                      warnings: r.read.warnings + e.warnings)
            if r.read.input.files.count > 1 { record.files = r.read.input.files.map(\.lastPathComponent) }
            return record
        }
        var timings = timings
        var lap = Stopwatch()
        // Only OCR'd and auto-caption text is checked: a born-digital document never opens hunspell.
        var doubt: Doubt?
        if blocks.contains(where: { DoubtFinder.isChecked($0.provenance) }) {
            var options = DoubtFinder.Options()
            options.lowConfidenceBelow = config.ocr.lowConfidenceBelow
            doubt = DoubtFinder(documentLanguage: documentLanguage, options: options)
                .find(blocks: blocks, ocrWords: results.map(\.extraction.ocrWords))
            timings["doubt"] = lap.lap()
        }
        let subject = guessesSubject ? SubjectGuesser.guess(title: title, text: content, language: documentLanguage) : nil
        return ImportedDocument(id: Self.documentID(fingerprint), title: title, titleSource: titleSource,
                                language: documentLanguage, text: text, blocks: blocks, sources: sources,
                                readiness: readiness, fingerprint: fingerprint, doubt: doubt, subject: subject,
                                timings: timings, pipelineVersion: Pipeline.version, createdAt: Timestamp.iso8601())
    }

    /// The subject of a document built with `guessesSubject: false`: what `build` would have
    /// guessed (its title and the opening of its content, the blocks' text without source markers).
    static func guessSubject(_ document: ImportedDocument) -> SubjectGuess? {
        // Only the opening is read: the blocks are joined until they hold that many scalars
        // (4 bytes at most each), not a whole book.
        var opening: [Block] = []
        var bytes = 0
        for b in document.blocks {
            opening.append(b)
            bytes += textLine(b).utf8.count + 2
            if bytes >= 4 * SubjectGuesser.openingCharacters { break }
        }
        return SubjectGuesser.guess(title: document.title, text: joinedText(opening), language: document.language)
    }

    /// The blocks' text lines separated by blank lines, built in one buffer of the exact size (a
    /// growing string reallocated up to twice the size of a long book's text).
    static func joinedText(_ blocks: [Block]) -> String {
        var size = max(0, blocks.count - 1) * 2
        for b in blocks { size += textLine(b).utf8.count }
        var text = ""
        text.reserveCapacity(size)
        // A figure without a caption has no line in the text.
        for b in blocks where !b.text.isEmpty {
            if !text.isEmpty { text += "\n\n" }
            text += textLine(b)
        }
        return text
    }

    /// The line that opens source `index` (0-based) of `count` in a lesson's text.
    public static func sourceMarker(_ index: Int, of count: Int, name: String) -> String {
        "── \(index + 1)/\(count) · \(name) ──"
    }

    /// The text of a lesson of several sources: each source's blocks after its marker line.
    static func markedText(_ blocks: [Block], sourceNames: [String]) -> String {
        var text = ""
        var next = 0
        for b in blocks {
            while next <= b.source, next < sourceNames.count {
                if !text.isEmpty { text += "\n\n" }
                text += sourceMarker(next, of: sourceNames.count, name: sourceNames[next])
                next += 1
            }
            if !b.text.isEmpty { text += "\n\n" + textLine(b) }
        }
        while next < sourceNames.count {   // sources that gave no text still say they were there
            if !text.isEmpty { text += "\n\n" }
            text += sourceMarker(next, of: sourceNames.count, name: sourceNames[next])
            next += 1
        }
        return text
    }

    /// A block as it reads in the document's text: list items keep their marker ("1.", "a)", "•"),
    /// with two spaces of indent per nesting level.
    static func textLine(_ block: Block) -> String {
        guard block.kind == .listItem, let marker = block.marker, !marker.isEmpty else { return block.text }
        return String(repeating: "  ", count: max(0, block.level ?? 0)) + marker + " " + block.text
    }

    /// The document id is derived from the fingerprint (a name-based UUID), so the same content
    /// imported again never mints a second id, even across machines.
    static func documentID(_ fingerprint: Fingerprint) -> String {
        let hex = Array(SHA256Digest.hex(of: Data(("ingest-document:" + fingerprint.basis.rawValue + ":" + fingerprint.value).utf8)))
        var chars = Array(hex.prefix(32))
        chars[12] = "5"                                  // version 5-style (name-based)
        let variant = Int(String(chars[16]), radix: 16)! & 0x3 | 0x8
        chars[16] = Character(String(variant, radix: 16))
        let s = String(chars)
        func part(_ a: Int, _ b: Int) -> Substring { s.dropFirst(a).prefix(b - a) }
        return "\(part(0, 8))-\(part(8, 12))-\(part(12, 16))-\(part(16, 20))-\(part(20, 32))"
    }

    /// What decides an end-of-line hyphen the text cannot (`Normalizer.joinHyphenation`), when
    /// the text's language is not known: all the dictionaries (the pipeline opens them ahead).
    static let words = DictionaryWords()

    /// The dictionaries that decide the cut words of `blocks` (`DictionaryWords(language:)`): the
    /// English ones alone for a text that is English throughout — declared so or not declared,
    /// English in its opening (`LanguageGuesser.guess`) and in most slices of the whole of it
    /// (`confirm`: an English licence in front of a French manual leaves it French) — else all.
    /// Read before the cut words are joined (the document's language is guessed after).
    static func hyphenWords(_ blocks: [Block], declared: String?) -> DictionaryWords {
        guard declared == nil || declared == "en" else { return words }
        let text = joinedText(blocks)
        let english = LanguageGuesser.guess(text) == "en" && LanguageGuesser.confirm("en", against: text) == "en"
        return english ? DictionaryWords(language: "en") : words
    }

    /// Starts opening, on another thread, the dictionaries `hyphenWords` will likely choose, from
    /// `sample` (the text of the page where an extractor met the first cut word, `WordLookAhead`):
    /// the English ones alone when it reads as English, else all. A guess only: the words are
    /// decided by `hyphenWords`, and a dictionary it asks that was not opened ahead opens then.
    static func openAhead(forTextLike sample: String) {
        (LanguageGuesser.guess(sample) == "en" ? DictionaryWords(language: "en") : words).openAhead()
    }

    /// A cell normalized, its line-end hyphens left for `joinHyphenation`.
    static func normalizeCell(_ cell: TableCell) -> TableCell {
        TableCell(text: Normalizer.normalize(cell.text, joiningHyphens: false), tables: cell.tables?.map { $0.map { $0.map(normalizeCell) } })
    }

    /// Words cut by a hyphen at a line end, in every block and cell, joined or kept as the whole
    /// document writes them (`Normalizer.OwnSpellings`), then as the dictionaries say: a block
    /// alone does not know that the book writes `dpkg-buildpackage` (kept) or `binNMUs` (joined)
    /// three chapters on (developers-reference, session 21's text and PDF forms).
    static func joinHyphenation(_ blocks: inout [Block], declared: String? = nil) {
        // The byte search: Foundation's `contains` goes through CFString on Linux (a book's every block).
        func cut(_ cell: TableCell) -> Bool { ByteSearch.contains(cell.text, "-\n") || cell.tables?.contains { $0.contains { $0.contains(where: cut) } } == true }
        let cutBlocks = blocks.indices.filter { ByteSearch.contains(blocks[$0].text, "-\n") || blocks[$0].rows?.contains { $0.contains(where: cut) } == true }
        guard !cutBlocks.isEmpty else { return }
        var spellings = Normalizer.OwnSpellings()
        for block in blocks { spellings.read(block.text) }
        let words = hyphenWords(blocks, declared: declared)
        func join(_ cell: TableCell) -> TableCell {
            TableCell(text: Normalizer.joinHyphenation(cell.text, words: words, spellings: spellings),
                      tables: cell.tables?.map { $0.map { $0.map(join) } })
        }
        for i in cutBlocks {
            blocks[i].text = Normalizer.joinHyphenation(blocks[i].text, words: words, spellings: spellings)
            if let rows = blocks[i].rows { blocks[i].rows = rows.map { $0.map(join) } }
        }
    }

    /// A table as text: cells separated by " | ", rows by line breaks.
    static func render(rows: [[TableCell]]) -> String {
        rows.map { $0.map(\.text).joined(separator: " | ") }.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    static let meaninglessTitles: Set<String> = ["untitled", "sans titre", "document", "microsoft word", "titre", "title", "no title"]

    func chooseTitle(_ results: [SourceResult], blocks: [Block]) -> (String, String) {
        for r in results {
            if let t = r.extraction.title {
                let clean = Normalizer.normalize(t.text).replacingOccurrences(of: "\n", with: " ")
                if !clean.isEmpty, !Self.meaninglessTitles.contains(clean.lowercased()) {
                    return (String(clean.prefix(300)), t.origin.rawValue)
                }
            }
        }
        if let heading = blocks.first(where: { $0.kind == .heading }) {
            return (String(heading.text.replacingOccurrences(of: "\n", with: " ").prefix(300)), "heading")
        }
        let first = results[0].read.input
        if first.inlineText != nil, first.kind == .text, let line = blocks.first?.text.split(separator: "\n").first {
            let words = line.split(separator: " ").prefix(8).joined(separator: " ")
            return (words, "typed")
        }
        // The file's own name, not the folder path it was found under.
        let fileName = first.files.first?.lastPathComponent ?? (first.name as NSString).lastPathComponent
        let stem = (fileName as NSString).deletingPathExtension
        return (stem.replacingOccurrences(of: "_", with: " "), "fileName")
    }
}
