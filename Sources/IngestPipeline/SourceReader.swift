import Foundation
import IngestCore
import IngestDigest

/// A source after the first, cheap stage: checked, sniffed by content and hashed.
public struct ReadSource: Sendable {
    public var input: SourceInput
    public var sha256: String
    public var warnings: [Warning]
    /// A confined source's opened files (see `ConfinedFiles`): kept open while the document is
    /// made, since `input.files` are links to them.
    public var confined: ConfinedFiles?
}

/// Checks a file (exists, readable, not empty, not too large, not changing), sniffs its kind by
/// content and hashes its raw bytes. Throws named errors; never reads more than it must.
struct SourceReader {
    let config: PipelineConfig
    let language: MessageLanguage

    /// `root`: the folder the files must really lie in (a watched inbox), or `trees`: the folders
    /// given to `convert`; they are then opened once, checked on what was opened, and read
    /// through it from here on.
    func read(files given: [URL], displayName: String, root: URL? = nil, trees: [URL] = []) throws -> ReadSource {
        let confined = try root.map { try ConfinedFiles(files: given, roots: [$0], refusal: .fileLinkOutsideInbox) }
            ?? (trees.isEmpty ? nil : try ConfinedFiles(files: given, roots: trees, refusal: .fileLinkOutsideTree))
        let files = confined?.urls ?? given
        var kind: SourceKind = .unknown
        var totalSize = 0
        var warnings: [Warning] = []
        var digests: [String] = []
        var contents: Data?
        for (index, url) in files.enumerated() {
            let size = try checkedSize(url)
            // A small single file is read once, whole: the same bytes are sniffed, hashed and, for
            // text, handed to the extractor (three opens and reads fewer per file).
            let whole = files.count == 1 && size <= Self.wholeReadLimit ? try readWhole(url, expected: size) : nil
            let prefix = try whole.map { $0.prefix(Sniffer.prefixLength) } ?? readPrefix(url, count: Sniffer.prefixLength)
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
            if let whole {
                hashed = (SHA256Digest.hex(of: whole), whole.count)
                if fileKind == .text || fileKind == .subtitles { contents = whole }
            } else {
                do { hashed = try SHA256Digest.hex(ofFile: url) } catch {
                    throw IngestError(.fileUnreadable, MessageCatalog.quoted("reason", reason(error)), detail: "\(error)")
                }
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
        let input = SourceInput(files: files, kind: kind, byteSize: totalSize, name: displayName, contents: contents)
        return ReadSource(input: input, sha256: sha, warnings: warnings, confined: confined)
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
            throw IngestError(.fileUnreadable, MessageCatalog.quoted("reason", String(cString: strerror(e))))
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw IngestError(.fileNotRegular, ["path": url.lastPathComponent, "type": InputPlanner.fileTypeName(st.st_mode & S_IFMT)])
        }
        let size = Int(st.st_size)
        if size == 0 { throw IngestError(.fileEmpty) }
        if size > config.limits.maxFileBytes {
            throw IngestError(.fileTooLarge, ["size": ByteCountFormatter.string(fromByteCount: Int64(size), countStyle: .file),
                                              "limit": ByteCountFormatter.string(fromByteCount: Int64(config.limits.maxFileBytes), countStyle: .file)])
        }
        return size
    }

    /// Files up to this size are read whole by `read` (text sources are far below it; a PDF or an
    /// archive above it is left to its extractor, which streams).
    static let wholeReadLimit = 1 << 20

    /// The whole file; `fileChanging` when it does not hold exactly `expected` bytes (still being
    /// written), which the size check after hashing would otherwise catch.
    func readWhole(_ url: URL, expected: Int) throws -> Data {
        let data = try readPrefix(url, count: expected + 1)
        if data.count != expected { throw IngestError(.fileChanging, ["path": url.lastPathComponent]) }
        return data
    }

    func readPrefix(_ url: URL, count: Int) throws -> Data {
        let fd = open(url.path, O_RDONLY)
        guard fd >= 0 else { throw IngestError(.fileUnreadable, MessageCatalog.quoted("reason", String(cString: strerror(errno)))) }
        defer { close(fd) }
        var data = Data(count: count)
        var filled = 0
        while filled < count {
            let n = data.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, count - filled) }
            if n < 0 { if errno == EINTR { continue }; throw IngestError(.fileUnreadable, MessageCatalog.quoted("reason", String(cString: strerror(errno)))) }
            if n == 0 { break }
            filled += n
        }
        data.count = filled
        return data
    }

    func reason(_ error: Error) -> String {
        if let p = error as? POSIXError { return String(cString: strerror(p.code.rawValue)) }
        return (error as NSError).localizedDescription
    }
}
