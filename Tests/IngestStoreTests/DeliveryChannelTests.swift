import Foundation
import IngestStore
import IngestTestSupport
import XCTest

/// The outbox keeps one row per consumer (issue 34): a document delivered to the HTTP endpoint is
/// still owed to a JSON Lines reader. A library of the earlier layout (deliveries keyed by key
/// alone, made here by Python's sqlite3 as that layout wrote it) is migrated, its rows kept as HTTP.
final class DeliveryChannelTests: XCTestCase {
    func testChannelsAreApartAndAnOldLibraryIsMigrated() throws {
        let dir = try TemporaryDirectory("delivery-channels")
        defer { dir.remove() }
        let path = dir.url.appendingPathComponent("old.sqlite").path
        let script = """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            c.executescript('''
            CREATE TABLE deliveries (
                key TEXT PRIMARY KEY, document_id TEXT NOT NULL, revision INTEGER NOT NULL,
                output_directory TEXT NOT NULL, output_path TEXT NOT NULL,
                status TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT, sink TEXT,
                created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
            CREATE INDEX deliveries_status ON deliveries(status, output_directory);
            INSERT INTO deliveries VALUES ('a.r1', 'a', 1, '/out', 'a.json', 'delivered', 2, NULL, 'http://x', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
            INSERT INTO deliveries VALUES ('b.r1', 'b', 1, '/out', 'b.json', 'pending', 1, 'timeout', NULL, '2026-01-01T00:00:01Z', '2026-01-01T00:00:01Z');
            ''')
            c.commit()
            """
        guard let made = runTool(Python.path, ["-c", script, path]) else { try missingTool("python3 is needed (scripts/install.sh --tests)") }
        XCTAssertEqual(made.status, 0, String(decoding: made.stderr, as: UTF8.self))

        let library = try Library(path: path)
        XCTAssertEqual(try library.delivery(key: "a.r1")?.status, .delivered)
        XCTAssertEqual(try library.delivery(key: "a.r1")?.attempts, 2)
        XCTAssertEqual(try library.deliveries([.pending]).map(\.key), ["b.r1"])
        XCTAssertEqual(try library.deliveries([.pending], channel: .jsonl), [])

        // The same key owed to a JSON Lines reader: a row of its own, its own status.
        try library.addPendingDelivery(PendingDelivery(key: "a.r1", documentID: "a", revision: 1, outputDirectory: "/out",
                                                       outputPath: "a.json", channel: .jsonl))
        XCTAssertEqual(try library.delivery(key: "a.r1", channel: .jsonl)?.status, .pending)
        XCTAssertEqual(try library.delivery(key: "a.r1")?.status, .delivered)
        try library.updateDelivery(key: "a.r1", channel: .jsonl, status: .delivered, addingAttempts: 1, error: nil, sink: "stdout")
        XCTAssertEqual(try library.deliveryCounts(channel: .jsonl), [.delivered: 1])
        XCTAssertEqual(try library.deliveryCounts(), [.delivered: 1, .pending: 1])
        // A newer revision supersedes the older one on its own channel only.
        try library.addPendingDelivery(PendingDelivery(key: "b.r2", documentID: "b", revision: 2, outputDirectory: "/out",
                                                       outputPath: "b.json", channel: .jsonl))
        XCTAssertEqual(try library.delivery(key: "b.r1")?.status, .pending)

        // Opened again (the migration is done once).
        let again = try Library(path: path)
        XCTAssertEqual(try again.deliveryCounts(channel: .jsonl), [.delivered: 1, .pending: 1])
    }
}
