import Foundation
import IngestCore

/// The report's file, written as it is produced: pieces go through a 64 KiB buffer to a temporary
/// file in the target's folder, renamed over the target once complete. A corpus of thousands of
/// documents never becomes one string, and an interrupted run leaves the previous report (or
/// none), never half of one. The temporary name follows the pipeline's (`.NAME.PID.RANDOM.ingest-tmp`)
/// so the tools that skip or clean our temporary files recognize it.
final class ReportFile {
    private let target: URL
    private let temporary: URL
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private static let capacity = 1 << 16

    init(_ target: URL) throws {
        self.target = target
        let folder = target.deletingLastPathComponent()
        temporary = folder.appendingPathComponent(
            ".\(target.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).ingest-tmp", isDirectory: false)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw IngestError(.writeFailed, ["path": target.path], detail: "\(error)")
        }
        descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.failure(target, errno) }
        buffer.reserveCapacity(Self.capacity + 4096)
    }

    deinit { abandon() }

    func put(_ s: String) throws {
        buffer.append(contentsOf: s.utf8)
        if buffer.count >= Self.capacity { try flush() }
    }

    /// Writes the rest, then renames the temporary file over the target.
    func commit() throws {
        try flush()
        let fd = descriptor
        descriptor = -1
        guard close(fd) == 0 else {
            let e = errno
            unlink(temporary.path)
            throw Self.failure(target, e)
        }
        guard rename(temporary.path, target.path) == 0 else {
            let e = errno
            unlink(temporary.path)
            throw Self.failure(target, e)
        }
    }

    /// Removes the temporary file when the report was not committed (an error on the way).
    func abandon() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporary.path)
    }

    private func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw Self.failure(target, errno)
                }
                offset += n
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    private static func failure(_ target: URL, _ code: Int32) -> IngestError {
        IngestError(.writeFailed, ["path": target.path], detail: String(cString: strerror(code)))
    }
}
