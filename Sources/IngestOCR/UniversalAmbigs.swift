import CTesseract
import Foundation

/// Tesseract's universal ambiguities, which only its legacy engine reads, left unbuilt when an
/// engine starts with LSTM-only languages (universal_ambigs.c): building them is 85 % of starting
/// a fra+eng engine, ≈ 0.2 s of CPU for every recogniser of every run (issue 38).
enum UniversalAmbigs {
    /// Whether every language of `languages` is LSTM-only: its traineddata holds the LSTM network
    /// and no classifier templates for the legacy engine (Debian's tessdata_fast files), so
    /// Tesseract runs it LSTM-only (`OEM_DEFAULT`) and never reads the ambiguities. False for a
    /// file not read here (Tesseract then reports it as it does).
    static func unused(by languages: String, dataPath: String?) -> Bool {
        let codes = TessData.split(languages)
        return !codes.isEmpty && codes.allSatisfy { lstmOnly(file: (dataPath ?? TessData.defaultPath) + "/\($0).traineddata") }
    }

    /// The components of a traineddata file present by its offset table (tessdatamanager.cpp: a
    /// little-endian count, then one 64-bit offset per component, -1 when absent): the legacy
    /// engine's classifier templates (`TESSDATA_INTTEMP`, 3) absent, the LSTM network (17) present.
    static func lstmOnly(file: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file) else { return false }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 4 + 8 * 24), head.count >= 4 else { return false }
        let bytes = [UInt8](head)
        func int(_ at: Int, _ size: Int) -> Int64? {
            guard at + size <= bytes.count else { return nil }
            var v: UInt64 = 0
            for i in (0..<size).reversed() { v = v << 8 | UInt64(bytes[at + i]) }
            return size == 4 ? Int64(Int32(truncatingIfNeeded: v)) : Int64(bitPattern: v)
        }
        guard let count = int(0, 4), count > 17, let templates = int(4 + 8 * 3, 8), let lstm = int(4 + 8 * 17, 8) else { return false }
        return templates < 0 && lstm > 0
    }

    /// `body` (an engine's Init) with the universal ambiguities left unbuilt on this thread when `skip`.
    static func withSkipped<T>(_ skip: Bool, _ body: () -> T) -> T {
        guard skip else { return body() }
        ingest_tesseract_skip_universal_ambigs(1)
        defer { ingest_tesseract_skip_universal_ambigs(0) }
        return body()
    }
}
