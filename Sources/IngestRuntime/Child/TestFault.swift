import Foundation
import Glibc

#if INGEST_TEST_FAULTS
/// Faults the tests make a child process commit, to prove the supervisor survives them. TEST-ONLY:
/// compiled into debug builds alone (`INGEST_TEST_FAULTS`, defined by Package.swift for the debug
/// configuration the tests run in); the release product has neither the variables nor the faults.
/// They are read here and nowhere else, once per child.
/// `INGEST_FAULT_<FAULT>` names where the fault strikes: a text in the unit's name for a worker
/// (`ingest _reader`), a page number for a recogniser (`ingest _ocr`).
struct TestFault: Sendable {
    enum Kind: String, Sendable, CaseIterable {
        /// The worker crashes (SIGSEGV) on the unit whose name contains the value.
        case crash = "INGEST_FAULT_CRASH_ON"
        /// The worker hangs (a loop that never looks at a deadline) on the unit whose name contains the value.
        case hang = "INGEST_FAULT_HANG_ON"
        /// On the unit whose name contains the value, the worker's serving thread makes a lazy value
        /// (0.2 s) while another thread waits for it — contention on the Swift runtime's locks, which
        /// in a forked worker served by its main thread never ended (`ingest_fork_worker` says why).
        case contend = "INGEST_FAULT_CONTEND_ON"
        /// The recogniser crashes (SIGSEGV) on this page number.
        case ocrCrash = "INGEST_FAULT_OCR_CRASH_ON_PAGE"
        /// The recogniser hangs (never looking at a deadline) on this page number.
        case ocrHang = "INGEST_FAULT_OCR_HANG_ON_PAGE"
        /// The recogniser grows without end (64 MB a step, each written) on this page number.
        case ocrGrow = "INGEST_FAULT_OCR_GROW_ON_PAGE"

        /// The variable a test sets.
        var variable: String { rawValue }
    }

    let kind: Kind
    let target: String

    /// The faults set in `environment` (none in a product run).
    static func planned(_ environment: [String: String]) -> [TestFault] {
        Kind.allCases.compactMap { kind in
            guard let value = environment[kind.variable], !value.isEmpty else { return nil }
            return TestFault(kind: kind, target: value)
        }
    }

    /// Strikes if this fault is planned for the unit named `unit` (worker faults).
    static func strike(_ faults: [TestFault], unit: String) {
        for f in faults where unit.contains(f.target) {
            switch f.kind {
            case .crash: raise(SIGSEGV)
            case .hang: while true { sleep(1) }
            case .contend: ContentionProbe.run()
            case .ocrCrash, .ocrHang, .ocrGrow: continue
            }
        }
    }

    /// Strikes if this fault is planned for page `page` (recogniser faults).
    static func strike(_ faults: [TestFault], page: Int?) {
        guard let page else { return }
        for f in faults where Int(f.target) == page {
            switch f.kind {
            case .ocrCrash: raise(SIGSEGV)
            case .ocrHang: while true { sleep(1) }
            case .ocrGrow: while let block = malloc(64 << 20) { memset(block, 1, 64 << 20); usleep(20_000) }
            case .crash, .hang, .contend: continue
            }
        }
    }
}

/// `TestFault.Kind.contend`: a lazy value made on the calling thread while a second thread,
/// started just before, waits for it (both go through `swift_once`).
private enum ContentionProbe {
    static let value: Int = { usleep(200_000); return 1 }()

    static func run() {
        let done = DispatchSemaphore(value: 0)
        let other = Thread { usleep(50_000); _ = ContentionProbe.value; done.signal() }
        other.start()
        _ = value
        done.wait()
    }
}

#else

/// The release build: no fault can be planned, and nothing of them is compiled in.
struct TestFault: Sendable {
    static func planned(_ environment: [String: String]) -> [TestFault] { [] }
    static func strike(_ faults: [TestFault], unit: String) {}
    static func strike(_ faults: [TestFault], page: Int?) {}
}
#endif
