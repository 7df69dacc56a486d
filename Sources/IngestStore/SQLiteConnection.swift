import CSQLite
import Foundation
import IngestCore

/// SQLite's "transient" destructor: the library copies the bytes before the call returns.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A value bound to or read from a statement.
public enum SQLValue: Sendable, Equatable {
    case null, int(Int64), double(Double), text(String), blob(Data)
}

/// One SQLite connection. Every raw sqlite3 call of the module goes through this file.
/// Not thread-safe by itself: `Library` serialises access with a lock.
final class SQLiteConnection {
    private var db: OpaquePointer?

    init(path: String) throws {
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK else {
            let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? "sqlite3_open_v2 failed"
            sqlite3_close(db)
            db = nil
            throw IngestError(.libraryUnavailable, ["path": path], detail: reason)
        }
        // Batch and watch, and the workers of one run, share the file. SQLite's own busy timeout
        // sleeps 1, 2, 5, 10… up to 100 ms between tries: two workers committing small
        // transactions all the time then spent most of their time asleep. Short, growing naps
        // instead (50 µs up to 2 ms), for 10 s in all.
        sqlite3_busy_handler(db, { _, count in
            let tries = Int(count)
            guard tries < 20_000 else { return 0 }
            usleep(useconds_t(min(2_000, 50 * (1 + tries / 4))))
            return 1
        }, nil)
    }

    /// Prepared statements by SQL text, reused (a batch runs the same few statements per
    /// document; preparing them each time was most of the library's CPU time).
    private var statements: [String: OpaquePointer] = [:]

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close(db)
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw error("prepare")
        }
        statements[sql] = statement
        return statement
    }

    private func error(_ what: String) -> IngestError {
        IngestError(.libraryUnavailable, ["path": ""], detail: "\(what): \(String(cString: sqlite3_errmsg(db)))")
    }

    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(db, sql, nil, nil, &message) != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? "?"
            sqlite3_free(message)
            throw IngestError(.libraryUnavailable, ["path": ""], detail: text)
        }
    }

    /// Runs `sql` with `bindings` and returns all rows.
    @discardableResult
    func query(_ sql: String, _ bindings: [SQLValue] = []) throws -> [[SQLValue]] {
        let statement = try prepared(sql)
        // Reset before anything else can run on the connection: a statement left mid-way would
        // keep its read transaction open.
        defer { sqlite3_reset(statement); sqlite3_clear_bindings(statement) }
        bind(bindings, to: statement)
        var rows: [[SQLValue]] = []
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw error("step") }
            var row: [SQLValue] = []
            for c in 0..<sqlite3_column_count(statement) {
                switch sqlite3_column_type(statement, c) {
                case SQLITE_INTEGER: row.append(.int(sqlite3_column_int64(statement, c)))
                case SQLITE_FLOAT: row.append(.double(sqlite3_column_double(statement, c)))
                case SQLITE_TEXT: row.append(.text(String(cString: sqlite3_column_text(statement, c))))
                case SQLITE_BLOB:
                    let n = Int(sqlite3_column_bytes(statement, c))
                    if let p = sqlite3_column_blob(statement, c), n > 0 { row.append(.blob(Data(bytes: p, count: n))) }
                    else { row.append(.blob(Data())) }
                default: row.append(.null)
                }
            }
            rows.append(row)
        }
        return rows
    }

    private func bind(_ bindings: [SQLValue], to statement: OpaquePointer) {
        for (i, value) in bindings.enumerated() {
            let index = Int32(i + 1)
            switch value {
            case .null: sqlite3_bind_null(statement, index)
            case .int(let v): sqlite3_bind_int64(statement, index, v)
            case .double(let v): sqlite3_bind_double(statement, index, v)
            case .text(let v): sqlite3_bind_text(statement, index, v, -1, sqliteTransient)
            case .blob(let v):
                _ = v.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), sqliteTransient) }
            }
        }
    }

    /// Runs `sql` with `bindings`, calling `body` with each row until it returns false. Nothing is
    /// copied: the row reads its columns in place (the sketch index reads a blob per candidate).
    func forEachRow(_ sql: String, _ bindings: [SQLValue] = [], _ body: (SQLRow) throws -> Bool) throws {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement); sqlite3_clear_bindings(statement) }
        bind(bindings, to: statement)
        while true {
            let rc = sqlite3_step(statement)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw error("step") }
            if try !body(SQLRow(statement: statement)) { break }
        }
    }
}

/// The current row of a statement, valid only inside `forEachRow`'s body.
struct SQLRow {
    fileprivate let statement: OpaquePointer

    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    func text(_ column: Int32) -> String? {
        sqlite3_column_type(statement, column) == SQLITE_TEXT ? String(cString: sqlite3_column_text(statement, column)) : nil
    }

    /// The blob's bytes, in place (empty for NULL).
    func withBlob<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let n = Int(sqlite3_column_bytes(statement, column))
        guard n > 0, let p = sqlite3_column_blob(statement, column) else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeRawBufferPointer(start: p, count: n))
    }
}

extension SQLValue {
    var text: String? { if case .text(let s) = self { return s }; return nil }
    var int: Int64? { if case .int(let i) = self { return i }; return nil }
    var blob: Data? { if case .blob(let d) = self { return d }; return nil }
}
