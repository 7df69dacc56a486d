import CProcess
import Foundation
import Glibc
import Synchronization
import IngestCore

/// The parent's handle on a child process — a worker (`ingest _reader`) or a recogniser
/// (`ingest _ocr`): this executable again, talking over its fd 3 (`ChildChannel`). Started with
/// posix_spawn and reaped with wait4 — no polling (Foundation's `Process.waitUntilExit` slept
/// ~50 ms after every child's exit).
final class ChildProcess: Sendable {
    let pid: pid_t
    let channel: ChildChannel
    private let documentCount = Mutex(0)
    /// Documents read by this worker so far (it is replaced after `recycleAfterDocuments`).
    var documents: Int {
        get { documentCount.withLock { $0 } }
        set { documentCount.withLock { $0 = newValue } }
    }
    /// How it ended, once reaped; held while it is reaped, so a second caller waits for the same end.
    private let reaped = Mutex<(status: Int32, maxRSSKilobytes: Int)?>(nil)

    /// How a worker ended.
    enum Exit: Equatable {
        case status(Int32)
        case signal(Int32)
    }

    /// Its /proc/PID/statm, open for its life (see `residentBytes`).
    private let statm: Int32

    private init(pid: pid_t, channel: ChildChannel) {
        self.pid = pid; self.channel = channel
        statm = ingest_open_statm(pid)
    }

    deinit { if statm >= 0 { close(statm) } }

    /// Starts `executable arguments…` with `environment`; throws `run.workerUnavailable`.
    static func spawn(executable: String, arguments: [String], environment: [String: String]) throws -> ChildProcess {
        let (mine, theirs) = try ChildChannel.pair()
        var env = environment
        env[ChildServer.parentVariable] = String(getpid())
        // A crash is reported per document; the Swift runtime's backtrace would only slow it down.
        if env["SWIFT_BACKTRACE"] == nil { env["SWIFT_BACKTRACE"] = "enable=no" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        let pid = ingest_spawn_worker(executable, argv, envp, theirs)
        close(theirs)
        guard pid > 0 else {
            close(mine)
            throw IngestError(.workerUnavailable, MessageCatalog.quoted("reason", String(cString: strerror(-pid))))
        }
        return ChildProcess(pid: pid, channel: ChildChannel(fd: mine))
    }

    /// Forks this process as a worker without exec, when it still has a single thread (at the top
    /// of a command): the worker skips a second process start — loading this executable, the
    /// Swift runtime's and the libraries' initialisation, ≈ 20 ms — and the command's own start
    /// is all a one-document run pays. The child serves the channel (`WorkerServer.serve`) and
    /// exits, on a thread of its own (`ingest_fork_worker` says why); it never returns here. Nil
    /// when the process already has threads or fork fails: the caller spawns a worker instead.
    static func forkHere() -> ChildProcess? {
        guard let (mine, theirs) = try? ChildChannel.pair() else { return nil }
        let pid = ingest_fork_worker(theirs) { ExitStatus.of(WorkerServer.serve(forked: true)) }
        close(theirs)
        guard pid > 0 else { close(mine); return nil }
        return ChildProcess(pid: pid, channel: ChildChannel(fd: mine))
    }

    /// The executable to start as a worker: this one.
    static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Resident size now, in bytes (0 once it has exited).
    var residentBytes: Int { max(0, Int(ingest_resident_bytes_at(statm))) }

    func kill() { _ = Glibc.kill(pid, SIGKILL) }

    /// Waits for the process to end (once; later calls return the same).
    @discardableResult
    func wait() -> Exit {
        let r = reaped.withLock { reaped in
            if reaped == nil {
                var rss = 0
                let r = ingest_wait(pid, &rss)
                reaped = (r, rss)
            }
            return reaped!.status
        }
        return r >= 1000 ? .signal(r - 1000) : .status(max(r, -1))
    }

    /// Peak resident size over its life, in bytes (after `wait`).
    var peakResidentBytes: Int { (reaped.withLock { $0?.maxRSSKilobytes } ?? 0) * 1024 }

    /// Asks it to stop (closing the channel is the request) and reaps it.
    func retire() {
        stop()
        wait()
    }

    /// Waits at most `seconds` for it to end and reaps it; a process still running then is
    /// killed and reaped. Nothing of ours is left behind, not even a zombie.
    func reap(within seconds: Double) {
        let stillRunning = reaped.withLock { reaped in
            guard reaped == nil else { return false }
            var rss = 0
            let r = ingest_wait_within(pid, Int32(seconds * 1000), &rss)
            if r == -2 { return true }
            reaped = (r, rss)
            return false
        }
        if stillRunning {
            kill()
            wait()
        }
    }

    /// Asks it to stop, without waiting.
    func stop() { shutdown(channel.fd, Int32(SHUT_RDWR)) }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGILL: "SIGILL",
                                      SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM", SIGTRAP: "SIGTRAP"]
        return "\(names[signal] ?? "signal") \(signal)"
    }
}

extension ChildProcess.Exit {
    /// How the child ended, for a sentence of ours (`{how}`): a signal by its name, an exit
    /// status in `language`.
    func how(_ language: MessageLanguage) -> String {
        switch self {
        case .signal(let s): ChildProcess.signalName(s)
        case .status(let s): MessageCatalog.message(.ocrReasonExitStatus, language, ["status": "\(s)"])
        }
    }
}
