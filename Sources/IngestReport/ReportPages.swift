import Foundation
import IngestCore

/// The page images of a report, as files in a folder beside it (`qa.html` → `qa.pages/`), which
/// the page shows with `loading="lazy"`: a 30-page scan or a corpus of 300 pages would otherwise
/// be megabytes of base64 parsed before the table shows, and every picture decoded whether
/// scrolled to or not. The folder is written under a temporary name and put in place when the
/// report is, replacing the previous report's folder.
final class ReportPages {
    private let target: URL
    private let temporary: URL
    private var created = false
    /// The folder's name as a relative URL from the report (percent-encoded).
    let reference: String

    init(report: URL) {
        let folder = report.deletingLastPathComponent()
        let stem = report.pathExtension.isEmpty ? report.lastPathComponent : report.deletingPathExtension().lastPathComponent
        target = folder.appendingPathComponent(stem + ".pages", isDirectory: true)
        temporary = folder.appendingPathComponent(
            ".\(stem).pages.\(getpid()).\(UInt32.random(in: 0...UInt32.max)).ingest-tmp", isDirectory: true)
        // Only unreserved characters stay as they are: a `:` would start a scheme, `#` a fragment.
        var unreserved = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(0x7F)))
        unreserved.insert(charactersIn: "-._~")
        reference = (stem + ".pages").addingPercentEncoding(withAllowedCharacters: unreserved) ?? "pages"
    }

    deinit { abandon() }

    /// Writes `data` as `name` in the folder; returns its address relative to the report.
    func put(_ data: Data, name: String) throws -> String {
        if !created {
            do {
                try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
            } catch {
                throw IngestError(.writeFailed, ["path": target.path], detail: "\(error)")
            }
            created = true
        }
        do {
            try data.write(to: temporary.appendingPathComponent(name))
        } catch {
            throw IngestError(.writeFailed, ["path": target.appendingPathComponent(name).path], detail: "\(error)")
        }
        return reference + "/" + name
    }

    private var previous: URL?
    private var placed = false

    /// Puts the folder in place of the previous report's, which is kept aside until `finish`
    /// (or put back by `rollback` if the report itself cannot be put in place). A report without
    /// images leaves no folder, and sets aside the previous one only when it holds nothing but
    /// page images of ours.
    func commit() throws {
        let fm = FileManager.default
        if fm.fileExists(atPath: target.path), Self.holdsOnlyPages(target) {
            let old = target.deletingLastPathComponent().appendingPathComponent(
                ".\(target.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).ingest-old", isDirectory: true)
            guard rename(target.path, old.path) == 0 else { throw failure(errno) }
            previous = old
        }
        if created {
            guard rename(temporary.path, target.path) == 0 else {
                let e = errno
                rollback()
                throw failure(e)
            }
            created = false
            placed = true
        }
    }

    /// Undoes `commit`: the new folder removed, the previous one back in place.
    func rollback() {
        let fm = FileManager.default
        if placed { try? fm.removeItem(at: target); placed = false }
        abandon()
        if let previous { rename(previous.path, target.path); self.previous = nil }
    }

    /// Removes the previous report's folder once the new report is in place.
    func finish() {
        if let previous { try? FileManager.default.removeItem(at: previous); self.previous = nil }
        placed = false
    }

    /// Removes the temporary folder when the report was not committed.
    func abandon() {
        guard created else { return }
        created = false
        try? FileManager.default.removeItem(at: temporary)
    }

    /// The name of page `page` (1-based) of the document in section `section`.
    static func name(section: Int, page: Int, type: String) -> String {
        "d\(section)-\(page)" + (type == "image/png" ? ".png" : ".jpg")
    }

    /// Whether every entry of `folder` is named as `name` names them: a folder of someone
    /// else's that happens to bear the name is never removed.
    static func holdsOnlyPages(_ folder: URL) -> Bool {
        guard let listing = try? FolderListing(path: folder.path), listing.undecodable.isEmpty else { return false }
        return listing.names.allSatisfy { name in
            guard name.hasPrefix("d"), name.hasSuffix(".jpg") || name.hasSuffix(".png") else { return false }
            let parts = name.dropFirst().dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
            return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        }
    }

    private func failure(_ code: Int32) -> IngestError {
        IngestError(.writeFailed, ["path": target.path], detail: String(cString: strerror(code)))
    }
}
