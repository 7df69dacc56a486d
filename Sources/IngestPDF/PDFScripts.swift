import CPopplerPaths
import Foundation

/// Whether a PDF holds JavaScript (`pdf.javascriptIgnored`, metadata `hasJavaScript`), poppler's
/// answer (`poppler_document_has_javascript`) asked in two parts: what lies outside the pages, of
/// the facts' document, and each page's own, of the page the walk has loaded. Poppler's scan loads
/// every page and its annotations once more (gnuplot.pdf: 0.30 G instructions); the walk has loaded
/// each page's annotations already (`annotationLines`), so asking a page there costs next to nothing.
enum PDFScripts {
    /// What is known of a document's scripts once its facts are read.
    enum Facts: Sendable, Equatable {
        /// The answer, whatever the pages hold.
        case known(Bool)
        /// None outside the pages: the pages decide.
        case askPages
    }

    /// The facts' part: poppler's whole answer when the part outside the pages cannot be asked.
    /// When none is found outside them, every page is loaded here, outside the walk's count of
    /// poppler's log lines, as poppler's scan loaded them before it asked them: a page whose
    /// dictionary poppler complains about does not make the document "repaired" because the
    /// scan no longer loads it (and the walk's copy reads its loaded pages, as it did).
    static func facts(_ document: PopplerDocumentRef) -> Facts {
        switch document.scriptsOutsidePages {
        case true?: return .known(true)
        case false?:
            _ = ingest_document_load_pages(UnsafeMutableRawPointer(document.handle))
            document.pagesLoadedByFacts = true
            return .askPages
        case nil: return .known(document.hasJavaScript)
        }
    }

    /// The answer: the facts', else whether a page read holds one; `unasked` (poppler's whole scan,
    /// run only then) when a page could not be asked. A page poppler cannot load is not asked (nor
    /// does poppler's scan ask it).
    static func answer(_ facts: Facts, pages: [PDFExtractor.PageData?], unasked: () -> Bool) -> Bool {
        if case .known(let found) = facts { return found }
        if pages.contains(where: { $0?.scripts == true }) { return true }
        return pages.contains(where: { $0 != nil && $0!.scripts == nil }) ? unasked() : false
    }
}

extension PopplerDocumentRef {
    /// Whether the document holds JavaScript outside its pages (named scripts, the document's
    /// actions, its form fields' actions: `CPopplerScripts`); nil when it could not be asked.
    var scriptsOutsidePages: Bool? {
        switch ingest_document_scripts_outside_pages(UnsafeMutableRawPointer(handle)) {
        case INGEST_SCRIPTS_FOUND: true
        case INGEST_SCRIPTS_NONE: false
        default: nil
        }
    }
}

extension PopplerPageRef {
    /// Whether the page's scripts are asked before it is read (`PDFExtractor.readInWalk`): on the
    /// facts' document once they loaded its pages, where poppler's scan had built every page's
    /// annotations out of the count; on another copy, after, where the page's reading builds
    /// them (what poppler logs then counts, as it did: a form's `SubType on non-terminal field`).
    var scriptsAskedFirst: Bool { document.pagesLoadedByFacts }

    /// Whether the page's own actions or its annotations' hold JavaScript; nil when it could not
    /// be asked. What poppler logs meanwhile is not the page's reading: asked first on the facts'
    /// document, its annotations are built here (`Bad bounding box for annotation` counted no
    /// repair when poppler's scan built them there).
    var scripts: Bool? {
        let (found, _) = PopplerLog.capture { ingest_page_scripts(UnsafeMutableRawPointer(handle), UnsafeMutableRawPointer(document.handle)) }
        switch found {
        case INGEST_SCRIPTS_FOUND: return true
        case INGEST_SCRIPTS_NONE: return false
        default: return nil
        }
    }
}
