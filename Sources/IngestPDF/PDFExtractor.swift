import Foundation
import IngestCore

/// Reads a PDF's text layer through poppler-glib, page by page: text in reading order as
/// paragraphs and headings, metadata, outline, page labels, and which pages need OCR.
public struct PDFExtractor: Extractor {
    public let kinds: Set<SourceKind> = [.pdf]
    /// Off only to compare raw text with `pdftotext` (quality measurement).
    public var removeRunningHeaders: Bool

    public init(removeRunningHeaders: Bool = true) { self.removeRunningHeaders = removeRunningHeaders }

    /// What is kept of one page between the streaming pass and assembly.
    struct PageData: Sendable {
        var lines: [TextLine]
        var classification: PageRecord.Classification
        var characters: Int
        var label: String?
        /// Page size in points (line boxes are placed on it for running headers).
        var height: Double = 0
        var width: Double = 0
        /// Where the page's text comes from: its content, or only form fields or annotations.
        var provenance = Provenance.textLayer
        /// The page's tables (their lines are still in `lines`: the block builder takes them out).
        var tables: [PageTable] = []
        /// The page's figures (their captions' lines are still in `lines`: the block builder takes them out).
        var figures: [PageFigure] = []
        /// The page's display equations (their lines are still in `lines`: the block builder takes them out).
        var formulas: [PageFormula] = []
        /// Visible signatures drawn without text (a picture), not read (`pdf.signatureNotRead`).
        var unreadSignatures = 0
        /// Poppler's text of the page lacked lines it reads otherwise (`RightToLeft.union`).
        var textIncomplete = false
        /// The page's own actions or its annotations' hold JavaScript (`PDFScripts`); nil when
        /// it could not be asked.
        var scripts: Bool? = false
    }

    /// What is read of a document: its facts, then its pages.
    private struct Reading {
        var warnings: [Warning]
        var repaired: Bool
        var pageCount: Int
        var metadata: [String: JSONValue]
        var outline: [OutlineEntry]
        /// Whether it holds JavaScript, or whether its pages decide (`PDFScripts`).
        var scripts: PDFScripts.Facts
        var outcome: PageStream.Outcome
        /// The facts' document when the pages were read through it (a short document): OCR
        /// draws its pages through it too, so the file is opened once (issue 35 item 3).
        var document: PopplerDocumentRef?
    }

    /// The document's facts (warnings, metadata, outline) read through `document`. Whether it
    /// holds JavaScript is asked here outside its pages, and of each page in the walk (`PDFScripts`).
    private func readFacts(_ document: PopplerDocumentRef, pageCount: Int, context: ExtractionContext) -> Reading {
        var warnings: [Warning] = []
        let repaired = !document.openMessages.isEmpty || !document.crossReferenceIntact
        if repaired { warnings.append(context.warning(.pdfRepaired)) }
        return Reading(warnings: warnings, repaired: repaired, pageCount: pageCount, metadata: document.metadata(),
                       outline: document.outline(), scripts: PDFScripts.facts(document),
                       outcome: PageStream.Outcome(pages: [], logLines: 0))
    }

    /// Opens the document, then streams its pages. A short one is read through the facts'
    /// document, its facts first. A long one's facts are read on this thread while the walk's
    /// other threads read its first pages (on a 2-core machine the other core waited ≈ 90 ms
    /// for them on a 311-page manual), then the thread joins the walk through this copy (its
    /// page tree is read: the outline's destinations loaded it).
    /// Memory stays bounded on long books: the walk's copies are reopened every few hundred
    /// pages (see `PageStream`), and what they freed is returned before blocks and JSON are built.
    /// The file is read into memory once (`PDFFileBytes`, within the worker's memory limit) and
    /// every copy opened from those bytes: poppler then makes no system call per 256 bytes (a
    /// 311-page manual: system time 0.2 → 0.1 s, the run's CPU −5 %, bench/born-digital/RESULTS.md).
    private func readDocument(_ input: SourceInput, password: String?, context: ExtractionContext) throws -> Reading {
        let memory = PDFFileBytes.largest(memoryLimitMB: context.config.workers.memoryLimitMB)
        // Held here only until the walk takes it: the last reference is the walk's, which closes
        // it beside the serial rest (`PageStream`), not this thread as it returns.
        var document: PopplerDocumentRef? = try PopplerDocumentRef(url: input.url, password: password, readingUpTo: memory)
        let pageCount = document!.pageCount
        guard pageCount > 0 else { throw IngestError(.pdfNoPages) }
        // Stream the pages: each page handle (and poppler's text analysis cached on it) is
        // released before the next one is opened; idle cores read pages of their own copy.
        let stream = PageStream(url: input.url, password: password, context: context, bytes: document!.fileBytes)
        let extractor = self
        // (`RunningHeaders.detect` looks at documents of two pages or more.)
        let watching = removeRunningHeaders && pageCount >= 2
        if pageCount < PageStream.parallelMinimumPages {
            let opened = document.take()!
            var reading = readFacts(opened, pageCount: pageCount, context: context)
            reading.outcome = try IdleCores.running {
                try stream.read(opened, pageCount: pageCount) { extractor.readInWalk($0, watchingCutWords: watching) }
            }
            reading.document = opened
            return reading
        }
        var reading: Reading?
        let outcome = try IdleCores.running {
            try stream.read(nil, pageCount: pageCount, meanwhile: {
                let facts = document.take()!
                reading = extractor.readFacts(facts, pageCount: pageCount, context: context)
                return facts
            }) { extractor.readInWalk($0, watchingCutWords: watching) }
        }
        reading!.outcome = outcome
        return reading!
    }

    public func extract(_ input: SourceInput, context: ExtractionContext) throws -> Extraction {
        let password = context.password ?? context.config.pdf.password
        var reading = try readDocument(input, password: password, context: context)
        let document = reading.document.take()
        // The walk's other threads close its copies (and return what they freed) beside the rest.
        let closing = reading.outcome.closing.take()
        if closing == nil { PDFMemory.releaseFreedPages() }
        // The walk's cores are idle again: what the pipeline needs next starts beside the rest.
        WordLookAhead.pagesRead()
        var warnings = reading.warnings
        let (repaired, pageCount, outline, outcome) = (reading.repaired, reading.pageCount, reading.outline, reading.outcome)
        var metadata = reading.metadata
        let scripts = PDFScripts.answer(reading.scripts, pages: outcome.pages) {
            // (Never on poppler 22.12: a page the walk read could not be asked.)
            (try? PopplerDocumentRef(url: input.url, password: password))?.hasJavaScript ?? false
        }
        if scripts { warnings.append(context.warning(.pdfJavaScriptIgnored)) }
        metadata["hasJavaScript"] = .bool(scripts)
        var pages: [PageData] = []
        pages.reserveCapacity(pageCount)
        for (index, data) in outcome.pages.enumerated() {
            if let data { pages.append(data) } else {
                warnings.append(context.warning(.pdfPageUnreadable, ["page": String(index + 1)], page: index + 1))
                pages.append(PageData(lines: [], classification: .empty, characters: 0, label: nil))
            }
        }
        if outcome.logLines > 0 && !repaired { warnings.append(context.warning(.pdfRepaired)) }

        if removeRunningHeaders {
            let drop = RunningHeaders.detect(pages.map(\.headerLines))
            for p in pages.indices where !drop[p].isEmpty {
                pages[p].lines = pages[p].lines.indices.filter { !drop[p].contains($0) }.map { pages[p].lines[$0] }
            }
        }

        let unsigned = pages.indices.filter { pages[$0].unreadSignatures > 0 }.map { $0 + 1 }
        if !unsigned.isEmpty { warnings.append(context.warning(.pdfSignatureNotRead, ["pages": PageList.format(unsigned)])) }
        let incomplete = pages.indices.filter { pages[$0].textIncomplete }.map { $0 + 1 }
        if !incomplete.isEmpty { warnings.append(context.warning(.pdfTextIncomplete, ["pages": PageList.format(incomplete)])) }
        let linearMath = pages.indices.filter { pages[$0].formulas.contains { !$0.sure } }.map { $0 + 1 }
        if !linearMath.isEmpty { warnings.append(context.warning(.pdfFormulasAsText, ["pages": PageList.format(linearMath)])) }
        // The builder gets the only copy of the pages' lines (it releases them page by page);
        // what the page records need is kept aside.
        let facts = pages.map { PageData(lines: [], classification: $0.classification, characters: $0.characters, label: $0.label,
                                         provenance: $0.provenance) }
        var builder = BlockBuilder(pages: pages, outline: outline)
        pages = facts
        let blocks = IdleCores.running { builder.takeBlocks(beside: { IdleCores.borrow(context) }) }
        closing?.join()
        PDFMemory.releaseFreedPages()
        var extraction = Extraction(blocks: blocks, metadata: metadata, warnings: warnings, pagesRead: pageCount)
        if let title = PDFMetadata.meaningfulTitle(metadata["title"]?.stringValue, fileName: input.name) {
            extraction.title = TitleCandidate(title, origin: .metadata)
        } else if let heading = blocks.first(where: { $0.kind == .heading && $0.text.count <= 200 }) {
            // A heading set in a narrow column breaks its words at line ends (`elec-` / `tromagnetic`).
            extraction.title = TitleCandidate(Normalizer.normalize(heading.text).split(whereSeparator: \.isNewline).joined(separator: " "),
                                              origin: .heading)
        }

        let hasLabels = pages.enumerated().contains { $0.element.label != nil && $0.element.label != String($0.offset + 1) }
        extraction.pages = pages.enumerated().map { i, p in
            PageRecord(number: i + 1, label: hasLabels ? p.label : nil, classification: p.classification,
                       provenance: p.classification.hasUsableText ? p.provenance : nil, characters: p.characters)
        }
        let candidates = pages.indices.filter { !pages[$0].classification.hasUsableText && pages[$0].classification != .empty }
            .map { $0 + 1 }
        extraction.ocrCandidates = candidates
        if !candidates.isEmpty {
            extraction.warnings.append(context.warning(.pdfPagesWithoutText, ["pages": PageList.format(candidates)]))
            let imageOnly = pages.indices.filter { pages[$0].classification == .imageOnly }
            let textCharacters = blocks.reduce(0) { $0 + $1.text.count }
            if !imageOnly.isEmpty && (textCharacters < context.config.readiness.shortBelow || imageOnly.count * 2 >= pageCount) {
                extraction.thinTextReason = .readinessScanned
            }
            extraction.visionPages = Array(candidates.prefix(context.config.readiness.visionPageCap))
            if let document { extraction.pageImages = PageImages(PDFPageImages(document: document)) }
        }
        return extraction
    }

    /// One page of the walk, whole. A word cut at a line end of it starts the dictionaries'
    /// opening at once (`WordLookAhead`; on the extracting thread only: a no-op on the walk's
    /// others) instead of at `RunningHeaders.detect` after the walk, which would start it on the
    /// same test of the same lines: opened beside the walk, hunspell (≈ 140 ms of CPU for three
    /// dictionaries) no longer leaves the extracting thread waiting for it, or opening one itself,
    /// once the pages are read (gnuplot.pdf: ≈ 50 ms of its serial tail).
    func readInWalk(_ page: PopplerPageRef, watchingCutWords: Bool) -> PageData {
        let first = page.scriptsAskedFirst
        let scripts = first ? page.scripts : nil
        var data = readWithFormulas(page)
        data.scripts = first ? scripts : page.scripts
        // `headerLines`' texts, as `RunningHeaders.detect` sees them.
        let texts = data.lines.lazy.map { $0.origin == .content ? $0.text : "" }
        if watchingCutWords, data.classification.hasUsableText, WordLookAhead.cutsAWord(texts) {
            WordLookAhead.wordCut(in: texts.joined(separator: "\n"))
        }
        return data
    }

    /// One page: its lines in reading order and its classification.
    func read(_ page: PopplerPageRef) -> PageData {
        var data = readLines(page)
        // A page with right-to-left text is also looked at: a line drawn that no text box covers.
        data.textIncomplete = page.textMayBeIncomplete
            || (page.hasRightToLeftText && data.classification.hasUsableText && page.hasInkWithoutText())
        return data
    }

    private func readLines(_ page: PopplerPageRef) -> PageData {
        let text = page.textLines()
        // Kept until the blocks are made: stored at its exact size (the line builder's array grew
        // by doubling).
        let lines = ReadingOrder.order(text.lines, pageWidth: text.width, gutters: text.gutters).withUnsafeBufferPointer { Array($0) }
        let quality = TextQuality(lines: lines.lazy.map(\.text))
        // Images cost a second pass over the page: only pages with room for a large image
        // without text are measured; a page full of text is a text page whatever its pictures.
        var images = ImageFacts.none
        if !quality.isCorrupt {
            let grid = PageGrid(lines: lines, width: text.width, height: text.height)
            if quality.characters < 200 || grid.hasRoom(for: PageClassifier.markedImageShare) {
                images = page.imageFacts(grid: grid)
            }
        }
        let (extras, unreadSignatures) = page.annotationLines()
        let ink = quality.characters < PageClassifier.thinText && images.coverage <= 0.02 && quality.plausibleWords == 0
            ? extras.isEmpty ? page.hasInk() : page.hasInkOfItsOwn() : false
        var classification = PageClassifier.classify(quality, images: images, hasDrawing: ink)
        guard !extras.isEmpty else {
            return PageData(lines: lines, classification: classification, characters: quality.characters, label: page.label,
                            height: text.height, width: text.width, unreadSignatures: unreadSignatures)
        }
        // Field values and comments are text of the page: a form whose content is only its labels,
        // or a page whose only text is a comment, is a text page, not a scan for OCR (unless the
        // page's own content draws something, which OCR then reads along with them).
        let all = AnnotationText.insert(extras, into: lines)
        let withExtras = TextQuality(lines: all.lazy.map(\.text))
        if !classification.hasUsableText && !ink {
            let combined = PageClassifier.classify(withExtras, images: images, hasDrawing: false)
            if combined.hasUsableText { classification = combined }
        }
        guard classification.hasUsableText else {
            return PageData(lines: lines, classification: classification, characters: quality.characters, label: page.label,
                            height: text.height, width: text.width, unreadSignatures: unreadSignatures)
        }
        return PageData(lines: all, classification: classification, characters: withExtras.characters, label: page.label,
                        height: text.height, width: text.width, provenance: quality.characters > 0 ? .textLayer : all[0].origin.provenance,
                        unreadSignatures: unreadSignatures)
    }
}

extension PDFExtractor.PageData {
    /// The page's lines as running-header detection sees them: placed on the page when poppler
    /// gave their boxes; none for pages whose text layer is not kept.
    var headerLines: [RunningHeaders.Line] {
        guard classification.hasUsableText else { return [] }
        return lines.map { line in
            // Field values and comments are never running headers (nor count as lines for them).
            guard line.origin == .content else { return RunningHeaders.Line("") }
            guard line.hasGeometry, height > 0 else { return RunningHeaders.Line(line.text) }
            return RunningHeaders.Line(line.text, top: line.y0 / height, bottom: line.y1 / height,
                                       left: width > 0 ? line.x0 / width : nil, right: width > 0 ? line.x1 / width : nil)
        }
    }
}

/// "1–3, 7, 9–10".
enum PageList {
    static func format(_ pages: [Int]) -> String {
        var parts: [String] = []
        var i = 0
        while i < pages.count {
            var j = i
            while j + 1 < pages.count && pages[j + 1] == pages[j] + 1 { j += 1 }
            parts.append(j > i ? "\(pages[i])–\(pages[j])" : "\(pages[i])")
            i = j + 1
        }
        return parts.joined(separator: ", ")
    }
}
