import CHeif
import CTesseract
import IngestCore

/// The C libraries of OCR are not linked: CTesseract and CHeif open them with dlopen on first
/// use, so converting a text file or a PDF with a text layer never maps them (nor the ≈45
/// libraries they pull in). Every entry point checks here first, so a machine without one gets
/// a named error with the package to install — never a call through a missing function.
enum OCRLibraries {
    /// libtesseract.so.5 and the leptonica it was built with (libleptonica.so.6 or liblept.so.5;
    /// images are decoded by leptonica, then recognised), both at least `minimum`'s versions.
    static func requireTesseract() throws {
        guard ingest_tesseract_load() == 1 else {
            let library = ingest_tesseract_failed_library().map { String(cString: $0) } ?? "libtesseract.so.5"
            throw IngestError(.ocrEngineUnavailable, ["library": library, "package": package(of: library)],
                              detail: String(cString: ingest_tesseract_error()))
        }
        if let tooOld = versionCheck { throw tooOld }
    }

    /// The oldest versions read here: Tesseract 5's C API (TessBaseAPIInit4, the LSTM engine), and
    /// the leptonica Tesseract 5 itself requires (its configure checks `lept >= 1.74`).
    static let minimum = (tesseract: LibraryVersion(5, 0, 0), leptonica: LibraryVersion(1, 74, 0))

    /// Checked once per process, on the first OCR (the libraries are opened then, not at start).
    private static let versionCheck: IngestError? = {
        let found = [("libtesseract.so.5", String(cString: ingest_tesseract_version()), minimum.tesseract),
                     ("leptonica", String(cString: ingest_leptonica_version()), minimum.leptonica)]
        for (library, text, needed) in found {
            guard let version = LibraryVersion(parsing: text), version < needed else { continue }
            return IngestError(.ocrEngineTooOld, ["library": library, "version": version.description,
                                                   "minimum": needed.description, "package": package(of: library)])
        }
        return nil
    }()

    static func package(of library: String) -> String {
        switch library {
        // A leptonica older than the minimum is necessarily liblept.so.5 (1.83 became .so.6).
        case "liblept.so.5", "leptonica": return "liblept5"
        case "libleptonica.so.6": return "libleptonica6"
        default: return "libtesseract5"
        }
    }

    /// libheif.so.1, for HEIC/HEIF/AVIF photos only.
    static func requireHEIF() throws {
        guard ingest_heif_load() != 1 else { return }
        throw IngestError(.ocrHeifUnavailable, ["library": "libheif.so.1", "package": "libheif1"],
                          detail: String(cString: ingest_heif_error()))
    }
}

/// A C library's version as it prints it (`5.3.0`, `leptonica-1.82.0`, `5.0.0-alpha-20201231`):
/// the first three numbers after any name.
struct LibraryVersion: Comparable, CustomStringConvertible, Sendable {
    let parts: [Int]

    init(_ major: Int, _ minor: Int, _ patch: Int) { parts = [major, minor, patch] }

    init?(parsing text: String) {
        guard let start = text.firstIndex(where: \.isNumber) else { return nil }
        let numbers = text[start...].prefix { $0.isNumber || $0 == "." }.split(separator: ".").prefix(3)
        let parsed = numbers.compactMap { Int($0) }
        guard !parsed.isEmpty, parsed.count == numbers.count else { return nil }
        parts = parsed + Array(repeating: 0, count: 3 - parsed.count)
    }

    static func < (a: LibraryVersion, b: LibraryVersion) -> Bool { a.parts.lexicographicallyPrecedes(b.parts) }
    var description: String { parts.map(String.init).joined(separator: ".") }
}
