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

    /// Imports one unit: skip check, extraction, document, library, output, hand-off.
    public func process(_ unit: ImportUnit, stage: (Stage) -> Void = { _ in }) -> DocumentOutcome {
        var clock = Stopwatch()
        var kind: String?
        let names = unit.sources.map(\.name)
        // A file, said so: the one-argument form asks the file system whether it is a folder.
        let outputURL = outputDirectory.appendingPathComponent(unit.outputName + ".json", isDirectory: false)
        let relativeOutput = unit.outputName + ".json"
        // Re-runs are decided per source bytes AND output: the same bytes under another name are
        // a duplicate to report, not a document to skip.
        let target = outputDirectory.path + "\n" + relativeOutput
        func failed(_ e: IngestError, warnings: [Warning] = []) -> DocumentOutcome {
            var outcome = DocumentOutcome.failure(sources: names, e, language: pipeline.language, source: e.arguments["source"],
                                                  warnings: warnings, milliseconds: clock.lap())
            outcome.kind = kind
            return outcome
        }
        do {
            stage(.read)
            let reads = try pipeline.read(unit.sources)
            let readTime = clock.lap()
            kind = reads.map(\.input.kind.rawValue).joined(separator: "+")
            let key = reads.count == 1 ? reads[0].sha256
                : SHA256Digest.hex(of: Data(reads.map(\.sha256).joined(separator: "\n").utf8))
            if skipsDone, let state = try pipeline.library?.sourceState(sha256: key, pipelineVersion: Pipeline.version, target: target),
               state.status != .failed,
               state.status == .duplicate ? DuplicateOutput.isWritten(beside: outputURL, documentID: state.documentID)
                   : state.outputPath.map({ Self.isNonEmptyFile(outputDirectory.appendingPathComponent($0)) }) == true {
                // A duplicate skipped keeps saying of what (the pointer it left names it), a document
                // not ready why (its readiness, read from the document written).
                let duplicateOf = state.status == .duplicate ? DuplicateOutput.ref(beside: outputURL) : nil
                let readiness = state.readiness.flatMap(Readiness.Status.init(rawValue:))
                var skipped = DocumentOutcome(status: .skipped, sources: names, output: state.outputPath, id: state.documentID,
                                              title: nil, readiness: readiness, duplicateOf: duplicateOf, error: nil, warnings: [],
                                              milliseconds: clock.lap() + readTime, kind: kind)
                if readiness != nil && readiness != .ready, let written = state.outputPath.flatMap({ Self.readiness(outputDirectory.appendingPathComponent($0)) }) {
                    skipped.readinessReason = written.reason
                    skipped.readinessMessage = written.message(pipeline.language)
                }
                return skipped
            }
            // The subject is guessed once the document is known not to be a duplicate (below).
            var (document, results) = try pipeline.document(from: reads, readTime: readTime, lessonTitle: unit.title,
                                                            guessesSubject: false, stage: stage)
            stage(.library)
            var lap = Stopwatch()
            let warnings = document.sources.flatMap(\.warnings)

            // The same output written before with other content (its source was edited): the new
            // document supersedes the old one — same id, next revision — unless the new content is
            // already another document (then it is a duplicate of that one, below).
            var superseding = false
            if let library = pipeline.library, let previous = try library.revision(target: target) {
                if previous.fingerprint == document.fingerprint.value {
                    document.revision = previous.revision
                } else if try library.document(withFingerprint: document.fingerprint.value).map({ $0.id == previous.documentID }) ?? true {
                    document.id = previous.documentID
                    document.revision = previous.revision + 1
                    superseding = true
                }
            }

            // Claim the document in the library before writing anything: two workers (or a batch
            // and a watcher) importing the same content cannot both create it.
            let entry = LibraryEntry(id: document.id, title: document.title, titleKey: document.fingerprint.titleKey,
                                     fingerprint: document.fingerprint.value, basis: document.fingerprint.basis,
                                     sketch: document.fingerprint.sketch, sourceName: names.joined(separator: " + "),
                                     outputPath: relativeOutput)
            var claimed = false
            if superseding, let library = pipeline.library {
                try library.supersede(entry)
                claimed = true
            } else if let library = pipeline.library {
                let settings = pipeline.config.library
                let sketch = document.fingerprint.sketch
                func relation(_ overlap: SketchOverlap) -> DuplicateRef.Kind {
                    DuplicateKind.of(overlap, near: settings.nearDuplicateThreshold, revision: settings.revisionThreshold)
                }
                func duplicate(of ref: DuplicateRef, outputPath: String?) throws -> DocumentOutcome {
                    // The document repeated may be in another output folder: the outcome names it
                    // by its absolute path (and id), and this folder gets a pointer to it (or a
                    // hard link), so that every output folder is whole.
                    let existing = try library.writtenPaths(documentID: ref.id).first { Self.isNonEmptyFile(URL(fileURLWithPath: $0)) }
                    try DuplicateOutput.write(ref, existing: existing, outputURL: outputURL, sources: names,
                                              mode: pipeline.config.output.duplicates)
                    try library.setSourceState(sha256: key, pipelineVersion: Pipeline.version, target: target,
                                               state: SourceState(status: .duplicate, documentID: ref.id, outputPath: outputPath))
                    return DocumentOutcome(status: .duplicate, sources: names, output: existing ?? outputPath, id: ref.id,
                                           title: ref.title, readiness: document.readiness.status, duplicateOf: ref,
                                           error: nil, warnings: warnings, milliseconds: clock.lap(), kind: kind)
                }
                // SPEC §6, in order: the same content key (exact), then the same text read with
                // noise or through another format (near: a duplicate too), then what is only
                // related (a revision, a same title), listed in the document.
                if let existing = try library.document(withFingerprint: document.fingerprint.value), existing.outputPath != relativeOutput {
                    return try duplicate(of: DuplicateRef(id: existing.id, title: existing.title, source: existing.sourceName,
                                                          reason: .sameContent, kind: .exact, similarity: 1),
                                         outputPath: existing.outputPath)
                }
                // Each id comes once from the library, the most similar first.
                let near = try library.nearDuplicateList(of: sketch, threshold: min(settings.revisionThreshold, settings.nearDuplicateThreshold),
                                                         excluding: document.id, limit: settings.maxNearDuplicates)
                if let best = near.first(where: { relation($0.overlap) == .near }), best.outputPath != relativeOutput {
                    return try duplicate(of: DuplicateRef(id: best.id, title: best.title, source: best.sourceName, reason: .nearDuplicate,
                                                          kind: .near, similarity: DuplicateKind.rounded(best.similarity)),
                                         outputPath: best.outputPath)
                }
                // Same-title ids, as a set: a repetitive corpus has hundreds of near-duplicates per
                // document, and a linear search of the list per candidate made this quadratic.
                var listed = Set<String>()
                for same in try library.documents(withTitleKey: document.fingerprint.titleKey) where same.id != document.id {
                    let overlap = SketchOverlap(sketch, same.sketch)
                    document.possibleDuplicates.append(DuplicateRef(id: same.id, title: same.title, source: same.sourceName,
                                                                    reason: .sameTitle, kind: relation(overlap),
                                                                    similarity: DuplicateKind.rounded(overlap.jaccard)))
                    listed.insert(same.id)
                }
                document.possibleDuplicates.reserveCapacity(document.possibleDuplicates.count + near.count)
                for n in near where listed.isEmpty || !listed.contains(n.id) {
                    let k = relation(n.overlap)
                    document.possibleDuplicates.append(DuplicateRef(id: n.id, title: n.title, source: n.sourceName,
                                                                    reason: k == .near ? .nearDuplicate : .revision, kind: k,
                                                                    similarity: DuplicateKind.rounded(n.similarity)))
                }
                if let existing = try library.claim(entry) {
                    // The same content re-imported to the same output (output deleted, or an
                    // interrupted run) is written again; anything else (another worker claimed
                    // it meanwhile) is a duplicate.
                    if existing.outputPath != relativeOutput {
                        return try duplicate(of: DuplicateRef(id: existing.id, title: existing.title, source: existing.sourceName,
                                                              reason: .sameContent, kind: .exact, similarity: 1),
                                             outputPath: existing.outputPath)
                    }
                } else {
                    claimed = true
                }
            }
            document.timings["library"] = lap.lap()
            document.subject = DocumentBuilder.guessSubject(document)
            document.timings["build", default: 0] += lap.lap()
            // Pages that could not be read make the document partial: written (nothing read is
            // lost), never handed on as if whole (SPEC §7), read again by the next run.
            let partial = Self.unreadPages(document).map { failure(partialWith: $0) }
            stage(.write)
            do {
                try writeOutputs(&document, results: results, outputURL: outputURL, lap: &lap, handsOff: partial == nil)
            } catch {
                if claimed && !superseding { try? pipeline.library?.release(id: document.id) }
                throw error
            }
            if let library = pipeline.library {
                // The HTTP or JSON Lines hand-off is recorded as pending with the document (one
                // transaction): the run's deliverer sends it, and a run killed before it did (or
                // whose reader went away) sends it next time.
                let delivery = Deliverer.usesOutbox(pipeline.config.sink) && document.readiness.status != .notReady && partial == nil
                    ? PendingDelivery(key: DeliveryKey.of(id: document.id, revision: document.revision), documentID: document.id,
                                      revision: document.revision, outputDirectory: outputDirectory.path, outputPath: relativeOutput,
                                      channel: pipeline.config.sink.kind == .jsonl ? .jsonl : .http)
                    : nil
                try library.record(entry, sources: [(key, Pipeline.version, target)], claimed: claimed,
                                   readiness: document.readiness.status.rawValue, revision: document.revision, delivery: delivery)
                if partial != nil {
                    try library.setSourceState(sha256: key, pipelineVersion: Pipeline.version, target: target,
                                               state: SourceState(status: .failed, documentID: document.id, outputPath: relativeOutput,
                                                                  errorCode: ErrorCode.documentPartial.rawValue,
                                                                  readiness: document.readiness.status.rawValue))
                }
            }
            var outcome = DocumentOutcome(status: partial == nil ? .succeeded : .partial, sources: names, output: relativeOutput, id: document.id,
                                          title: document.title, readiness: document.readiness.status, duplicateOf: nil,
                                          error: partial, warnings: warnings, milliseconds: clock.lap(), kind: kind)
            outcome.readinessReason = document.readiness.reason
            outcome.readinessMessage = document.readiness.message
            return outcome
        } catch {
            return failed(IngestError.wrap(error))
        }
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
            document.timings["write"] = lap.lap()
            // Reproducible: nothing of the clock in what is handed on or written (the outcome keeps
            // the time it took).
            if pipeline.config.output.reproducible {
                document.timings = [:]
                document.createdAt = Timestamp.reproducible()
            }
            // Hand-off before the document is written as done: a failed hand-off leaves nothing
            // behind. A document that is not ready is reported, never handed on (SPEC §5, §7).
            if handsOff, document.readiness.status != .notReady {
                try Sink(config: pipeline.config, lineOutput: pipeline.lineOutput)
                    .handOff(document, outputURL: outputURL, recordsDelivery: pipeline.library != nil)
            }
            let pretty = pipeline.config.output.pretty
            try OutputWriter.write(to: outputURL) { put in try StreamingJSONEncoder.encode(document, pretty: pretty, output: put) }
            DuplicateOutput.documentWritten(at: outputURL)
            if rewritten { Self.removeStaleVisionImages(beside: outputURL, keeping: images) }
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
            guard let picture = PagePreview.picture(of: file, page: filePage, longSide: Self.visionLongSide, format: .jpeg(quality: 85)) else { continue }
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
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return }
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
