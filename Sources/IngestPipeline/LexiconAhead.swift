import Foundation
import IngestStudySheet

/// The study sheet's lexicon (`Lexicon.shared`: WordNet's indexes and the French dictionary, ≈ 0.1 s
/// of CPU) read on another thread from the end of a PDF's page walk (`WordLookAhead.pagesRead`),
/// or once another source is extracted, while the rest is assembled and the document built (and a
/// scan recognised), so the sheet made after it does not wait for it: on a 311-page manual it was
/// read after everything else, alone on the wall's serial tail (bench/born-digital/RESULTS.md);
/// started at the extraction's end, the sheet still waited for it.
/// Not during the walk: read beside it, it took a core from the walk and added its ≈ 13 MB to the
/// walk's peak of memory. Started once per process; a sheet asking before it is read waits for the
/// same reading (a `static let` is initialised once).
enum LexiconAhead {
    private static let started: Void = Thread.detachNewThread { _ = Lexicon.shared }

    static func start() { _ = started }
}
