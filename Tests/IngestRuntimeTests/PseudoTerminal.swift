import Foundation
import IngestTestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `ingest` with a real pseudo-terminal as its standard input, output and error,
/// as a person's terminal is: `isatty` is true in the child. Returns every byte the terminal was
/// sent, in order (carriage returns, colours and all).
enum PseudoTerminal {
    struct Run {
        var status: Int32
        /// The bytes written to the terminal.
        var bytes: String
    }

    static func run(_ arguments: [String], environment: [String: String], currentDirectory: URL? = nil) throws -> Run {
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        // posix_openpt/unlockpt/ptsname are not in Swift's Glibc module: the same done by hand on
        // Linux's /dev/ptmx (TIOCSPTLCK unlocks the replica, TIOCGPTN gives its number; grantpt
        // is a no-op on devpts). The two ioctl numbers are _IOW/_IOR('T', 0x31/0x30, int).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, UInt(0x4004_5431), &unlock) == 0, ioctl(master, UInt(0x8004_5430), &number) == 0 else {
            throw TestSetupFailure("no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let name = "/dev/pts/\(number)"
        let replica = open(name, O_RDWR | O_NOCTTY)
        guard replica >= 0 else { throw TestSetupFailure("cannot open \(name): \(String(cString: strerror(errno)))") }
        // A 120-column terminal, wider than the progress line.
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(replica, UInt(TIOCSWINSZ), &size)

        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in ["NO_COLOR", "INGEST_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] { env[key] = nil }
        env["TERM"] = "xterm-256color"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let handle = FileHandle(fileDescriptor: replica, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle

        // Drain the terminal while the child writes: its buffer is small. A read on the master
        // fails with EIO once no process holds the replica open any more: that is the end.
        final class Sink: @unchecked Sendable { var data = Data() }   // written by the reader only, read after `done`
        let sink = Sink()
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(master, &buffer, buffer.count)
                if n > 0 { sink.data.append(contentsOf: buffer[0..<n]); continue }
                if n < 0 && errno == EINTR { continue }
                break
            }
            done.signal()
        }
        reader.start()
        try process.run()
        close(replica)
        process.waitUntilExit()
        done.wait()
        close(master)
        return Run(status: process.terminationStatus, bytes: String(decoding: sink.data, as: UTF8.self))
    }

    /// What the terminal shows at the end: each `\r` takes the cursor back to the start of the
    /// line and what follows overwrites it (the progress line redrawn, then blanked); `\n` starts
    /// a new line (the terminal's `onlcr` turns it into `\r\n`). Colours are removed, trailing
    /// blanks trimmed.
    static func screen(_ bytes: String) -> [String] {
        var lines: [[Character]] = [[]]
        var column = 0
        for ch in stripColours(bytes) {
            switch ch {
            case "\r\n", "\n": lines.append([]); column = 0
            case "\r": column = 0
            default:
                if column < lines[lines.count - 1].count { lines[lines.count - 1][column] = ch } else { lines[lines.count - 1].append(ch) }
                column += 1
            }
        }
        var text = lines.map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        while text.last == "" { text.removeLast() }
        return text
    }

    static let colourPattern = "\u{1B}\\[[0-9;]*m"

    static func stripColours(_ s: String) -> String {
        s.replacingOccurrences(of: colourPattern, with: "", options: .regularExpression)
    }
}
