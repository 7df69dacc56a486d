import Foundation
import IngestCore

/// Who a hand-off goes to: each consumer has its own outbox rows, so a document delivered to the
/// HTTP endpoint is still owed to a JSON Lines reader, and the other way round.
public enum DeliveryChannel: String, Sendable, Codable, CaseIterable {
    /// POST to `sink.url` (the body is the document file).
    case http
    /// One line on standard output (`--sink jsonl`): delivered once the line was wholly written.
    case jsonl
}

/// A hand-off to make: recorded `pending` with its document (one transaction), before any
/// request is sent or line written, so that a run killed at any moment finds it again.
public struct PendingDelivery: Sendable, Equatable {
    public var channel: DeliveryChannel
    /// The idempotency key: the document's id and content revision (`DeliveryKey`).
    public var key: String
    public var documentID: String
    public var revision: Int
    /// The output folder and the document's path in it: the body sent is that file.
    public var outputDirectory: String
    public var outputPath: String
    public init(key: String, documentID: String, revision: Int, outputDirectory: String, outputPath: String,
                channel: DeliveryChannel = .http) {
        self.channel = channel
        self.key = key; self.documentID = documentID; self.revision = revision
        self.outputDirectory = outputDirectory; self.outputPath = outputPath
    }
}

/// A delivery as the library records it.
public struct DeliveryRecord: Sendable, Equatable {
    public enum Status: String, Sendable, Codable, CaseIterable {
        /// Not yet acknowledged: a run or `ingest deliver` sends it.
        case pending
        /// A 2xx answer was received, or the whole line was written (never sent again).
        case delivered
        /// The endpoint refused it (a 4xx other than 408/429): not retried unless asked.
        case rejected
        /// A later revision of the same document replaced it before it was delivered.
        case superseded
    }
    public var delivery: PendingDelivery
    public var status: Status
    public var attempts: Int
    public var lastError: String?
    /// The endpoint of the last attempt.
    public var sink: String?
    public var updatedAt: String
    public var key: String { delivery.key }
}

extension Library {
    static func setUpDeliveries(_ connection: SQLiteConnection) throws {
        try connection.execute("""
            CREATE TABLE IF NOT EXISTS deliveries (
                -- channel: the consumer (http, jsonl); key: idempotency key (document id + content
                -- revision); one row per hand-off to one consumer
                channel TEXT NOT NULL DEFAULT 'http', key TEXT NOT NULL, document_id TEXT NOT NULL, revision INTEGER NOT NULL,
                output_directory TEXT NOT NULL, output_path TEXT NOT NULL,
                status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT, sink TEXT,
                created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
                PRIMARY KEY (channel, key));
            """)
        // Libraries written before there was more than one consumer keyed deliveries by key
        // alone: rebuilt once with every old row as an HTTP one (another process may do it at
        // the same moment, hence the check again inside the transaction).
        func hasChannel() throws -> Bool {
            try connection.query("PRAGMA table_info(deliveries)").contains { $0[1].text == "channel" }
        }
        if try !hasChannel() {
            try connection.query("BEGIN IMMEDIATE")
            do {
                if try !hasChannel() {
                    try connection.execute("""
                        ALTER TABLE deliveries RENAME TO deliveries_before_channels;
                        DROP INDEX IF EXISTS deliveries_status;
                        CREATE TABLE deliveries (
                            channel TEXT NOT NULL DEFAULT 'http', key TEXT NOT NULL, document_id TEXT NOT NULL, revision INTEGER NOT NULL,
                            output_directory TEXT NOT NULL, output_path TEXT NOT NULL,
                            status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT, sink TEXT,
                            created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
                            PRIMARY KEY (channel, key));
                        INSERT INTO deliveries (channel, key, document_id, revision, output_directory, output_path, status, attempts,
                                                last_error, sink, created_at, updated_at)
                            SELECT 'http', key, document_id, revision, output_directory, output_path, status, attempts,
                                   last_error, sink, created_at, updated_at FROM deliveries_before_channels;
                        DROP TABLE deliveries_before_channels;
                        """)
                }
                try connection.query("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
        try connection.execute("CREATE INDEX IF NOT EXISTS deliveries_status ON deliveries(channel, status, output_directory)")
    }


    /// Records a pending delivery on its own (outside `record`).
    public func addPendingDelivery(_ d: PendingDelivery) throws {
        try locked { store in
            try store.connection.query("BEGIN IMMEDIATE")
            do {
                try store.insertPending(d)
                try store.connection.query("COMMIT")
            } catch {
                try? store.connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    private static let deliveryColumns =
        "key, document_id, revision, output_directory, output_path, status, attempts, last_error, sink, updated_at, channel"

    private static func deliveryRecord(_ r: [SQLValue]) -> DeliveryRecord {
        DeliveryRecord(delivery: PendingDelivery(key: r[0].text ?? "", documentID: r[1].text ?? "", revision: Int(r[2].int ?? 1),
                                                 outputDirectory: r[3].text ?? "", outputPath: r[4].text ?? "",
                                                 channel: DeliveryChannel(rawValue: r[10].text ?? "") ?? .http),
                       status: DeliveryRecord.Status(rawValue: r[5].text ?? "") ?? .pending, attempts: Int(r[6].int ?? 0),
                       lastError: r[7].text, sink: r[8].text, updatedAt: r[9].text ?? "")
    }

    public func delivery(key: String, channel: DeliveryChannel = .http) throws -> DeliveryRecord? {
        try locked { store in
            try store.connection.query("SELECT \(Self.deliveryColumns) FROM deliveries WHERE channel = ? AND key = ?",
                                 [.text(channel.rawValue), .text(key)]).first.map(Self.deliveryRecord)
        }
    }

    /// Deliveries with one of `statuses`, of one output folder or of all, oldest first.
    public func deliveries(_ statuses: Set<DeliveryRecord.Status>, outputDirectory: String? = nil,
                           channel: DeliveryChannel = .http) throws -> [DeliveryRecord] {
        guard !statuses.isEmpty else { return [] }
        let marks = statuses.map { _ in "?" }.joined(separator: ", ")
        var bindings: [SQLValue] = [.text(channel.rawValue)] + statuses.sorted { $0.rawValue < $1.rawValue }.map { .text($0.rawValue) }
        var sql = "SELECT \(Self.deliveryColumns) FROM deliveries WHERE channel = ? AND status IN (\(marks))"
        if let outputDirectory { sql += " AND output_directory = ?"; bindings.append(.text(outputDirectory)) }
        sql += " ORDER BY created_at, rowid"
        return try locked { store in try store.connection.query(sql, bindings).map(Self.deliveryRecord) }
    }

    /// Counts by status, of one output folder or of all.
    public func deliveryCounts(outputDirectory: String? = nil, channel: DeliveryChannel = .http) throws -> [DeliveryRecord.Status: Int] {
        var sql = "SELECT status, COUNT(*) FROM deliveries WHERE channel = ?"
        var bindings: [SQLValue] = [.text(channel.rawValue)]
        if let outputDirectory { sql += " AND output_directory = ?"; bindings.append(.text(outputDirectory)) }
        sql += " GROUP BY status"
        return try locked { store in
            var counts: [DeliveryRecord.Status: Int] = [:]
            for row in try store.connection.query(sql, bindings) {
                if let s = DeliveryRecord.Status(rawValue: row[0].text ?? "") { counts[s] = Int(row[1].int ?? 0) }
            }
            return counts
        }
    }

    /// The outcome of attempts on `key`. A delivered key stays delivered whatever comes later
    /// (another process that sent it too and failed, say).
    public func updateDelivery(key: String, channel: DeliveryChannel = .http, status: DeliveryRecord.Status,
                               addingAttempts attempts: Int, error: String?, sink: String?) throws {
        try locked { store in
            _ = try store.connection.query("""
                UPDATE deliveries SET status = CASE WHEN status = 'delivered' THEN status ELSE ? END,
                    attempts = attempts + ?, last_error = ?, sink = COALESCE(?, sink), updated_at = ?
                WHERE channel = ? AND key = ?
                """, [.text(status.rawValue), .int(Int64(attempts)), error.map(SQLValue.text) ?? .null,
                      sink.map(SQLValue.text) ?? .null, .text(Self.now()), .text(channel.rawValue), .text(key)])
        }
    }
}

extension LibraryStore {
    /// Inside a transaction. A key already on record keeps its status: a document written again
    /// with the same content (its output was deleted, a killed run redone) is not delivered
    /// twice. Older pending revisions of the document are superseded: only the newest is sent.
    func insertPending(_ d: PendingDelivery) throws {
        let now = Library.now()
        try connection.query("""
            INSERT OR IGNORE INTO deliveries (channel, key, document_id, revision, output_directory, output_path, status, attempts, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)
            """, [.text(d.channel.rawValue), .text(d.key), .text(d.documentID), .int(Int64(d.revision)), .text(d.outputDirectory), .text(d.outputPath),
                  .text(now), .text(now)])
        try connection.query("""
            UPDATE deliveries SET status = 'superseded', updated_at = ?
            WHERE channel = ? AND document_id = ? AND revision < ? AND status IN ('pending', 'rejected')
            """, [.text(now), .text(d.channel.rawValue), .text(d.documentID), .int(Int64(d.revision))])
    }
}
