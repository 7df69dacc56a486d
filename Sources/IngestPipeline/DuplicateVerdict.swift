import IngestCore
import IngestStore

/// What the library says of a document just built (SPEC §6), decided from what it holds
/// (`Facts`, read first) by a pure function: the same facts give the same verdict, which tests can
/// check without a library.
enum DuplicateVerdict: Equatable {
    /// A document of its own, new or written again to the same output: its revision, and the
    /// imports it is only related to (a revision, the same title), listed in the document.
    case document(revision: Int, possibleDuplicates: [DuplicateRef])
    /// The same output written before with other content (its source was edited): it keeps the
    /// earlier document's id and takes the next revision.
    case supersedes(id: String, revision: Int)
    /// Content the library has already: the document it repeats, and where that one was written.
    case duplicate(DuplicateRef, outputPath: String?)

    /// What the library holds that bears on one document.
    struct Facts {
        /// The document last written to this output, if any.
        var previous: (documentID: String, revision: Int, fingerprint: String)?
        /// The document with exactly this fingerprint, if any.
        var sameFingerprint: LibraryEntry?
        /// Imports whose sketches overlap this one's, the most similar first.
        var near: [Library.NearDuplicate]
        /// Imports with the same title key (their sketches compared here).
        var sameTitle: [LibraryEntry]
    }

    /// The facts the verdict needs, read from `library`.
    static func facts(for document: ImportedDocument, target: String, in library: Library,
                      settings: PipelineConfig.Library) throws -> Facts {
        try Facts(previous: library.revision(target: target),
                  sameFingerprint: library.document(withFingerprint: document.fingerprint.value),
                  near: library.nearDuplicateList(of: document.fingerprint.sketch,
                                                  threshold: min(settings.revisionThreshold, settings.nearDuplicateThreshold),
                                                  excluding: document.id, limit: settings.maxNearDuplicates),
                  sameTitle: library.documents(withTitleKey: document.fingerprint.titleKey))
    }

    /// SPEC §6, in order: the same output with other content supersedes what it held (unless that
    /// content is another document); then the same content key (exact), then the same text read
    /// with noise or through another format (near: a duplicate too); what is only related (a
    /// revision, a same title) is listed. `output` is this document's output path (relative to
    /// its folder): a match written there is this very document, not a duplicate of it.
    static func decide(_ document: ImportedDocument, output: String, facts: Facts, settings: PipelineConfig.Library) -> DuplicateVerdict {
        var revision = document.revision
        if let previous = facts.previous {
            if previous.fingerprint == document.fingerprint.value {
                revision = previous.revision
            } else if facts.sameFingerprint.map({ $0.id == previous.documentID }) ?? true {
                return .supersedes(id: previous.documentID, revision: previous.revision + 1)
            }
        }
        if let existing = facts.sameFingerprint, existing.outputPath != output {
            return .duplicate(.init(id: existing.id, title: existing.title, source: existing.sourceName, reason: .sameContent,
                                    kind: .exact, similarity: 1), outputPath: existing.outputPath)
        }
        func relation(_ overlap: SketchOverlap) -> DuplicateRef.Kind {
            DuplicateKind.of(overlap, near: settings.nearDuplicateThreshold, revision: settings.revisionThreshold)
        }
        if let best = facts.near.first(where: { relation($0.overlap) == .near }), best.outputPath != output {
            return .duplicate(.init(id: best.id, title: best.title, source: best.sourceName, reason: .nearDuplicate, kind: .near,
                                    similarity: DuplicateKind.rounded(best.similarity)), outputPath: best.outputPath)
        }
        // Same-title ids as a set: a repetitive corpus has hundreds of near-duplicates per
        // document, and a linear search of the list per candidate made this quadratic.
        var related: [DuplicateRef] = []
        var listed = Set<String>()
        for same in facts.sameTitle where same.id != document.id {
            let overlap = SketchOverlap(document.fingerprint.sketch, same.sketch)
            related.append(.init(id: same.id, title: same.title, source: same.sourceName, reason: .sameTitle,
                                 kind: relation(overlap), similarity: DuplicateKind.rounded(overlap.jaccard)))
            listed.insert(same.id)
        }
        for n in facts.near where listed.isEmpty || !listed.contains(n.id) {
            let kind = relation(n.overlap)
            related.append(.init(id: n.id, title: n.title, source: n.sourceName, reason: kind == .near ? .nearDuplicate : .revision,
                                 kind: kind, similarity: DuplicateKind.rounded(n.similarity)))
        }
        return .document(revision: revision, possibleDuplicates: related)
    }
}
