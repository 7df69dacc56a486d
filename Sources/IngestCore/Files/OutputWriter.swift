import Foundation
import IngestCore

/// Writes files atomically: a temporary file in the same folder, then renamed over the target, so
/// an interrupted run never leaves a half-written document. The one home of atomic writes: every
/// file Ingest writes for a person or a later run goes through it (Foundation's
/// `Data.write(options: .atomic)` names its temporary file `.dat.nosync*`, which a `kill -9`
/// leaves behind and `removeAbandoned` cannot tell from a user's file). There is no fsync per file (it cost
/// ~20 ms each on this kind of disk) nor a sync(2) per run (it waits for every other process's
/// dirty pages): after a power loss, a document whose bytes did not reach the disk is simply
/// redone, because a re-run trusts "done" only when the output file exists and is not empty.
public enum OutputWriter {
    public static func write<Bytes: ContiguousBytes>(_ data: Bytes, to url: URL) throws {
        try write(to: url) { put in try data.withUnsafeBytes { try put($0) } }
    }

    /// The file's bytes come from `produce`, which hands them to `put` in pieces (a streamed JSON
    /// document); still written to a temporary file renamed over the target at the end.
    public static func write(to url: URL, _ produce: (_ put: @escaping (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let dir = url.deletingLastPathComponent()
        // An error of `produce` itself (a value JSON cannot hold) is thrown as it is; failures of
        // the file system become `writeFailed`. Either way the temporary file is removed.
        var producerError: Error?
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let temp = dir.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).ingest-tmp",
                                                  isDirectory: false)
            let fd = open(temp.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            var writeError: POSIXError?
            do {
                try produce { raw in
                    var offset = 0
                    while offset < raw.count {
                        let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                        if n < 0 {
                            if errno == EINTR { continue }
                            let e = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                            writeError = e
                            throw e
                        }
                        offset += n
                    }
                }
            } catch {
                if writeError == nil { producerError = error }
            }
            close(fd)
            if let failure = writeError ?? producerError {
                unlink(temp.path)
                throw failure
            }
            guard rename(temp.path, url.path) == 0 else {
                let e = errno
                unlink(temp.path)
                throw POSIXError(POSIXErrorCode(rawValue: e) ?? .EIO)
            }
        } catch {
            if let producerError { throw producerError }
            throw IngestError(.writeFailed, ["path": url.path], detail: "\(error)")
        }
    }

    /// A process that exists and is not a zombie (a killed writer not yet reaped is not writing).
    static func isAlive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return true }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }

    /// The suffix of temporary files (`.NAME.PID.RANDOM.ingest-tmp`).
    public static let temporarySuffix = ".ingest-tmp"

    /// Removes temporary files left in `directory` (recursively) by a process that was killed
    /// while writing (`kill -9`, power loss): those whose writer's pid is no longer alive. A
    /// temporary file of a live process (another run writing now) is left alone.
    @discardableResult
    public static func removeAbandoned(in directory: URL) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return 0 }
        var removed = 0
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(temporarySuffix) else { continue }
            let parts = (relative as NSString).lastPathComponent.split(separator: ".")
            // [name parts…, pid, random, "ingest-tmp"]
            guard parts.count >= 4, let pid = Int32(parts[parts.count - 3]) else { continue }
            if isAlive(pid) { continue }
            if unlink(directory.appendingPathComponent(relative).path) == 0 { removed += 1 }
        }
        return removed
    }
}
