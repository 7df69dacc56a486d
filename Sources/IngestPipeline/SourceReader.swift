import Foundation
import IngestCore
import IngestDigest

/// A source after the first, cheap stage: checked, sniffed by content and hashed.
public struct ReadSource: Sendable {
    public var input: SourceInput
    public var sha256: String
    public var warnings: [Warning]
}

/// Checks a file (exists, readable, not empty, not too large, not changing), sniffs its kind by
/// content and hashes its raw bytes. Throws named errors; never reads more than it must.
struct SourceReader {
    let config: PipelineConfig
    let language: MessageLanguage

    func read(files: [URL], displayName: String) throws -> ReadSource {
        var kind: SourceKind = .unknown
        var totalSize = 0
        var warnings: [Warning] = []
        var digests: [String] = []
        for (index, url) in files.enumerated() {
            let size = try checkedSize(url)
            let prefix = try readPrefix(url, count: Sniffer.prefixLength)
            let sniffed = Sniffer.sniff(prefix: prefix, fileName: url.lastPathComponent)
            var fileKind = sniffed.kind
            if fileKind == .zip { fileKind = ExtractorRegistry.refineZip(url, config: config) }
            if fileKind == .ole2 { fileKind = OLE2Directory.kind(try readPrefix(url, count: 64 << 20)) }
            // A saved watch page keeps its player response far beyond the sniffing prefix.
            if fileKind == .html, ExtractorRegistry.youtubeIsWatchPage(url) { fileKind = .youtubeInfo }
            if let ext = sniffed.mismatchedExtension, fileKind != .unknown,
               Sniffer.kindsForExtension[ext]?.contains(fileKind) != true {
                warnings.append(Warning(.extensionMismatch, ["ext": ext, "kind": fileKind.rawValue],
                                        language: language))
            }
            if index == 0 { kind = fileKind }
            let hashed: (digest: String, byteCount: Int)
            do { hashed = try SHA256Digest.hex(ofFile: url) } catch {
                throw IngestError(.fileUnreadable, ["reason": reason(error)], detail: "\(error)")
            }
            // A file still being written changes size while we read it: leave it for a later run.
            if hashed.byteCount != size || (try? checkedSize(url)) != size {
                throw IngestError(.fileChanging, ["path": url.lastPathComponent])
            }
            digests.append(hashed.digest)
            totalSize += size
        }
        // Binary bytes behind a text extension: say it is not text, rather than "unknown kind".
        if kind == .unknown, let ext = files.first?.pathExtension.lowercased(), ["txt", "md", "markdown", "srt", "vtt", "lrc"].contains(ext) {
            throw IngestError(.textBinary)
        }
        try refuse(kind)
        let sha = digests.count == 1 ? digests[0] : SHA256Digest.hex(of: Data(digests.joined(separator: "\n").utf8))
        let input = SourceInput(files: files, kind: kind, byteSize: totalSize, name: displayName)
        return ReadSource(input: input, sha256: sha, warnings: warnings)
    }

    /// Kinds that are refused with their own message before any extractor runs.
    func refuse(_ kind: SourceKind) throws {
        switch kind {
        case .legacyDoc: throw IngestError(.legacyDoc)
        case .encryptedOffice: throw IngestError(.encryptedOffice)
        case .unknown, .html, .ole2, .zip: throw IngestError(.unknownKind, ["kind": kind.rawValue])
        default: return
        }
    }

    func checkedSize(_ url: URL) throws -> Int {
        var st = stat()
        guard stat(url.path, &st) == 0 else {
            let e = errno
            if e == ENOENT { throw IngestError(.fileNotFound, ["path": url.lastPathComponent]) }
            if e == ELOOP { throw IngestError(.fileSymlinkLoop, ["path": url.lastPathComponent]) }
            throw IngestError(.fileUnreadable, ["reason": String(cString: strerror(e))])
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw IngestError(.fileUnreadable, ["reason": language == .fr ? "ce n'est pas un fichier ordinaire" : "not a regular file"])
        }
        let size = Int(st.st_size)
        if size == 0 { throw IngestError(.fileEmpty) }
        if size > config.limits.maxFileBytes {
            throw IngestError(.fileTooLarge, ["size": ByteCountFormatter.string(fromByteCount: Int64(size), countStyle: .file),
                                              "limit": ByteCountFormatter.string(fromByteCount: Int64(config.limits.maxFileBytes), countStyle: .file)])
        }
        return size
    }

    func readPrefix(_ url: URL, count: Int) throws -> Data {
        let fd = open(url.path, O_RDONLY)
        guard fd >= 0 else { throw IngestError(.fileUnreadable, ["reason": String(cString: strerror(errno))]) }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, count - filled) }
            if n < 0 { if errno == EINTR { continue }; throw IngestError(.fileUnreadable, ["reason": String(cString: strerror(errno))]) }
            if n == 0 { break }
            filled += n
        }
        return Data(buffer[0..<filled])
    }

    func reason(_ error: Error) -> String {
        if let p = error as? POSIXError { return String(cString: strerror(p.code.rawValue)) }
        return (error as NSError).localizedDescription
    }
}
