import Foundation
import IngestCore

/// A watch event as the library holds it until it is printed (the watcher's outbox).
public struct RecordedEvent: Sendable, Equatable {
    /// Random, never reused: a consumer that sees an `eventId` twice (printed, then the watcher
    /// killed before it could note so) drops the repeat.
    public var eventID: String
    /// The output folder and the document's path in it, as the library's `sources.target`.
    public var target: String
    /// `succeeded`, `partial`, `duplicate` or `failed` (the words of `DocumentOutcome.Status`).
    public var status: String
    public var documentID: String?
    public var revision: Int?
    public var outputPath: String?
    public var readiness: String?
    public var errorCode: String?
    /// The unit's source names, as the watcher took it.
    public var sources: [String]
    /// When the document was recorded (ISO 8601, UTC, milliseconds).
    public var time: String
}

/// The watcher's outbox. When the watcher hands a unit over it records a *take* for the unit's
/// output target; a trigger on `sources` then writes the unit's event in the very transaction
/// that records its document (done, duplicate or partial), whichever process writes it — so a
/// document on record always has its event on record, and a watcher killed at any moment finds
/// the events it never printed at its next start. Printing comes after; `markPrinted` after that.
/// Targets no watcher took (a `convert` run) get no event.
extension Library {
    static let eventTables = """
        CREATE TABLE IF NOT EXISTS watch_takes (
            event_id TEXT PRIMARY KEY, target TEXT NOT NULL UNIQUE, sources TEXT NOT NULL, taken_at TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS watch_events (
            event_id TEXT PRIMARY KEY, target TEXT NOT NULL, status TEXT NOT NULL, document_id TEXT,
            revision INTEGER, output_path TEXT, readiness TEXT, error_code TEXT, sources TEXT NOT NULL, time TEXT NOT NULL);
        -- the last document event printed per target: the same document and revision is not
        -- announced as succeeded twice (a PDF read at an incremental update's first %%EOF, then whole)
        CREATE TABLE IF NOT EXISTS watch_printed (
            target TEXT PRIMARY KEY, document_id TEXT, revision INTEGER, status TEXT NOT NULL);
        CREATE TRIGGER IF NOT EXISTS watch_event_outbox AFTER INSERT ON sources
        WHEN EXISTS (SELECT 1 FROM watch_takes WHERE target = NEW.target)
        BEGIN
            INSERT INTO watch_events (event_id, target, status, document_id, revision, output_path, readiness, error_code, sources, time)
            SELECT t.event_id, NEW.target,
                   CASE WHEN NEW.status = 'done' THEN 'succeeded' WHEN NEW.status = 'duplicate' THEN 'duplicate'
                        WHEN NEW.error_code = 'document.partial' THEN 'partial' ELSE 'failed' END,
                   NEW.document_id,
                   (SELECT MAX(revision) FROM revisions WHERE document_id = NEW.document_id),
                   NEW.output_path, NEW.readiness, NEW.error_code, t.sources, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
            FROM watch_takes t WHERE t.target = NEW.target
            ON CONFLICT(event_id) DO UPDATE SET status = excluded.status, document_id = excluded.document_id,
                revision = excluded.revision, output_path = excluded.output_path, readiness = excluded.readiness,
                error_code = excluded.error_code;
        END;
        """

    /// Creates the outbox's tables and trigger (idempotent; a watcher calls it once at start).
    public func enableEvents() throws {
        try locked { store in try store.connection.execute(Self.eventTables) }
    }

    /// Records takes for units handed over now (one transaction), replacing any older take of the
    /// same target. Returns each target's event id.
    public func take(_ units: [(target: String, sources: [String])]) throws -> [String] {
        guard !units.isEmpty else { return [] }
        return try locked { store in
            try store.connection.query("BEGIN IMMEDIATE")
            do {
                var ids: [String] = []
                for u in units {
                    let id = Self.newEventID()
                    try store.connection.query("INSERT OR REPLACE INTO watch_takes (event_id, target, sources, taken_at) VALUES (?, ?, ?, ?)",
                                         [.text(id), .text(u.target), .text(Self.encodeNames(u.sources)), .text(Self.now())])
                    ids.append(id)
                }
                try store.connection.query("COMMIT")
                return ids
            } catch {
                try? store.connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    private static let eventColumns = "event_id, target, status, document_id, revision, output_path, readiness, error_code, sources, time"

    private static func event(_ r: [SQLValue]) -> RecordedEvent {
        RecordedEvent(eventID: r[0].text ?? "", target: r[1].text ?? "", status: r[2].text ?? "failed", documentID: r[3].text,
                      revision: r[4].int.map(Int.init), outputPath: r[5].text, readiness: r[6].text, errorCode: r[7].text,
                      sources: decodeNames(r[8].text ?? "[]"), time: r[9].text ?? "")
    }

    /// The event recorded with the document of take `eventID`; nil when no document was recorded
    /// for it (a failure, a skip, a file that changed while it was read).
    public func recordedEvent(_ eventID: String) throws -> RecordedEvent? {
        try locked { store in
            try store.connection.query("SELECT \(Self.eventColumns) FROM watch_events WHERE event_id = ?", [.text(eventID)]).first.map(Self.event)
        }
    }

    /// Records an event that has no document with it (a failure): the take's id, the time now.
    public func recordEvent(_ eventID: String, target: String, status: String, errorCode: String?, sources: [String]) throws -> RecordedEvent {
        try locked { store in
            let rows = try store.connection.query("""
                INSERT INTO watch_events (event_id, target, status, error_code, sources, time)
                VALUES (?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
                ON CONFLICT(event_id) DO UPDATE SET status = excluded.status
                RETURNING \(Self.eventColumns)
                """, [.text(eventID), .text(target), .text(status), errorCode.map(SQLValue.text) ?? .null, .text(Self.encodeNames(sources))])
            return rows.first.map(Self.event)
                ?? RecordedEvent(eventID: eventID, target: target, status: status, errorCode: errorCode, sources: sources, time: Self.now())
        }
    }

    /// Events recorded for targets in `outputDirectory` and not yet printed, oldest first.
    public func unprintedEvents(outputDirectory: String) throws -> [RecordedEvent] {
        let prefix = outputDirectory + "\n"
        return try locked { store in
            try store.connection.query("SELECT \(Self.eventColumns) FROM watch_events WHERE substr(target, 1, ?) = ? ORDER BY time, rowid",
                                 [.int(Int64(prefix.utf8.count)), .text(prefix)]).map(Self.event)
        }
    }

    /// The event was printed (or dropped): it and its take are gone, and the target remembers
    /// which document and revision it last announced.
    public func markPrinted(_ event: RecordedEvent) throws {
        try locked { store in
            try store.connection.query("BEGIN IMMEDIATE")
            do {
                try store.connection.query("DELETE FROM watch_events WHERE event_id = ?", [.text(event.eventID)])
                try store.connection.query("DELETE FROM watch_takes WHERE event_id = ?", [.text(event.eventID)])
                if event.documentID != nil {
                    try store.connection.query("INSERT OR REPLACE INTO watch_printed (target, document_id, revision, status) VALUES (?, ?, ?, ?)",
                                         [.text(event.target), event.documentID.map(SQLValue.text) ?? .null,
                                          event.revision.map { .int(Int64($0)) } ?? .null, .text(event.status)])
                }
                try store.connection.query("COMMIT")
            } catch {
                try? store.connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// A take that ended without an event to print (a skip, a file that changed under the reader).
    public func dropTake(_ eventID: String) throws {
        try locked { store in _ = try store.connection.query("DELETE FROM watch_takes WHERE event_id = ?", [.text(eventID)]) }
    }

    /// Takes of `outputDirectory` left by a watcher that stopped before their units were read:
    /// their files are not done, and are read again (with new takes).
    public func dropTakes(outputDirectory: String) throws {
        let prefix = outputDirectory + "\n"
        try locked { store in
            _ = try store.connection.query("""
                DELETE FROM watch_takes WHERE substr(target, 1, ?) = ?
                AND event_id NOT IN (SELECT event_id FROM watch_events)
                """, [.int(Int64(prefix.utf8.count)), .text(prefix)])
        }
    }

    /// The document, revision and status last announced for `target`.
    public func lastPrinted(target: String) throws -> (documentID: String?, revision: Int?, status: String)? {
        try locked { store in
            try store.connection.query("SELECT document_id, revision, status FROM watch_printed WHERE target = ?", [.text(target)]).first.map {
                ($0[0].text, $0[1].int.map(Int.init), $0[2].text ?? "")
            }
        }
    }

    static func newEventID() -> String { UUID().uuidString.lowercased() }

    static func encodeNames(_ names: [String]) -> String {
        String(decoding: (try? StreamingJSONEncoder.encode(JSONValue.array(names.map(JSONValue.string)), pretty: false)) ?? Data("[]".utf8),
               as: UTF8.self)
    }

    static func decodeNames(_ text: String) -> [String] {
        (try? JSONValue.parse(Data(text.utf8)))?.arrayValue?.compactMap(\.stringValue) ?? []
    }
}
