import Foundation
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
/// and later runs, recognise duplicates. Thread-safe: one connection behind a lock.
public final class Library: @unchecked Sendable {
    let connection: SQLiteConnection
    private let lock = NSLock()
    /// Near-duplicate index, loaded on first use and kept up to date by `claim`: a linear scan of
    /// every stored sketch per document made a batch quadratic. (Exact duplicates are always
    /// decided by the database; only near-duplicates recorded by another process after this one
    /// loaded its index are missed until its next run.)
    private var sketchIndex: SketchIndex?
    /// Guards `sketchIndex` (taken after `lock` when both are needed): scoring candidates does not
    /// wait for the other worker's SQLite commit, nor blocks it.
    private let indexLock = NSLock()
    public let path: String

    public init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            connection = try SQLiteConnection(path: path)
            try Self.setUp(connection)
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
            // Libraries written before readiness was kept get the column (empty for old rows).
            let columns = try connection.query("PRAGMA table_info(sources)").compactMap { $0[1].text }
            // (Another process may add it at the same moment: its "duplicate column" is not an error.)
            if !columns.contains("readiness") { try? connection.execute("ALTER TABLE sources ADD COLUMN readiness TEXT") }
        }
    }

    /// The journal mode in force (`wal` on a file database).
    public func journalMode() throws -> String {
        try locked { try connection.query("PRAGMA journal_mode").first?.first?.text ?? "" }
    }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        return try body()
    }

    static func encode(_ sketch: [UInt32]) -> Data {
        // One copy of the little-endian values (appending 4 bytes at a time cost ~100 calls).
        sketch.map(\.littleEndian).withUnsafeBytes { Data($0) }
    }

    static func decode(_ data: Data?) -> [UInt32] {
        guard let data, data.count % 4 == 0 else { return [] }
        let b = [UInt8](data)
        return stride(from: 0, to: b.count, by: 4).map {
            UInt32(b[$0]) | UInt32(b[$0 + 1]) << 8 | UInt32(b[$0 + 2]) << 16 | UInt32(b[$0 + 3]) << 24
        }
    }

    private static let columns = "id, title, title_key, fingerprint, basis, sketch, source_name, output_path"

    private static func entry(_ row: [SQLValue]) -> LibraryEntry {
        LibraryEntry(id: row[0].text ?? "", title: row[1].text ?? "", titleKey: row[2].text ?? "",
                     fingerprint: row[3].text ?? "", basis: Fingerprint.Basis(rawValue: row[4].text ?? "") ?? .content,
                     sketch: decode(row[5].blob), sourceName: row[6].text ?? "", outputPath: row[7].text)
    }

    public func document(withFingerprint value: String) throws -> LibraryEntry? {
        try locked {
            try connection.query("SELECT \(Self.columns) FROM documents WHERE fingerprint = ? ORDER BY created_at LIMIT 1",
                                 [.text(value)]).first.map(Self.entry)
        }
    }

    public func documents(withTitleKey key: String) throws -> [LibraryEntry] {
        guard !key.isEmpty else { return [] }
        return try locked {
            try connection.query("SELECT \(Self.columns) FROM documents WHERE title_key = ? ORDER BY created_at",
                                 [.text(key)]).map(Self.entry)
        }
    }

    /// Documents whose sketch is at least `threshold` similar, most similar first.
    public func nearDuplicates(of sketch: [UInt32], threshold: Double, excluding id: String? = nil) throws -> [(LibraryEntry, Double)] {
        guard !sketch.isEmpty else { return [] }
        try loadIndexIfNeeded()
        indexLock.lock()
        let result = Self.entries(sketchIndex!, near: sketch, threshold: threshold, excluding: id)
        indexLock.unlock()
        return result
    }

    static func entries(_ index: SketchIndex, near sketch: [UInt32], threshold: Double, excluding id: String?) -> [(LibraryEntry, Double)] {
        index.hits(of: sketch, threshold: threshold, excluding: id).map { (index.entries[$0.position], $0.similarity) }
    }

    /// What a document lists of a near-duplicate.
    public struct NearDuplicate: Sendable, Equatable {
        public var id: String
        public var title: String
        public var sourceName: String
        /// Where it was written (relative to its output folder): a near-duplicate of the very
        /// output being written again is that document, not a duplicate of it.
        public var outputPath: String?
        public var similarity: Double
    }

    /// `nearDuplicates` as the three fields a document lists, each id once (its first, most
    /// similar, occurrence). A repetitive collection has hundreds per document: copying whole
    /// entries, shared by the workers, was a good part of a batch's time.
    public func nearDuplicateList(of sketch: [UInt32], threshold: Double, excluding id: String? = nil,
                                  limit: Int = .max) throws -> [NearDuplicate] {
        guard !sketch.isEmpty else { return [] }
        try loadIndexIfNeeded()
        // Explicit lock and unlock around one call: the index is not held past the unlock (a
        // copy alive then would make the next `claim` copy the whole index on insert).
        indexLock.lock()
        let result = Self.list(sketchIndex!, near: sketch, threshold: threshold, excluding: id, limit: limit)
        indexLock.unlock()
        return result
    }

    static func list(_ index: SketchIndex, near sketch: [UInt32], threshold: Double, excluding id: String?,
                     limit: Int = .max) -> [NearDuplicate] {
        var hits = index.hits(of: sketch, threshold: threshold, excluding: id)
        if index.hasRepeatedIDs {
            var seen = Set<String>()
            hits.removeAll { !seen.insert(index.entries[$0.position].id).inserted }
        }
        if hits.count > limit { hits.removeSubrange(max(0, limit)...) }
        return index.entries.withUnsafeBufferPointer { entries in
            hits.map { NearDuplicate(id: entries[$0.position].id, title: entries[$0.position].title,
                                     sourceName: entries[$0.position].sourceName, outputPath: entries[$0.position].outputPath,
                                     similarity: $0.similarity) }
        }
    }

    /// The highest rowid the index has read: documents added since (by the other workers of a
    /// run, or a watcher beside a batch) are read before each query.
    private var indexedRowID: Int64 = 0

    /// Loads the index on first use, then the rows added since; reading needs the connection, so
    /// both locks are taken.
    private func loadIndexIfNeeded() throws {
        try locked {
            let added = try connection.query("SELECT rowid, \(Self.columns) FROM documents WHERE rowid > ? AND sketch IS NOT NULL ORDER BY rowid",
                                             [.int(indexedRowID)])
            indexLock.lock()
            defer { indexLock.unlock() }
            if sketchIndex == nil { sketchIndex = SketchIndex() }
            for row in added {
                indexedRowID = max(indexedRowID, row[0].int ?? 0)
                let entry = Self.entry(Array(row.dropFirst()))
                if !sketchIndex!.contains(id: entry.id) { sketchIndex!.insert(entry) }
            }
        }
    }

    /// Claims `entry.id` for a new document, atomically: returns nil when the claim is ours, or the
    /// entry already holding that id or fingerprint (another worker or run imported the same content).
    public func claim(_ entry: LibraryEntry) throws -> LibraryEntry? {
        try locked {
            // BEGIN and COMMIT go through `query`, whose prepared statements are kept: `execute`
            // parsed them again for every document.
            try connection.query("BEGIN IMMEDIATE")
            do {
                if let existing = try connection.query(
                    "SELECT \(Self.columns) FROM documents WHERE id = ? OR fingerprint = ? ORDER BY created_at LIMIT 1",
                    [.text(entry.id), .text(entry.fingerprint)]).first.map(Self.entry) {
                    try connection.query("COMMIT")
                    return existing
                }
                try insert(entry)
                try connection.query("COMMIT")
                if !entry.sketch.isEmpty {
                    indexLock.lock()
                    sketchIndex?.insert(entry)
                    indexLock.unlock()
                }
                return nil
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Gives up a claim whose output could not be written, so a later run can import it.
    public func release(id: String) throws {
        try locked { _ = try connection.query("DELETE FROM documents WHERE id = ?", [.text(id)]) }
    }

    private func insert(_ entry: LibraryEntry) throws {
        try connection.query("""
            INSERT OR REPLACE INTO documents (id, title, title_key, fingerprint, basis, sketch, source_name, output_path, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(entry.id), .text(entry.title), .text(entry.titleKey), .text(entry.fingerprint),
                  .text(entry.basis.rawValue), entry.sketch.isEmpty ? .null : .blob(Self.encode(entry.sketch)),
                  .text(entry.sourceName), entry.outputPath.map(SQLValue.text) ?? .null, .text(Self.now())])
    }

    /// Records a new document and the source that produced it, in one transaction.
    /// `claimed`: the document row is the one `claim` inserted for this very entry, so only the
    /// sources are written (the row is not written a second time).
    /// `delivery`: the hand-off still to make (HTTP sink), recorded as pending in the same
    /// transaction, so a document recorded as done always has its delivery on record too.
    public func record(_ entry: LibraryEntry, sources: [(sha256: String, pipelineVersion: String, target: String)],
                       claimed: Bool = false, readiness: String? = nil, revision: Int = 1,
                       delivery: PendingDelivery? = nil) throws {
        try locked {
            try connection.query("BEGIN IMMEDIATE")
            do {
                if !claimed { try insert(entry) }
                if let delivery { try insertPending(delivery) }
                for target in Set(sources.map(\.target)) {
                    try connection.query("INSERT OR REPLACE INTO revisions (target, document_id, revision, fingerprint) VALUES (?, ?, ?, ?)",
                                         [.text(target), .text(entry.id), .int(Int64(revision)), .text(entry.fingerprint)])
                }
                for s in sources {
                    try upsertSource(sha256: s.sha256, pipelineVersion: s.pipelineVersion, target: s.target,
                                     state: SourceState(status: .done, documentID: entry.id, outputPath: entry.outputPath,
                                                        readiness: readiness))
                }
                try connection.query("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// The document last written at `target` (output folder and path), its revision and fingerprint.
    public func revision(target: String) throws -> (documentID: String, revision: Int, fingerprint: String)? {
        try locked {
            try connection.query("SELECT document_id, revision, fingerprint FROM revisions WHERE target = ?", [.text(target)]).first.map {
                ($0[0].text ?? "", Int($0[1].int ?? 1), $0[2].text ?? "")
            }
        }
    }

    /// The document `entry.id` now holds new content (its source was edited): its row takes the
    /// new fingerprint, title and sketch, so later imports compare with what it is now.
    public func supersede(_ entry: LibraryEntry) throws {
        try locked {
            try connection.query("""
                UPDATE documents SET title = ?, title_key = ?, fingerprint = ?, basis = ?, sketch = ?, source_name = ?, output_path = ?
                WHERE id = ?
                """, [.text(entry.title), .text(entry.titleKey), .text(entry.fingerprint), .text(entry.basis.rawValue),
                      entry.sketch.isEmpty ? .null : .blob(Self.encode(entry.sketch)), .text(entry.sourceName),
                      entry.outputPath.map(SQLValue.text) ?? .null, .text(entry.id)])
            if !entry.sketch.isEmpty {
                indexLock.lock()
                sketchIndex?.insert(entry)
                indexLock.unlock()
            }
        }
    }

    public func sourceState(sha256: String, pipelineVersion: String, target: String) throws -> SourceState? {
        try locked {
            try connection.query("""
                SELECT status, document_id, output_path, error_code, readiness FROM sources
                WHERE sha256 = ? AND pipeline_version = ? AND target = ?
                """, [.text(sha256), .text(pipelineVersion), .text(target)]).first.map {
                SourceState(status: SourceState.Status(rawValue: $0[0].text ?? "") ?? .failed, documentID: $0[1].text,
                            outputPath: $0[2].text, errorCode: $0[3].text, readiness: $0[4].text)
            }
        }
    }

    public func setSourceState(sha256: String, pipelineVersion: String, target: String, state: SourceState) throws {
        try locked { try upsertSource(sha256: sha256, pipelineVersion: pipelineVersion, target: target, state: state) }
    }

    private func upsertSource(sha256: String, pipelineVersion: String, target: String, state: SourceState) throws {
        try connection.query("""
            INSERT OR REPLACE INTO sources (sha256, pipeline_version, target, status, document_id, output_path, error_code, updated_at, readiness)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(sha256), .text(pipelineVersion), .text(target), .text(state.status.rawValue),
                  state.documentID.map(SQLValue.text) ?? .null, state.outputPath.map(SQLValue.text) ?? .null,
                  state.errorCode.map(SQLValue.text) ?? .null, .text(Self.now()), state.readiness.map(SQLValue.text) ?? .null])
    }

    public func documentCount() throws -> Int {
        try locked { Int(try connection.query("SELECT COUNT(*) FROM documents").first?.first?.int ?? 0) }
    }

    static func now() -> String { Timestamp.iso8601() }
}

/// Locality-sensitive index of MinHash sketches: the 128 bins are cut into 32 bands of 4; two
/// sketches sharing one band are candidates (a pair at similarity 0.5 is found with p ≈ 0.87,
/// at 0.8 with p > 0.99999).
struct SketchIndex {
    static let rowsPerBand = 4
    private(set) var entries: [LibraryEntry] = []
    /// Every entry's sketch end to end (`sketchSize` values each, or none for an odd-sized one),
    /// so scoring a candidate reads one flat buffer instead of copying the entry.
    private var sketches: [UInt32] = []
    private var offsets: [Int] = []
    /// Positions of each id (one, unless a released claim was made again).
    private var positionsByID: [String: [Int]] = [:]
    private(set) var hasRepeatedIDs = false
    private var buckets: [UInt64: [Int]] = [:]

    static func bandKeys(_ sketch: [UInt32]) -> [UInt64] {
        stride(from: 0, to: sketch.count, by: rowsPerBand).map { start in
            var h: UInt64 = 0xcbf29ce484222325 ^ UInt64(start)
            for v in sketch[start..<min(start + rowsPerBand, sketch.count)] { h = (h ^ UInt64(v)) &* 0x100000001b3 }
            return h
        }
    }

    func contains(id: String) -> Bool { positionsByID[id] != nil }

    mutating func insert(_ entry: LibraryEntry) {
        let position = entries.count
        entries.append(entry)
        positionsByID[entry.id, default: []].append(position)
        if positionsByID[entry.id]!.count > 1 { hasRepeatedIDs = true }
        offsets.append(sketches.count)
        sketches.append(contentsOf: entry.sketch)
        for (band, key) in Self.bandKeys(entry.sketch).enumerated() where !Self.isEmptyBand(entry.sketch, band) {
            buckets[key, default: []].append(position)
        }
    }

    /// A band whose bins are all empty says nothing (short texts leave bins empty).
    static func isEmptyBand(_ sketch: [UInt32], _ band: Int) -> Bool {
        let start = band * rowsPerBand
        return sketch[start..<min(start + rowsPerBand, sketch.count)].allSatisfy { $0 == .max }
    }

    /// Entries at least `threshold` similar to `sketch`, except those with id `excluded`, most
    /// similar first (in index order among equals: the sort is stable).
    func hits(of sketch: [UInt32], threshold: Double, excluding excluded: String?) -> [(position: Int, similarity: Double)] {
        let skip = excluded.flatMap { positionsByID[$0] } ?? []
        var hits: [(position: Int, similarity: Double)] = []
        for position in candidatePositions(of: sketch) {
            let s = similarity(sketch, at: position)
            if s >= threshold, !skip.contains(position) { hits.append((position, s)) }
        }
        return hits.sorted { $0.similarity > $1.similarity }
    }

    /// Single-band candidates scored at most per look-up (see `candidatePositions`).
    static let singleBandBudget = 64
    /// Buckets holding more entries than this are read only when no other band matches.
    static let crowdedBucket = 1024

    /// Positions of the entries sharing at least one band with `sketch`, in index order — except
    /// that in a large library not every entry sharing a single band is scored. Texts in the same
    /// language share common shingles (bench/neardup: unrelated chapters score 0.11 in the median),
    /// so one band in 32 matches for about 0.5 % of the library: 500 sketches to score per look-up
    /// at 100,000 documents, a time growing with the library. Every entry sharing two bands or more
    /// is scored (a pair at similarity 0.8 shares two bands with p > 0.9999999, at 0.7 with p ≈
    /// 0.998); of those sharing one band, the newest `singleBandBudget`. Only revisions near 0.5
    /// in a library of more than a few thousand documents can be missed for it. A bucket of more
    /// than `crowdedBucket` entries is not read at all unless no other band matches.
    func candidatePositions(of sketch: [UInt32]) -> [Int] {
        var lists: [[Int]] = [], crowded: [[Int]] = []
        for (band, key) in Self.bandKeys(sketch).enumerated() where !Self.isEmptyBand(sketch, band) {
            guard let positions = buckets[key] else { continue }
            // A band that thousands of entries share is made of the language's commonest shingles:
            // it tells little, and reading it would cost a time growing with the library...
            if positions.count > Self.crowdedBucket { crowded.append(positions) } else { lists.append(positions) }
        }
        // ...unless it is all there is (a text of common words only, a collection of revisions).
        if lists.isEmpty { lists = crowded }
        guard !lists.isEmpty else { return [] }
        // How many bands each entry shares with the sketch, for the entries sharing one or more.
        var counts = [UInt8](repeating: 0, count: entries.count)
        var touched: [Int] = []
        var strong = 0
        counts.withUnsafeMutableBufferPointer { c in
            for positions in lists {
                for p in positions {
                    let v = c[p]
                    if v == 0 { touched.append(p) } else if v == 1 { strong += 1 }
                    if v < .max { c[p] = v + 1 }
                }
            }
        }
        guard touched.count - strong > Self.singleBandBudget else { return touched.sorted() }
        var kept = touched.filter { counts[$0] >= 2 }
        var single = touched.filter { counts[$0] == 1 }
        single.sort(by: >)
        kept.append(contentsOf: single.prefix(Self.singleBandBudget))
        return kept.sorted()
    }

    /// `Fingerprinter.similarity(sketch, entries[position].sketch)`, read from the flat buffer.
    func similarity(_ sketch: [UInt32], at position: Int) -> Double {
        let start = offsets[position]
        let end = position + 1 < offsets.count ? offsets[position + 1] : sketches.count
        guard !sketch.isEmpty, end - start == sketch.count else { return 0 }
        return sketch.withUnsafeBufferPointer { a in
            sketches.withUnsafeBufferPointer { all in
                // Bins used: not empty in both. Same: equal and not empty. Sixteen bins at a time
                // (every candidate of every document is scored), the rest one by one.
                var same = 0, used = 0
                var i = 0
                if a.count >= 16 {
                    let empty = SIMD16<UInt32>(repeating: .max)
                    var sameLanes = SIMD16<UInt32>(), bothEmptyLanes = SIMD16<UInt32>()
                    let rawA = UnsafeRawPointer(a.baseAddress!), rawB = UnsafeRawPointer(all.baseAddress! + start)
                    while i + 16 <= a.count {
                        let x = rawA.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt32>.self)
                        let y = rawB.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt32>.self)
                        let xEmpty = x .== empty
                        sameLanes &+= SIMD16(repeating: 0).replacing(with: 1, where: (x .== y) .& .!xEmpty)
                        bothEmptyLanes &+= SIMD16(repeating: 0).replacing(with: 1, where: xEmpty .& (y .== empty))
                        i += 16
                    }
                    same = Int(sameLanes.wrappedSum())
                    used = i - Int(bothEmptyLanes.wrappedSum())
                }
                while i < a.count {
                    let x = a[i], y = all[start + i]
                    if x != .max || y != .max {
                        used += 1
                        if x == y { same += 1 }
                    }
                    i += 1
                }
                return used == 0 ? 0 : Double(same) / Double(used)
            }
        }
    }
}
