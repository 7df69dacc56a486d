import CHeif
import CTesseract
import IngestCore

/// The C libraries of OCR are not linked: CTesseract and CHeif open them with dlopen on first
/// use, so converting a text file or a PDF with a text layer never maps them (nor the ≈45
/// libraries they pull in). Every entry point checks here first, so a machine without one gets
/// a named error with the package to install — never a call through a missing function.
enum OCRLibraries {
    /// libtesseract.so.5 and liblept.so.5 (images are decoded by leptonica, then recognised).
    static func requireTesseract() throws {
        guard ingest_tesseract_load() != 1 else { return }
        let library = ingest_tesseract_failed_library().map { String(cString: $0) } ?? "libtesseract.so.5"
        throw IngestError(.ocrEngineUnavailable,
                          ["library": library, "package": library.hasPrefix("liblept") ? "liblept5" : "libtesseract5"],
                          detail: String(cString: ingest_tesseract_error()))
    }

    /// libheif.so.1, for HEIC/HEIF/AVIF photos only.
    static func requireHEIF() throws {
        guard ingest_heif_load() != 1 else { return }
        throw IngestError(.ocrHeifUnavailable, ["library": "libheif.so.1", "package": "libheif1"],
                          detail: String(cString: ingest_heif_error()))
    }
}
