import Foundation
import IngestCore
import IngestZip

/// What every ZIP-based reader (.docx, .pptx, ODF, EPUB) shares: the archive opened under the
/// configured bomb limits, and companion parts read so that a damaged one becomes a warning while a
/// refusal that protects the machine (entity expansion, ZIP bomb, time limit) still stops the document.
enum PartReading {
    static func open(_ input: SourceInput, _ context: ExtractionContext) throws -> ZipArchive {
        try OfficeRefusal.refuseOLE2(input.url)
        let limits = ZipLimits(maxUncompressedBytes: context.config.limits.zipMaxUncompressedBytes,
                               maxRatio: context.config.limits.zipMaxRatio,
                               maxEntries: context.config.limits.zipMaxEntries)
        return try ZipArchive(url: input.url, limits: limits)
    }

    static let fatal: Set<ErrorCode> = [.officeEntityExpansion, .zipBombSize, .zipBombRatio, .zipBombEntries, .timeout]

    /// Runs `body`; a non-fatal `IngestError` becomes an `office.partSkipped` warning and nil.
    static func optional<T>(_ warnings: inout [Warning], _ context: ExtractionContext, _ part: String,
                            _ body: () throws -> T) throws -> T? {
        do { return try body() } catch let e as IngestError {
            if fatal.contains(e.code) { throw e }
            warnings.append(context.warning(.officePartSkipped, ["part": part, "reason": e.message(context.language)]))
            return nil
        }
    }

    /// The thin-text reason of a document that holds pictures but (almost) no text.
    static func thinText(_ blocks: [Block], images: Int, _ context: ExtractionContext) -> ErrorCode? {
        let threshold = context.config.readiness.notReadyBelow
        var characters = 0
        for b in blocks where characters < threshold { characters += b.text.unicodeScalars.count }
        return characters < threshold && images > 0 ? .officeImageOnly : nil
    }
}

/// Collects one paragraph's text as UTF-8 bytes while it streams by.
struct TextBuffer {
    private(set) var bytes: [UInt8] = []
    var isEmpty: Bool { bytes.isEmpty }
    mutating func append(_ text: UnsafeRawBufferPointer) { bytes.append(contentsOf: text) }
    mutating func append(_ s: String) { bytes.append(contentsOf: s.utf8) }
    /// Character data where a line end is only white space (ODF, XHTML): it never breaks the line.
    mutating func appendFlowing(_ text: UnsafeRawBufferPointer) {
        for c in text { bytes.append(c == 0x0A || c == 0x0D || c == 0x09 ? 0x20 : c) }
    }
    mutating func append(byte: UInt8) { bytes.append(byte) }
    mutating func reset() { bytes.removeAll(keepingCapacity: true) }
    var count: Int { bytes.count }
    /// Replaces the bytes from `offset` on with `transform` of their text (a span set raised or lowered).
    mutating func rewriteTail(from offset: Int, _ transform: (String) -> String) {
        guard offset < bytes.count else { return }
        let tail = String(decoding: bytes[offset...], as: UTF8.self)
        bytes.removeSubrange(offset...)
        bytes.append(contentsOf: transform(tail).utf8)
    }

    /// The text with runs of white space collapsed to one space (line breaks kept) and trimmed.
    func take() -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var space = false
        for c in bytes {
            if c == 0x0A {
                while out.last == 0x20 { out.removeLast() }
                if !out.isEmpty && out.last != 0x0A { out.append(0x0A) }
                space = false
            } else if c == 0x20 || c == 0x09 || c == 0x0D {
                space = true
            } else {
                if space && !out.isEmpty && out.last != 0x0A { out.append(0x20) }
                space = false
                out.append(c)
            }
        }
        while out.last == 0x0A || out.last == 0x20 { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }
}

/// A table as text: one line per row, cells separated by " | " (as for .docx).
enum TableText {
    static func render(_ rows: [[TableCell]]) -> String { DocumentHandler.render(rows) }
}
