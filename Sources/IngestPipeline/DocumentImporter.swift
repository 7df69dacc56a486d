import Foundation
import IngestCore
import IngestDigest
import IngestOCR
import IngestStore

/// Imports one unit, every step after the other: read (check, sniff, hash), skip check, the
/// pipeline's stages, the library claim, then the outputs (cover, hand-off, document), each
/// atomic; the library records the document as done only after all of them. It owns no
/// concurrency, time limit or process: the runtime (IngestRuntime) calls it, in this process or
/// in a worker process.
public struct DocumentImporter: Sendable {
    public var pipeline: Pipeline
    public let outputDirectory: URL

    /// False: every unit is read again, even one whose sources and output are unchanged.
    public var skipsDone = true

    public init(pipeline: Pipeline, outputDirectory: URL) {
        self.pipeline = pipeline
        self.outputDirectory = outputDirectory.standardizedFileURL
    }

    /// Imports one unit, in five steps: read its sources, skip it when already done, build the
    /// document (extraction, OCR, document), take the library's verdict, then write and record it
    /// — or record the duplicate. Every failure becomes a `failed` outcome.
    public func process(_ unit: ImportUnit, stage: (Stage) -> Void = { _ in }) -> DocumentOutcome {
        var step = Step(unit: unit, outputDirectory: outputDirectory)
        do {
            stage(.read)
            let reads = try pipeline.read(unit.sources)
            step.read(reads)
            if let skipped = try skipIfDone(&step) { return skipped }
            // The subject is guessed once the document is known not to be a duplicate (below).
            var (document, results) = try pipeline.document(from: reads, readTime: step.readTime, lessonTitle: unit.title,
                                                            guessesSubject: false, stage: stage)
            stage(.library)
            var lap = Stopwatch()
            let claim: Claim
            switch try verdict(for: &document, step) {
            case .duplicate(let ref, let outputPath): return try recordDuplicate(of: ref, outputPath: outputPath, document, step)
            case .claimed(let c): claim = c
            }
            document.timings["library"] = lap.lap()
            document.subject = DocumentBuilder.guessSubject(document)
            document.timings["build", default: 0] += lap.lap()
            stage(.write)
            return try writeAndRecord(&document, results: results, claim: claim, step, lap: &lap)
        } catch {
            var outcome = DocumentOutcome.failure(sources: step.names, IngestError.wrap(error), language: pipeline.language,
                                                  source: IngestError.wrap(error).arguments["source"], warnings: [],
                                                  milliseconds: step.clock.lap())
            outcome.kind = step.kind
            return outcome
        }
    }

    /// One unit on its way: its names, where it is written, and what was learnt of it so far.
    struct Step {
        let names: [String]
        /// A file, said so: the one-argument form asks the file system whether it is a folder.
        let outputURL: URL
        let relativeOutput: String
        /// Re-runs are decided per source bytes AND output: the same bytes under another name are
        /// a duplicate to report, not a document to skip.
        let target: String
        var clock = Stopwatch()
        var readTime = 0.0
        var kind: String?
        /// The sources' content key: one source's SHA-256, or the hash of a lesson's.
        var key = ""

        init(unit: ImportUnit, outputDirectory: URL) {
            names = unit.sources.map(\.name)
            relativeOutput = unit.outputName + ".json"
            outputURL = outputDirectory.appendingPathComponent(relativeOutput, isDirectory: false)
            target = outputDirectory.path + "\n" + relativeOutput
        }

        mutating func read(_ reads: [ReadSource]) {
            readTime = clock.lap()
            kind = reads.map(\.input.kind.rawValue).joined(separator: "+")
            key = reads.count == 1 ? reads[0].sha256 : SHA256Digest.hex(of: Data(reads.map(\.sha256).joined(separator: "\n").utf8))
        }
    }

    /// How the document holds its place in the library before it is written.
    enum Claim {
        /// Created by this import (released if writing fails).
        case created
        /// Superseding the earlier revision of the same output.
        case superseding
        /// Already the library's (the same content written again to the same output).
        case existing
        /// No library.
        case none
    }

    enum Placement {
        case claimed(Claim)
        case duplicate(DuplicateRef, outputPath: String?)
    }

    /// Step 2: a unit whose sources and output are unchanged since a run that did not fail is
    /// skipped (its outcome still says why it was not ready, or of what it is a duplicate).
    func skipIfDone(_ step: inout Step) throws -> DocumentOutcome? {
        guard skipsDone, let state = try pipeline.library?.sourceState(sha256: step.key, pipelineVersion: Pipeline.version, target: step.target),
              state.status != .failed,
              state.status == .duplicate ? DuplicateOutput.isWritten(beside: step.outputURL, documentID: state.documentID)
                  : state.outputPath.map({ Self.isNonEmptyFile(outputDirectory.appendingPathComponent($0)) }) == true
        else { return nil }
        // A duplicate skipped keeps saying of what (the pointer it left names it), a document
        // not ready why (its readiness, read from the document written).
        let duplicateOf = state.status == .duplicate ? DuplicateOutput.ref(beside: step.outputURL) : nil
        let readiness = state.readiness.flatMap(Readiness.Status.init(rawValue:))
        var skipped = DocumentOutcome(status: .skipped, sources: step.names, output: state.outputPath, id: state.documentID,
                                      title: nil, readiness: readiness, duplicateOf: duplicateOf, error: nil, warnings: [],
                                      milliseconds: step.clock.lap() + step.readTime, kind: step.kind)
        if readiness != nil && readiness != .ready, let written = state.outputPath.flatMap({ Self.readiness(outputDirectory.appendingPathComponent($0)) }) {
            skipped.readinessReason = written.reason
            skipped.readinessMessage = written.message(pipeline.language)
        }
        return skipped
    }

    /// Step 4: the library's verdict (`DuplicateVerdict`), then the document's claim on its
    /// content, made before anything is written: two workers (or a batch and a watcher)
    /// importing the same content cannot both create it.
    func verdict(for document: inout ImportedDocument, _ step: Step) throws -> Placement {
        guard let library = pipeline.library else { return .claimed(.none) }
        let settings = pipeline.config.library
        let facts = try DuplicateVerdict.facts(for: document, target: step.target, in: library, settings: settings)
        switch DuplicateVerdict.decide(document, output: step.relativeOutput, facts: facts, settings: settings) {
        case .duplicate(let ref, let outputPath):
            return .duplicate(ref, outputPath: outputPath)
        case .supersedes(let id, let revision):
            document.id = id
            document.revision = revision
            try library.supersede(entry(document, step))
            return .claimed(.superseding)
        case .document(let revision, let related):
            document.revision = revision
            document.possibleDuplicates += related
            guard let existing = try library.claim(entry(document, step)) else { return .claimed(.created) }
            // The same content re-imported to the same output (output deleted, or an interrupted
            // run) is written again; anything else (another worker claimed it meanwhile) is a duplicate.
            if existing.outputPath == step.relativeOutput { return .claimed(.existing) }
            return .duplicate(DuplicateRef(id: existing.id, title: existing.title, source: existing.sourceName,
                                           reason: .sameContent, kind: .exact, similarity: 1), outputPath: existing.outputPath)
        }
    }

    func entry(_ document: ImportedDocument, _ step: Step) -> LibraryEntry {
        LibraryEntry(id: document.id, title: document.title, titleKey: document.fingerprint.titleKey,
                     fingerprint: document.fingerprint.value, basis: document.fingerprint.basis,
                     sketch: document.fingerprint.sketch, sourceName: step.names.joined(separator: " + "),
                     outputPath: step.relativeOutput)
    }

    /// Step 5, for a duplicate: the document repeated may be in another output folder. The
    /// outcome names it by its absolute path (and id), and this folder gets a pointer to it (or a
    /// hard link), so that every output folder is whole.
    func recordDuplicate(of ref: DuplicateRef, outputPath: String?, _ document: ImportedDocument, _ step: Step) throws -> DocumentOutcome {
        guard let library = pipeline.library else { throw IngestError(.internalError, detail: "a duplicate without a library") }
        let existing = try library.writtenPaths(documentID: ref.id).first { Self.isNonEmptyFile(URL(fileURLWithPath: $0)) }
        try DuplicateOutput.write(ref, existing: existing, outputURL: step.outputURL, sources: step.names,
                                  mode: pipeline.config.output.duplicates)
        try library.setSourceState(sha256: step.key, pipelineVersion: Pipeline.version, target: step.target,
                                   state: SourceState(status: .duplicate, documentID: ref.id, outputPath: outputPath))
        var step = step
        return DocumentOutcome(status: .duplicate, sources: step.names, output: existing ?? outputPath, id: ref.id,
                               title: ref.title, readiness: document.readiness.status, duplicateOf: ref,
                               error: nil, warnings: document.sources.flatMap(\.warnings), milliseconds: step.clock.lap(), kind: step.kind)
    }

    /// Step 5: the outputs written (cover, hand-off, document, each atomic), then the document
    /// recorded as done in the library with its pending delivery, in one transaction. Pages that
    /// could not be read make the document partial: written (nothing read is lost), never handed
    /// on as if whole (SPEC §7), read again by the next run.
    func writeAndRecord(_ document: inout ImportedDocument, results: [SourceResult], claim: Claim, _ step: Step,
                        lap: inout Stopwatch) throws -> DocumentOutcome {
        let partial = Self.unreadPages(document).map { failure(partialWith: $0) }
        do {
            try writeOutputs(&document, results: results, outputURL: step.outputURL, lap: &lap, handsOff: partial == nil)
        } catch {
            if case .created = claim { try? pipeline.library?.release(id: document.id) }
            throw error
        }
        if let library = pipeline.library {
            // The HTTP or JSON Lines hand-off is recorded as pending with the document (one
            // transaction): the run's deliverer sends it, and a run killed before it did (or
            // whose reader went away) sends it next time.
            let delivery = Deliverer.usesOutbox(pipeline.config.sink) && document.readiness.status != .notReady && partial == nil
                ? PendingDelivery(key: DeliveryKey.of(id: document.id, revision: document.revision), documentID: document.id,
                                  revision: document.revision, outputDirectory: outputDirectory.path, outputPath: step.relativeOutput,
                                  channel: pipeline.config.sink.kind == .jsonl ? .jsonl : .http)
                : nil
            let claimed: Bool
            switch claim { case .created, .superseding: claimed = true; case .existing, .none: claimed = false }
            try library.record(entry(document, step), sources: [(step.key, Pipeline.version, step.target)], claimed: claimed,
                               readiness: document.readiness.status.rawValue, revision: document.revision, delivery: delivery)
            if partial != nil {
                try library.setSourceState(sha256: step.key, pipelineVersion: Pipeline.version, target: step.target,
                                           state: SourceState(status: .failed, documentID: document.id, outputPath: step.relativeOutput,
                                                              errorCode: ErrorCode.documentPartial.rawValue,
                                                              readiness: document.readiness.status.rawValue))
            }
        }
        var step = step
        var outcome = DocumentOutcome(status: partial == nil ? .succeeded : .partial, sources: step.names, output: step.relativeOutput,
                                      id: document.id, title: document.title, readiness: document.readiness.status, duplicateOf: nil,
                                      error: partial, warnings: document.sources.flatMap(\.warnings), milliseconds: step.clock.lap(),
                                      kind: step.kind)
        outcome.readinessReason = document.readiness.reason
        outcome.readinessMessage = document.readiness.message
        return outcome
    }

    /// The pages of `document` that could not be read (`PageRecord.failure`), as "3, 5–40" (with
    /// the source's name in a lesson of several); nil when every page was read.
    static func unreadPages(_ document: ImportedDocument) -> (count: Int, pages: String)? {
        var count = 0, parts: [String] = []
        for source in document.sources {
            let pages = (source.pages ?? []).filter { $0.failure != nil }.map(\.number)
            guard !pages.isEmpty else { continue }
            count += pages.count
            let list = PageRanges.text(pages)
            parts.append(document.sources.count > 1 ? "\(source.name) : \(list)" : list)
        }
        return count == 0 ? nil : (count, parts.joined(separator: " ; "))
    }


    func failure(partialWith unread: (count: Int, pages: String)) -> DocumentOutcome.Failure {
        let e = IngestError(.documentPartial, ["count": String(unread.count), "pages": unread.pages])
        return .init(code: e.code, message: e.message(pipeline.language))
    }

    /// Output: cover first, then hand-off (unless `handsOff` is false: a partial document), then
    /// the document, each atomically; the library records it as done only after all of them.
    func writeOutputs(_ document: inout ImportedDocument, results: [SourceResult], outputURL: URL, lap: inout Stopwatch,
                      handsOff: Bool = true) throws {
            if let cover = results.lazy.compactMap(\.extraction.cover).first {
                document.cover = try writeCover(cover, next: outputURL)
            }
            // Page images of an earlier reading can only be beside a document written before: a
            // first reading never lists its folder (once per document, 10,000 files written into
            // one folder would list it 10,000 times).
            let rewritten = Self.isNonEmptyFile(outputURL)
            let images = try writeVisionImages(&document, results: results, outputURL: outputURL)
            let figures = try writeFigureImages(&document, results: results, outputURL: outputURL)
            document.timings["write"] = lap.lap()
            // Reproducible: nothing of the clock in what is handed on or written (the outcome keeps
            // the time it took).
            if pipeline.config.output.reproducible {
                document.timings = [:]
                document.createdAt = Timestamp.reproducible()
            }
            // Hand-off before the document is written as done: a failed hand-off leaves nothing
            // behind. A document that is not ready is reported, never handed on (SPEC §5, §7).
            let sink = Sink(config: pipeline.config, lineOutput: pipeline.lineOutput)
            let handsOn = handsOff && document.readiness.status != .notReady
            if handsOn, pipeline.config.sink.kind != .sheet {
                try sink.handOff(document, outputURL: outputURL, recordsDelivery: pipeline.library != nil)
            }
            let pretty = pipeline.config.output.pretty
            if handsOn, pipeline.config.sink.kind == .sheet {
                // The study sheet is made on another core while the document is written; the
                // document is still renamed into place only after the sheet's files.
                let handed = document
                try OutputWriter.write(to: outputURL) { put in
                    try sink.handOffSheet(handed, outputURL: outputURL, cores: pipeline.cores) {
                        try StreamingJSONEncoder.encode(handed, pretty: pretty, output: put)
                    }
                }
            } else {
                try OutputWriter.write(to: outputURL) { put in try StreamingJSONEncoder.encode(document, pretty: pretty, output: put) }
            }
            DuplicateOutput.documentWritten(at: outputURL)
            if rewritten { Self.removeStaleVisionImages(beside: outputURL, keeping: images) }
            if rewritten { Self.removeStaleFigureImages(beside: outputURL, keeping: figures) }
    }

    /// The longest side of a page image for a vision model (SPEC §5).
    static let visionLongSide = 1600

    /// When the document is not ready, or short with text the extractors found thin (illegible
    /// writing, empty pages), its vision pages (at most `readiness.visionPageCap`) as JPEG files
    /// beside the document (`NAME.page-3.jpg`; `NAME.s2-page-3.jpg` in a lesson of several
    /// sources), named in `readiness.visionImages`. Returns the file names written.
    func writeVisionImages(_ document: inout ImportedDocument, results: [SourceResult], outputURL: URL) throws -> Set<String> {
        let readiness = document.readiness
        let thin = readiness.status == .notReady || (readiness.status == .short && results.contains { $0.extraction.thinTextReason != nil })
        guard thin else { return [] }
        let pairs = results.indices.flatMap { i in results[i].extraction.visionPages.map { (source: i, page: $0) } }
            .prefix(pipeline.config.readiness.visionPageCap)
        guard !pairs.isEmpty else { return [] }
        let stem = outputURL.deletingPathExtension().lastPathComponent
        let dir = outputURL.deletingLastPathComponent()
        var images: [VisionImage] = []
        for (source, page) in pairs {
            let input = results[source].read.input
            guard !input.files.isEmpty else { continue }
            // A group of photos: page N is the Nth file; a PDF or a multi-page TIFF: page N of it.
            let (file, filePage) = input.files.count > 1 && page <= input.files.count ? (input.files[page - 1], 1) : (input.files[0], page)
            let pictures = PagePictures(file: file, password: pipeline.password, pages: results[source].extraction.pageImages?.provider)
            guard let picture = pictures.jpeg(page: filePage, longSide: Self.visionLongSide, quality: 85) else { continue }
            let name = stem + (results.count > 1 ? ".s\(source + 1)-page-\(page).jpg" : ".page-\(page).jpg")
            try OutputWriter.write(picture.data, to: dir.appendingPathComponent(name, isDirectory: false))
            images.append(VisionImage(source: source, page: page, path: name, width: picture.width, height: picture.height,
                                      byteSize: picture.data.count))
        }
        document.readiness.visionImages = images.isEmpty ? nil : images
        return Set(images.map(\.path))
    }

    /// Removes page images an earlier run wrote for this document that this run did not write
    /// (the document became ready, or other pages are offered now).
    static func removeStaleVisionImages(beside outputURL: URL, keeping: Set<String>) {
        let stem = outputURL.deletingPathExtension().lastPathComponent
        let dir = outputURL.deletingLastPathComponent()
        guard let names = (try? FolderListing(path: dir.path))?.names else { return }
        for name in names where name.hasPrefix(stem + ".") && name.hasSuffix(".jpg") && !keeping.contains(name) {
            let middle = name.dropFirst(stem.count + 1).dropLast(4)   // "page-3" or "s2-page-3"
            let parts = middle.split(separator: "-")
            let isPage = (parts.count == 2 && parts[0] == "page" && Int(parts[1]) != nil)
                || (parts.count == 3 && parts[0].hasPrefix("s") && Int(parts[0].dropFirst()) != nil && parts[1] == "page" && Int(parts[2]) != nil)
            if isPage { unlink(dir.appendingPathComponent(name).path) }
        }
    }

    /// The readiness a document written at `url` records (nil when it cannot be read).
    static func readiness(_ url: URL) -> Readiness? {
        struct Written: Decodable { let readiness: Readiness }
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(Written.self, from: data).readiness
    }

    static func isNonEmptyFile(_ url: URL) -> Bool {
        var st = stat()
        return stat(url.path, &st) == 0 && st.st_size > 0
    }

    func writeCover(_ cover: CoverImage, next documentURL: URL) throws -> Cover {
        if cover.mimeType == "text/uri-list" {
            return Cover(origin: cover.origin, path: String(decoding: cover.data, as: UTF8.self), mimeType: "image/jpeg")
        }
        let ext: String
        switch cover.mimeType {
        case "image/png": ext = "png"
        case "image/webp": ext = "webp"
        case "image/gif": ext = "gif"
        default: ext = "jpg"
        }
        let url = documentURL.deletingPathExtension().appendingPathExtension("cover.\(ext)")
        try OutputWriter.write(cover.data, to: url)
        return Cover(origin: cover.origin, path: url.lastPathComponent, mimeType: cover.mimeType, byteSize: cover.data.count)
    }
}
