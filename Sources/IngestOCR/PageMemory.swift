import CTesseract

/// Hands the memory a recognised page freed back to the system. A page leaves behind its gray
/// image (8 MB at 300 dpi), Tesseract's copies of it and the line images of its recognition;
/// glibc raises its mmap threshold after the first large free, so later pages' buffers come from
/// the worker thread's heap arena and stay resident once freed — ≈ 30 MB per engine in use,
/// measured on a 300-dpi scan (bench/ocr/RESULTS.md). A trim costs about a millisecond against
/// the page's second of recognition.
enum PageMemory {
    static func releaseFreedPages() {
        _ = malloc_trim(0)
    }
}
