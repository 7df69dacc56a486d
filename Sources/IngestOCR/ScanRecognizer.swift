import CTesseract
import Foundation
import IngestCore
import Synchronization

/// The OCR stage for PDFs: renders the pages the PDF extractor marked as OCR candidates at
/// `ocr.dpi` — then at the resolution that fits their type size (`TextSize`, `ocr.fitResolution`) —
/// recognises at most `ocr.pageCap` of them, and inserts their paragraphs in page
/// order. Text-layer pages stay as they are; pages left out are named in a warning.
public struct ScanRecognizer: PageRecognizing {
    /// Opens a PDF's page images when the extraction brings none (the pipeline hands over
    /// IngestPDF's: OCR does not import the PDF reader).
    let pdfPages: PageImageOpener

    public init(pdfPages: @escaping PageImageOpener) { self.pdfPages = pdfPages }

    public func complete(_ extraction: Extraction, of input: SourceInput, context: ExtractionContext) throws -> Extraction {
        let candidates = Array(Set(extraction.ocrCandidates)).sorted()
        guard !candidates.isEmpty else { return extraction }
        let cap = context.config.ocr.pageCap
        let chosen = Array(candidates.prefix(cap))
        let leftOut = Array(candidates.dropFirst(cap))
        let url = input.url
        let password = context.password ?? context.config.pdf.password
        let dpi = Double(context.config.ocr.dpi)
        let maxPixels = context.config.ocr.maxImagePixels
        let fit = context.config.ocr.fitResolution
        let pageImages = PagesOnce(extraction.pageImages?.provider) { try pdfPages(url, password) }
        // With several OCR threads, their engines start on another core while this one estimates
        // the pages' work.
        let workers = min(context.config.effectiveOCRWorkers, chosen.count)
        let warmUp: EnginePool.WarmUp?
        // Nothing started ahead when the first page looks blank drawn small (≈ 10 ms): a
        // document of blank pages starts no engine (issue 38); otherwise the first page that
        // needs one starts it. Nothing at all on it: it is not drawn full size either.
        let look = context.config.ocr.skipBlankPages ? Self.quickLook(page: chosen[0], fullDPI: dpi) { try pageImages.current() } : nil
        let ahead = look?.blank != true
        if !ahead {
            warmUp = nil
        } else if let processes = context.ocrProcesses {
            // The others start when a thread gets a core to read a page with, as engines would be made.
            processes.start(Self.recognisersAhead(workers, cores: context.cores), languages: context.config.ocr.languages)
            warmUp = nil
        } else {
            warmUp = workers >= 2
                ? EnginePool.shared(languages: context.config.ocr.languages, capacity: workers).prepareAhead(workers, cores: context.cores)
                : nil
        }
        defer { warmUp?.finish() }
        let classOf = Dictionary((extraction.pages ?? []).map { ($0.number, $0.classification) }, uniquingKeysWith: { a, _ in a })
        let jobs = chosen.map { number in
            PageJob(number: number) {
                // Like any page failure: a warning when the text layer gave text, else the error.
                try OCRLibraries.requireTesseract()
                if number == chosen[0], let empty = look?.empty { return empty.sharedHandle() }
                // A scan's own pixels hold no more detail when drawn finer: only drawn glyphs (a
                // broken text layer) are drawn again at a higher resolution.
                let drawn = [PageRecord.Classification.text, .corruptText].contains(classOf[number] ?? nil)
                return try Self.pageImage(page: number, dpi: dpi, maxPixels: maxPixels, fit: fit, finer: drawn) { try pageImages.current() }
            }
        }
        // Drawn ahead of their readers, each page once; the heaviest drawn read first.
        let outcomes = try PageRunner.run(jobs, context: context, ahead: PageRunner.Ahead(work: Self.expectedWork))
        pageImages.opened?.letGoOfSurface()
        let assembly = PageAssembly(outcomes, context: context) { classOf[$0] ?? .imageOnly }
        if assembly.pagesOCRed == 0, extraction.blocks.isEmpty, let first = assembly.failures.first { throw first }

        var result = extraction
        result.blocks = ScanRecognizer.merge(extraction.blocks, assembly.blocks)
        result.ocrWords = extraction.ocrWords + assembly.words
        var records = Dictionary((extraction.pages ?? []).map { ($0.number, $0) }, uniquingKeysWith: { a, _ in a })
        for r in assembly.records {
            var merged = records[r.number] ?? PageRecord(number: r.number)
            merged.classification = merged.classification ?? r.classification
            merged.provenance = r.provenance ?? merged.provenance
            merged.characters = r.skipped == true ? merged.characters : r.characters
            merged.ocrConfidence = r.ocrConfidence
            merged.lowConfidenceWords = r.lowConfidenceWords
            merged.lowConfidenceSample = r.lowConfidenceSample
            merged.skipped = r.skipped
            merged.failure = r.failure
            merged.leftOut = r.leftOut
            merged.script = r.script
            records[r.number] = merged
        }
        for n in leftOut {
            var merged = records[n] ?? PageRecord(number: n, classification: .imageOnly)
            merged.skipped = true
            records[n] = merged
        }
        result.pages = records.values.sorted { $0.number < $1.number }
        result.warnings += assembly.warnings
        if !leftOut.isEmpty {
            result.warnings.append(context.warning(.ocrPagesCapped, ["cap": String(cap), "pages": PageAssembly.ranges(leftOut)]))
        }
        result.pagesOCRed = assembly.pagesOCRed
        // Kept for the page pictures made later (vision pages): the file is not opened again.
        result.pageImages = pageImages.opened.map(PageImages.init) ?? extraction.pageImages
        result.meanOCRConfidence = assembly.meanConfidence
        if let reason = assembly.thinTextReason {
            result.thinTextReason = reason
            result.visionPages = Array((assembly.visionPages + extraction.visionPages).reduce(into: [Int]()) {
                if !$0.contains($1) { $0.append($1) }
            }.prefix(context.config.readiness.visionPageCap))
        }
        return result
    }

    /// Inserts each OCR page's blocks before the first existing block of a later page; blocks
    /// without a page keep their place.
    static func merge(_ existing: [Block], _ ocr: [Block]) -> [Block] {
        guard !ocr.isEmpty else { return existing }
        var out: [Block] = []
        out.reserveCapacity(existing.count + ocr.count)
        var k = 0
        for block in existing {
            if let p = block.page {
                while k < ocr.count, let q = ocr[k].page, q < p { out.append(ocr[k]); k += 1 }
            }
            out.append(block)
        }
        out += ocr[k...]
        return out
    }
}

extension ScanRecognizer {
    /// Recognisers to start before the pages are estimated: the document's own, and the others
    /// only when the run has a core free now (with none, as at `--concurrency 1`, they would wait
    /// idle, an engine's memory each; a thread that later gets a core starts its own).
    static func recognisersAhead(_ workers: Int, cores: (any CoreBudget)?) -> Int {
        guard workers >= 2 else { return 1 }
        guard let cores else { return workers }
        guard cores.tryTake() else { return 1 }
        cores.giveBack()
        return workers
    }

    /// Whether `page` drawn at `estimateDPI` shows no mark the size of a character (`PageInk`):
    /// only a hint for starting engines ahead — the page itself is looked at full size.
    static func looksBlank(page: Int, renderer: () throws -> any PageImageProvider) -> Bool {
        quickLook(page: page, renderer: renderer).blank
    }

    /// `looksBlank`, with the small drawing when nothing at all is on it (`PageInk.surelyBlank`
    /// against the full look at `fullDPI`): that page is then looked at in it, not drawn again
    /// full size. The page is drawn as its vision picture is (`PagePreview.pdfDrawing`, ≈ 145 dpi
    /// for A4), which the page images keep: a blank scan's picture, made because the document is
    /// then not ready, costs no second decoding of its image — the decoding is the drawing's cost
    /// (≈ 0.1 s for a 300-dpi A4 scan, whatever the size drawn). A page of few marks that form no
    /// line of writing (`LineMarks`: a smiley, a gradient, an empty form) is handed in its small
    /// drawing too, where `PageRunner` records it blank: not drawn at 300 dpi, no engine started.
    static func quickLook(page: Int, fullDPI: Double = 300, renderer: () throws -> any PageImageProvider) -> (blank: Bool, empty: PageImage?) {
        guard (try? OCRLibraries.requireTesseract()) != nil else { return (false, nil) }
        var image: PageImage?
        var drawnDPI = estimateDPI
        let drawing = PagePreview.pdfDrawing(longSide: PagePreview.visionLongSide)
        do {
            try renderer().renderRows(page: page, dpi: drawing.dpi, maxPixels: drawing.maxPixels, start: { w, h, d in
                image = PageImage.emptyGray(width: w, height: h)
                image?.setResolution(Int(d.rounded()))
                drawnDPI = d
            }, row: { y, luma in image?.setGrayRow(y, luma) })
        } catch { return (false, nil) }
        guard let image else { return (false, nil) }
        image.finishGrayRows()
        guard let ink = PageInk.measure(image) else { return (false, nil) }
        // Marks that form no line of writing (`LineMarks`): the page is looked at in this drawing
        // too, where `PageRunner` finds it so again — not drawn at 300 dpi, no engine started.
        if PageRunner.readsFirst(ink), !LineMarks.mayHoldWriting(image) { return (true, image) }
        guard ink.isBlank else { return (false, nil) }
        return (true, PageInk.surelyBlank(image, scale: drawnDPI / fullDPI) ? image : nil)
    }

    /// Page `number` as Tesseract gets it: drawn at `dpi`, then — with `fit` — at the resolution
    /// that gives the x-height it reads best (issue 38): large type made smaller (no second
    /// render), small type drawn again finer when `finer`.
    static func pageImage(page number: Int, dpi: Double, maxPixels: Int, fit: Bool, finer: Bool = true,
                          renderer: () throws -> any PageImageProvider) throws -> PageImage {
        let pix = try render(page: number, dpi: dpi, maxPixels: maxPixels, renderer: renderer)
        guard fit, let x = TextSize.xHeight(of: pix) else { return pix }
        let factor = TextSize.scale(xHeight: x, dpi: Double(pix.resolution))
        if factor < 1 { return TextSize.reduce(pix, by: factor) }
        if factor > 1, finer { return try render(page: number, dpi: Double(pix.resolution) * factor, maxPixels: maxPixels, renderer: renderer) }
        return pix
    }

    /// Page `number` drawn at `dpi` (less when over `maxPixels`) as 8-bit gray. Rows go straight
    /// into leptonica's image: one gray copy of the page, not two (200 MB each at the pixel cap).
    static func render(page number: Int, dpi: Double, maxPixels: Int, renderer: () throws -> any PageImageProvider) throws -> PageImage {
        var image: PageImage?
        try RenderGate.withRender {
            try renderer().renderRows(page: number, dpi: dpi, maxPixels: maxPixels, start: { w, h, d in
                image = PageImage.emptyGray(width: w, height: h)
                guard let image else { throw IngestError(.ocrRenderFailed, ["page": String(number)]) }
                image.setResolution(Int(d.rounded()))
            }, row: { y, luma in image?.setGrayRow(y, luma) })
        }
        guard let pix = image else { throw IngestError(.ocrRenderFailed, ["page": String(number)]) }
        pix.finishGrayRows()
        return pix
    }

    /// The resolution of the quick look's fallback (a drawing that says nothing of its size).
    static let estimateDPI = 75.0

    /// A page's expected OCR work from its image as it is read: the number of dark runs (a
    /// stroke crossed by a row of pixels) on every fourth row, which follows the amount of
    /// writing — on the federal register's seven scanned pages the longest (3.6 s) has the most.
    /// Comparable between the pages of one document (drawn alike).
    static func expectedWork(of image: PageImage) -> Double {
        guard image.depth == 8, let data = pixGetData(image.raw) else { return 0 }
        let wpl = Int(pixGetWpl(image.raw)), w = image.width
        let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        var runs = 0
        for y in stride(from: 0, to: image.height, by: 4) {
            let row = bytes + y * wpl * 4
            var previousDark = false
            for x in 0..<w {
                // leptonica keeps 8-bit pixels in 32-bit words, most significant byte first.
                let dark = row[x ^ 3] < 128
                if dark && !previousDark { runs += 1 }
                previousDark = dark
            }
        }
        return Double(runs)
    }
}

/// The document's page images, shared by every OCR thread: the extraction's own, or opened by
/// the first page that needs them (their opening's failure is then every page's, as a page's
/// own render failure is).
private final class PagesOnce: Sendable {
    private let state: Mutex<Result<any PageImageProvider, any Error>?>
    private let open: @Sendable () throws -> any PageImageProvider

    init(_ given: (any PageImageProvider)?, open: @escaping @Sendable () throws -> any PageImageProvider) {
        state = Mutex(given.map { .success($0) })
        self.open = open
    }

    func current() throws -> any PageImageProvider {
        try state.withLock { state in
            if let state { return try state.get() }
            let opened = Result { try open() }
            state = opened
            return try opened.get()
        }
    }

    /// The provider once opened (or given), nil when it never was or could not be.
    var opened: (any PageImageProvider)? { state.withLock { try? $0?.get() } }
}
