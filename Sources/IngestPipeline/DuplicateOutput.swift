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
        return pointer
    }
}
