import Foundation
import IngestCore

/// What a duplicate leaves in the output folder, so that every output folder is whole (issue
/// 34): the document it repeats may live in another folder that nothing else names.
/// `pointer` (default): `NAME.duplicate.json`, naming that document — id, title, absolute path,
/// how it is a duplicate — with the sources that repeat it. `link` (`output.duplicates`): a hard
/// link `NAME.json` to that document; a pointer when no link can be made (another file system,
/// the document gone).
enum DuplicateOutput {
    /// The pointer's name beside `outputURL` (`NAME.json` → `NAME.duplicate.json`).
    static func pointerURL(beside outputURL: URL) -> URL {
        outputURL.deletingPathExtension().appendingPathExtension("duplicate.json")
    }

    /// What the pointer beside `outputURL` names, if there is one: a duplicate skipped on a re-run
    /// still says of what it is a duplicate.
    static func ref(beside outputURL: URL) -> DuplicateRef? {
        struct Pointer: Decodable { let duplicateOf: DuplicateRef }
        guard let data = try? Data(contentsOf: pointerURL(beside: outputURL)) else { return nil }
        return try? JSONDecoder().decode(Pointer.self, from: data).duplicateOf
    }

    /// Writes the pointer or the link for `ref`, atomically; returns the file written.
    @discardableResult
    static func write(_ ref: DuplicateRef, existing: String?, outputURL: URL, sources: [String],
                      mode: PipelineConfig.Output.Duplicates) throws -> URL {
        let pointer = pointerURL(beside: outputURL)
        if mode == .link, let existing, existing != outputURL.path {
            let temporary = outputURL.deletingLastPathComponent()
                .appendingPathComponent(".\(outputURL.lastPathComponent).link-\(getpid())", isDirectory: false)
            unlink(temporary.path)
            if link(existing, temporary.path) == 0 {
                if rename(temporary.path, outputURL.path) == 0 {
                    unlink(pointer.path)
                    removeCompanions(of: outputURL)
                    return outputURL
                }
                unlink(temporary.path)
            }
        }
        var repeated: [String: JSONValue] = [
            "id": .string(ref.id), "title": .string(ref.title), "source": .string(ref.source),
            "reason": .string(ref.reason.rawValue), "kind": .string(ref.kind.rawValue), "similarity": .double(ref.similarity),
        ]
        repeated["path"] = existing.map(JSONValue.string) ?? .null
        let body: JSONValue = .object(["duplicateOf": .object(repeated), "sources": .array(sources.map(JSONValue.string))])
        try OutputWriter.write(to: pointer) { put in try StreamingJSONEncoder.encode(body, pretty: true, output: put) }
        removeDocument(at: outputURL, unless: ref.id)
        return pointer
    }

    /// Whether a duplicate's output is in place beside `outputURL`: its pointer, or (link mode)
    /// `NAME.json` being the document repeated. A duplicate whose output is gone or was replaced
    /// by another document is not done: it is read again and its pointer written again.
    static func isWritten(beside outputURL: URL, documentID: String?) -> Bool {
        if FileManager.default.fileExists(atPath: pointerURL(beside: outputURL).path) { return true }
        guard let documentID, let data = try? Data(contentsOf: outputURL), let json = try? JSONValue.parse(data) else { return false }
        return json["id"]?.stringValue == documentID
    }

    /// A document is written where a pointer was (its content is now its own, or the document it
    /// repeated left the library): the pointer goes, so the folder does not say both.
    static func documentWritten(at outputURL: URL) {
        unlink(pointerURL(beside: outputURL).path)
    }

    /// A pointer is written where a document was (its source now repeats another document): the
    /// old document goes, with what was written beside it — unless it is the very document
    /// repeated (`id`), which is never removed.
    static func removeDocument(at outputURL: URL, unless id: String) {
        guard let data = try? Data(contentsOf: outputURL) else { return }
        if let json = try? JSONValue.parse(data), json["id"]?.stringValue == id { return }
        unlink(outputURL.path)
        removeCompanions(of: outputURL)
    }

    /// What a document's writing leaves beside `NAME.json`: its study sheet (`NAME.sheet.json`,
    /// `NAME.sheet.md`), its cover (`NAME.cover.EXT`), its page images (`NAME.page-N.jpg`).
    static func removeCompanions(of outputURL: URL) {
        let base = outputURL.deletingPathExtension()
        for ext in ["sheet.json", "sheet.md", "cover.jpg", "cover.png", "cover.webp", "cover.gif"] {
            unlink(base.appendingPathExtension(ext).path)
        }
        DocumentImporter.removeStaleVisionImages(beside: outputURL, keeping: [])
    }
}
