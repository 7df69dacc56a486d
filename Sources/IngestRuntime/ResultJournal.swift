import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The outbox of `ingest worker`'s results (issue 34): each request taken is journalled, then
/// its result, then that the reader took the result line whole — appended to
/// `OUT/.ingest-worker-I-of-N.journal`. A worker that crashes, is killed or loses its reader
/// leaves requests without a delivered result there; the next worker on the same output folder
/// and shard answers them first (a result already made is written again as it was; a request
/// never answered is read again). Entries are JSON lines: `{"taken":S,"item":I}` (the work
/// item as `WorkerRun` encodes it), `{"result":S,"data":R}`, `{"delivered":S}`; S counts within one worker's run. A second
/// worker on the same journal at once gets none (flock) and works without one.
/// Appends and reads go one at a time through `access`, so entries never interleave.
public final class ResultJournal: Sendable {
    public let url: URL
    private let fd: Int32
    private let access = Mutex(())

    /// What an earlier worker left unanswered, in the order of its requests.
    public enum Leftover: Sendable, Equatable {
        /// A result made but not taken whole by the reader: written again as it is.
        case result(Data)
        /// A work item taken and never answered (as `WorkerRun` encoded it): read again.
        case item(Data)
    }

    public static func url(outputDirectory: URL, shard: Shard) -> URL {
        outputDirectory.appendingPathComponent(".ingest-worker-\(shard.index)-of-\(shard.count).journal", isDirectory: false)
    }

    /// Opens (creating) the journal of `shard` in `outputDirectory`; nil when another worker
    /// holds it or it cannot be opened.
    public init?(outputDirectory: URL, shard: Shard) {
        url = Self.url(outputDirectory: outputDirectory, shard: shard)
        fd = open(url.path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { close(fd); return nil }
    }

    deinit { close(fd) }

    /// Reads what the journal holds and empties it: the caller journals the leftovers again as
    /// its own first requests before answering them, so a crash now loses nothing.
    public func takeLeftovers() -> [Leftover] {
        access.withLock { _ in readAndEmpty() }
    }

    private func readAndEmpty() -> [Leftover] {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        lseek(fd, 0, SEEK_SET)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        var order: [Int] = []
        var items: [Int: Data] = [:], results: [Int: Data] = [:], delivered = Set<Int>()
        for line in data.split(separator: 0x0A) {
            // A last entry cut short by a crash does not parse: it is as if it were not written.
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { continue }
            if let s = object["taken"] as? Int, let item = object["item"] as? String {
                if items[s] == nil { order.append(s) }
                items[s] = Data(item.utf8)
            } else if let s = object["result"] as? Int, let r = object["data"] as? String {
                results[s] = Data(r.utf8)
            } else if let s = object["delivered"] as? Int {
                delivered.insert(s)
            }
        }
        let left: [Leftover] = order.filter { !delivered.contains($0) }.map { s in
            results[s].map(Leftover.result) ?? .item(items[s]!)
        }
        _ = ftruncate(fd, 0)
        return left
    }

    public func taken(_ sequence: Int, item: Data) {
        append(["taken": sequence, "item": String(decoding: item, as: UTF8.self)])
    }
    public func result(_ sequence: Int, _ data: Data) {
        append(["result": sequence, "data": String(decoding: data, as: UTF8.self)])
    }
    public func delivered(_ sequence: Int) { append(["delivered": sequence]) }

    /// Every request answered and taken: the journal is emptied.
    public func clear() { access.withLock { _ in _ = ftruncate(fd, 0) } }

    private func append(_ entry: [String: Any]) {
        guard var bytes = try? JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys]) else { return }
        bytes.append(0x0A)
        access.withLock { _ in bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n > 0 { done += n } else if n < 0 && errno == EINTR { continue } else { return }
            }
        } }
    }
}
