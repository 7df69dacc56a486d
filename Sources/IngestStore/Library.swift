import Foundation
import Synchronization
import IngestCore

/// A document recorded in the library.
public struct LibraryEntry: Sendable, Equatable {
    public var id: String
    public var title: String
    public var titleKey: String
    public var fingerprint: String
    public var basis: Fingerprint.Basis
    public var sketch: [UInt32]
    public var sourceName: String
    public var outputPath: String?
    public init(id: String, title: String, titleKey: String, fingerprint: String, basis: Fingerprint.Basis,
                sketch: [UInt32], sourceName: String, outputPath: String?) {
        self.id = id; self.title = title; self.titleKey = titleKey; self.fingerprint = fingerprint
        self.basis = basis; self.sketch = sketch; self.sourceName = sourceName; self.outputPath = outputPath
    }
}

/// What happened last time to a source's bytes in a given output folder (re-runs skip `done`).
public struct SourceState: Sendable, Equatable {
    public enum Status: String, Sendable { case done, duplicate, failed }
    public var status: Status
    public var documentID: String?
    public var outputPath: String?
    public var errorCode: String?
    /// The document's readiness when it was written (`notReady`, `short`, `ready`), so a re-run
    /// that skips a document still says it is not ready.
    public var readiness: String?
    public init(status: Status, documentID: String? = nil, outputPath: String? = nil, errorCode: String? = nil,
                readiness: String? = nil) {
        self.status = status; self.documentID = documentID; self.outputPath = outputPath; self.errorCode = errorCode
        self.readiness = readiness
    }
}

/// The library of what was imported (SPEC §6), in SQLite (WAL mode) so that batch and watch runs,
/// and later runs, recognise duplicates. Thread-safe: one connection behind a `Mutex` (`locked`).
/// Its near-duplicate index is a table derived from it, in a file beside it (`<path>-bands`,
/// Library+Sketches.swift): every process sees what the others recorded, and none loads the index.
public final class Library: Sendable {
    public let path: String
    private let store: Mutex<LibraryStore>

    public init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            let connection = try SQLiteConnection(path: path)
            try Self.setUp(connection)
            store = Mutex(LibraryStore(path: path, connection: connection, bands: try Self.openBandTable(path: path, connection)))
        } catch let e as IngestError {
            throw IngestError(.libraryUnavailable, ["path": path], detail: e.detail)
        }
    }

    /// Schema and modes. Two processes opening a new library at the same moment (the workers of
    /// one run) can find it locked while the other switches it to WAL, which SQLite reports at
    /// once rather than through the busy timeout: the set-up is then tried again, for up to 10 s.
    private static func setUp(_ connection: SQLiteConnection) throws {
        var attempt = 0
        while true {
            do { return try setUpOnce(connection) } catch let e as IngestError where attempt < 200
                && ((e.detail ?? "").contains("locked") || (e.detail ?? "").contains("busy")) {
                attempt += 1
                usleep(useconds_t(min(50_000, 2_000 * attempt)))
            }
        }
    }

    private static func setUpOnce(_ connection: SQLiteConnection) throws {
        do {
            // Synchronous mode first: a new library's switch to WAL then syncs once less.
            try connection.execute("PRAGMA synchronous=NORMAL")
            try connection.query("PRAGMA journal_mode=WAL")
            // A checkpoint syncs the write-ahead log and the database and holds the write lock; at
            // SQLite's default (every 1,000 pages ≈ 125 documents) a batch paused both workers 8
            // times per 1,000 files. Every 8,192 pages (32 MB of log) instead, and the log file is
            // cut back to 16 MB after a checkpoint. Closing the library checkpoints anyway.
            try connection.query("PRAGMA wal_autocheckpoint=8192")
            try connection.query("PRAGMA journal_size_limit=16777216")
            // The file read through a memory map: a look-up's B-tree pages come straight from the
            // system's page cache, which every worker process shares, instead of being copied
            // into each connection's own 2 MB cache (too small for a large library's index).
            try connection.query("PRAGMA mmap_size=4294967296")
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS documents (
                    id TEXT PRIMARY KEY, title TEXT NOT NULL, title_key TEXT NOT NULL,
                    fingerprint TEXT NOT NULL, basis TEXT NOT NULL, sketch BLOB,
                    source_name TEXT NOT NULL, output_path TEXT, created_at TEXT NOT NULL);
                CREATE INDEX IF NOT EXISTS documents_fingerprint ON documents(fingerprint);
                CREATE INDEX IF NOT EXISTS documents_title_key ON documents(title_key);
                CREATE TABLE IF NOT EXISTS sources (
                    -- target: the output folder and the document's relative output path
                    sha256 TEXT NOT NULL, pipeline_version TEXT NOT NULL, target TEXT NOT NULL,
                    status TEXT NOT NULL, document_id TEXT, output_path TEXT, error_code TEXT,
                    updated_at TEXT NOT NULL, readiness TEXT,
                    PRIMARY KEY (sha256, pipeline_version, target));
                CREATE TABLE IF NOT EXISTS revisions (
                    -- the document last written at an output target, whatever its source bytes
                    target TEXT PRIMARY KEY, document_id TEXT NOT NULL, revision INTEGER NOT NULL,
                    fingerprint TEXT NOT NULL);
                """)
            try setUpDeliveries(connection)
            try setUpSketchIndex(connection)
            // Libraries written before readiness was kept get the column (empty for old rows).
            let columns = try connection.query("PRAGMA table_info(sources)").compactMap { $0[1].text }
            // (Another process may add it at the same moment: its "duplicate column" is not an error.)
            if !columns.contains("readiness") { try? connection.execute("ALTER TABLE sources ADD COLUMN readiness TEXT") }
        }
    }

    /// The journal mode in force (`wal` on a file database).
    public func journalMode() throws -> String {
        try locked { store in try store.connection.query("PRAGMA journal_mode").first?.first?.text ?? "" }
    }

    /// Runs `body` with the library's connection and band table, one thread at a time.
    func locked<T: Sendable, E: Error>(_ body: (LibraryStore) throws(E) -> T) throws(E) -> T {
        try store.withLock { (store) throws(E) -> T in try body(store) }
    }

    static func encode(_ sketch: [UInt32]) -> Data {
        // One copy of the little-endian values (appending 4 bytes at a time cost ~100 calls).
        sketch.map(\.littleEndian).withUnsafeBytes { Data($0) }
    }

    static func decode(_ data: Data?) -> [UInt32] {
        guard let data else { return [] }
        return data.withUnsafeBytes(decode)
    }

    /// A sketch from its stored form (little-endian values, as `encode` writes them), read in
    /// place; empty when the bytes are not whole values.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> [UInt32] {
        guard bytes.count % 4 == 0 else { return [] }
        return (0..<bytes.count / 4).map { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self)) }
    }

    private static let columns = "id, title, title_key, fingerprint, basis, sketch, source_name, output_path"

    private static func entry(_ row: [SQLValue]) -> LibraryEntry {
        LibraryEntry(id: row[0].text ?? "", title: row[1].text ?? "", titleKey: row[2].text ?? "",
                     fingerprint: row[3].text ?? "", basis: Fingerprint.Basis(rawValue: row[4].text ?? "") ?? .content,
                     sketch: decode(row[5].blob), sourceName: row[6].text ?? "", outputPath: row[7].text)
    }

    public func document(withFingerprint value: String) throws -> LibraryEntry? {
        try locked { store in
            try store.connection.query("SELECT \(Self.columns) FROM documents WHERE fingerprint = ? ORDER BY created_at LIMIT 1",
                                 [.text(value)]).first.map(Self.entry)
        }
    }

    public func documents(withTitleKey key: String) throws -> [LibraryEntry] {
        guard !key.isEmpty else { return [] }
        return try locked { store in
            try store.connection.query("SELECT \(Self.columns) FROM documents WHERE title_key = ? ORDER BY created_at",
                                 [.text(key)]).map(Self.entry)
        }
    }

    /// Claims `entry.id` for a new document, atomically: returns nil when the claim is ours, or the
    /// entry already holding that id or fingerprint (another worker or run imported the same content).
    public func claim(_ entry: LibraryEntry) throws -> LibraryEntry? {
        try locked { store in
            try store.writeTransaction {
                if let existing = try store.connection.query(
                    "SELECT \(Self.columns) FROM documents WHERE id = ? OR fingerprint = ? ORDER BY created_at LIMIT 1",
                    [.text(entry.id), .text(entry.fingerprint)]).first.map(Self.entry) {
                    return existing
                }
                try store.insert(entry)
                return nil
            }
        }
    }

    /// Gives up a claim whose output could not be written, so a later run can import it.
    public func release(id: String) throws {
        try locked { store in
            try store.writeTransaction {
                try store.removeBands(ofDocumentWithID: id)
                try store.connection.query("DELETE FROM documents WHERE id = ?", [.text(id)])
            }
        }
    }


    /// Records a new document and the source that produced it, in one transaction.
    /// `claimed`: the document row is the one `claim` inserted for this very entry, so only the
    /// sources are written (the row is not written a second time).
    /// `delivery`: the hand-off still to make (HTTP sink), recorded as pending in the same
    /// transaction, so a document recorded as done always has its delivery on record too.
    public func record(_ entry: LibraryEntry, sources: [(sha256: String, pipelineVersion: String, target: String)],
                       claimed: Bool = false, readiness: String? = nil, revision: Int = 1,
                       delivery: PendingDelivery? = nil) throws {
        try locked { store in
            try store.writeTransaction {
                if !claimed { try store.insert(entry) }
                if let delivery { try store.insertPending(delivery) }
                for target in Set(sources.map(\.target)) {
                    try store.connection.query("INSERT OR REPLACE INTO revisions (target, document_id, revision, fingerprint) VALUES (?, ?, ?, ?)",
                                         [.text(target), .text(entry.id), .int(Int64(revision)), .text(entry.fingerprint)])
                }
                for s in sources {
                    try store.upsertSource(sha256: s.sha256, pipelineVersion: s.pipelineVersion, target: s.target,
                                     state: SourceState(status: .done, documentID: entry.id, outputPath: entry.outputPath,
                                                        readiness: readiness))
                }
            }
        }
    }

    /// The document last written at `target` (output folder and path), its revision and fingerprint.
    public func revision(target: String) throws -> (documentID: String, revision: Int, fingerprint: String)? {
        try locked { store in
            try store.connection.query("SELECT document_id, revision, fingerprint FROM revisions WHERE target = ?", [.text(target)]).first.map {
                ($0[0].text ?? "", Int($0[1].int ?? 1), $0[2].text ?? "")
            }
        }
    }

    /// The document `entry.id` now holds new content (its source was edited): its row takes the
    /// new fingerprint, title and sketch, so later imports compare with what it is now.
    public func supersede(_ entry: LibraryEntry) throws {
        try locked { store in
            try store.writeTransaction {
                try store.removeBands(ofDocumentWithID: entry.id)
                let row = try store.connection.query("""
                    UPDATE documents SET title = ?, title_key = ?, fingerprint = ?, basis = ?, sketch = ?, source_name = ?, output_path = ?
                    WHERE id = ? RETURNING rowid
                    """, [.text(entry.title), .text(entry.titleKey), .text(entry.fingerprint), .text(entry.basis.rawValue),
                          entry.sketch.isEmpty ? .null : .blob(Self.encode(entry.sketch)), .text(entry.sourceName),
                          entry.outputPath.map(SQLValue.text) ?? .null, .text(entry.id)])
                if let rowid = row.first?.first?.int { try store.insertBands(of: entry.sketch, document: rowid) }
            }
        }
    }

    public func sourceState(sha256: String, pipelineVersion: String, target: String) throws -> SourceState? {
        try locked { store in
            try store.connection.query("""
                SELECT status, document_id, output_path, error_code, readiness FROM sources
                WHERE sha256 = ? AND pipeline_version = ? AND target = ?
                """, [.text(sha256), .text(pipelineVersion), .text(target)]).first.map {
                SourceState(status: SourceState.Status(rawValue: $0[0].text ?? "") ?? .failed, documentID: $0[1].text,
                            outputPath: $0[2].text, errorCode: $0[3].text, readiness: $0[4].text)
            }
        }
    }

    public func setSourceState(sha256: String, pipelineVersion: String, target: String, state: SourceState) throws {
        try locked { store in try store.upsertSource(sha256: sha256, pipelineVersion: pipelineVersion, target: target, state: state) }
    }


    public func documentCount() throws -> Int {
        try locked { store in Int(try store.connection.query("SELECT COUNT(*) FROM documents").first?.first?.int ?? 0) }
    }

    static func now() -> String { Timestamp.iso8601() }
}

/// What `Library` holds behind its lock: the SQLite connection (not thread-safe) and the
/// near-duplicate index, with the helpers that run inside a locked call.
final class LibraryStore {
    let path: String
    let connection: SQLiteConnection
    /// The near-duplicate index; `bandEdits`: its edits in the write transaction under way,
    /// undone if it fails (`writeTransaction`).
    var bands: BandTable
    var bandEdits: [Library.BandEdit] = []

    init(path: String, connection: SQLiteConnection, bands: BandTable) {
        self.path = path; self.connection = connection; self.bands = bands
    }
}

extension LibraryStore {
    /// Inserts (or replaces) the document's row and its bands; inside a transaction.
    func insert(_ entry: LibraryEntry) throws {
        // A replaced row goes with its rowid: its bands first.
        try removeBands(ofDocumentWithID: entry.id)
        let row = try connection.query("""
            INSERT OR REPLACE INTO documents (id, title, title_key, fingerprint, basis, sketch, source_name, output_path, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING rowid
            """, [.text(entry.id), .text(entry.title), .text(entry.titleKey), .text(entry.fingerprint),
                  .text(entry.basis.rawValue), entry.sketch.isEmpty ? .null : .blob(Library.encode(entry.sketch)),
                  .text(entry.sourceName), entry.outputPath.map(SQLValue.text) ?? .null, .text(Library.now())])
        if let rowid = row.first?.first?.int { try insertBands(of: entry.sketch, document: rowid) }
    }

    func upsertSource(sha256: String, pipelineVersion: String, target: String, state: SourceState) throws {
        try connection.query("""
            INSERT OR REPLACE INTO sources (sha256, pipeline_version, target, status, document_id, output_path, error_code, updated_at, readiness)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(sha256), .text(pipelineVersion), .text(target), .text(state.status.rawValue),
                  state.documentID.map(SQLValue.text) ?? .null, state.outputPath.map(SQLValue.text) ?? .null,
                  state.errorCode.map(SQLValue.text) ?? .null, .text(Library.now()), state.readiness.map(SQLValue.text) ?? .null])
    }
}
