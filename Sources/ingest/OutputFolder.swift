import Foundation
import IngestCore

/// The output folder of a command: created if missing; a file in its place is a usage error.
enum OutputFolder {
    static func prepare(_ path: String, language: MessageLanguage) -> URL? {
        let out = URL(fileURLWithPath: ConfigLoading.expandPath(path, out: nil)).standardizedFileURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: out.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            Terminal.error("ingest: " + IngestError(.outputNotDirectory, ["path": out.path]).message(language))
            return nil
        }
        do { try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true) } catch {
            Terminal.error("ingest: " + IngestError(.writeFailed, ["path": out.path]).message(language) + " (\(error.localizedDescription))")
            return nil
        }
        return out
    }
}
