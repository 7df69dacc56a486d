import CPoppler
import Foundation
import Synchronization

/// Poppler-glib reports syntax errors, xref repairs and the like through GLib's log (domain
/// "Poppler"). We route that domain to our own handler so it never floods the user's terminal, and
/// keep the last lines per thread so the extractor can name a repair or a corruption.
enum PopplerLog {
    /// Lines per thread while a `capture` is running on it (other threads' lines are dropped).
    private static let buffers = Mutex<[UInt: [String]]>([:])
    /// Kept small: a damaged file can log one line per object.
    static let maximumLines = 40

    private static let installed: Void = {
        let levels = GLogLevelFlags(rawValue: G_LOG_LEVEL_MASK.rawValue | G_LOG_FLAG_FATAL.rawValue | G_LOG_FLAG_RECURSION.rawValue)
        _ = g_log_set_handler("Poppler", levels, { _, _, message, _ in
            guard let message else { return }
            PopplerLog.record(String(cString: message))
        }, nil)
    }()

    static func install() { _ = installed }

    private static var threadKey: UInt { UInt(bitPattern: Int(bitPattern: pthread_self())) }

    static func record(_ line: String) {
        let key = threadKey
        buffers.withLock { buffers in
            guard buffers[key] != nil, buffers[key]!.count < maximumLines else { return }
            buffers[key]!.append(line)
        }
    }

    /// Runs `body`, returning what it returned and the poppler log lines it produced on this thread.
    static func capture<T>(_ body: () throws -> T) rethrows -> (T, [String]) {
        install()
        let key = threadKey
        let outer = buffers.withLock { buffers in defer { buffers[key] = [] }; return buffers[key] }
        defer { buffers.withLock { $0[key] = outer } }
        let result = try body()
        return (result, buffers.withLock { $0[key] ?? [] })
    }
}
