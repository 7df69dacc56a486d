import CProcess
import Foundation
import Glibc

/// The start-up every child process Ingest starts goes through — a worker (`ingest _reader`,
/// `WorkerServer`) and a recogniser (`ingest _ocr`, `OCRServer`): tie its life to its parent's,
/// open the channel on fd 3, read its configuration (the first frame, `hello`), cap its address
/// space, and read the faults a test asked for. The parent's side is `ChildProcess.spawn`.
enum ChildServer {
    /// The parent's pid, set in the child's environment (`ChildProcess.spawn`).
    static let parentVariable = "INGEST_SUPERVISOR_PID"
    /// The channel's file descriptor in a child.
    static let channelDescriptor: Int32 = 3

    enum Start<Hello> {
        /// Ready to serve: the channel, the configuration, the faults a test planned (none in a product run).
        case started(ChildChannel, Hello, faults: [TestFault])
        /// The parent was already gone: nothing to do.
        case parentGone
        /// No configuration came: the channel closed (`closed`, a parent that stopped before needing
        /// the child) or there is no channel (a start by hand).
        case noHello(closed: Bool)
    }

    /// - Parameters:
    ///   - tiedToParent: the child's life is already tied to its parent's (a fork, `ChildProcess.forkHere`).
    ///   - memoryLimitMB: the resident limit the configuration sets, for the address-space backstop.
    static func start<Hello: Decodable>(_ type: Hello.Type, tiedToParent: Bool = false,
                                        memoryLimitMB: (Hello) -> Int) -> Start<Hello> {
        let env = ProcessInfo.processInfo.environment
        if !tiedToParent, let parent = env[parentVariable].flatMap(pid_t.init), ingest_die_with_parent(SIGKILL, parent) != 0 {
            return .parentGone
        }
        let channel = ChildChannel(fd: channelDescriptor)
        let received = channel.receive(timeout: nil)
        guard case .frame(let first) = received, first.kind == .hello,
              let hello = try? JSONDecoder().decode(Hello.self, from: first.payload) else {
            if case .closed = received, fcntl(channelDescriptor, F_GETFD) != -1 { return .noHello(closed: true) }
            return .noHello(closed: false)
        }
        // A backstop against one huge allocation that the parent's sampling (`Watchdog`) would see
        // too late: the address space is capped well above the resident limit (thread stacks and
        // allocator arenas reserve address space they never touch).
        _ = ingest_limit_address_space((UInt64(memoryLimitMB(hello)) << 20) * 2 + (4 << 30))
        return .started(channel, hello, faults: TestFault.planned(env))
    }
}
