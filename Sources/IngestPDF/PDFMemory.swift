import CPoppler

/// Returns to the system the memory poppler and the page threads freed. After a long document's
/// page walk, glibc keeps the freed pages of the document's object caches and of the extra page
/// thread's arena; the blocks and JSON built next would otherwise come on top of them in the
/// process's peak (≈3 MB on a 585-page book). A few hundred microseconds per document.
enum PDFMemory {
    static func releaseFreedPages() {
        _ = malloc_trim(0)
    }
}
