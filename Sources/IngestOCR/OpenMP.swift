import CTesseract
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Debian's libtesseract runs its neural network through OpenMP teams of up to 10 threads; on a
/// small machine they spin against each other and a page takes ~8× longer. `OMP_THREAD_LIMIT=1`
/// fixes it but is read once, when the OpenMP runtime (libgomp) loads. libgomp comes with
/// libtesseract, which CTesseract opens with dlopen on the first OCR — after `main`.
///
/// In the executable and the tests, libtesseract's parallel regions do not reach libgomp at all:
/// `CTesseract/serial_openmp.c` defines them, run on the calling thread (libgomp's own team of
/// one makes a system call per region, ≈ 4 % of the OCR's time). The guards below stay for a
/// program that embeds the library without those symbols exported.
///
/// Two guards, both real:
/// - `reexecIfNeeded()` (the CLI, through `ExtractorRegistry.prepareProcess()`): puts
///   `OMP_THREAD_LIMIT=1` in the environment; libgomp reads it when Tesseract is opened later.
///   Only when the runtime is already loaded (a program that links it) does it re-execute the
///   program once with the variable set.
/// - `limitCurrentThread()` (every recognising thread, so library callers who never call
///   `prepareProcess` are covered too): sets the OpenMP "max active levels" to 0, which makes
///   every parallel region run on the calling thread alone. It is looked up in libtesseract's
///   dependencies at run time, so a Tesseract built without OpenMP needs nothing.
public enum OpenMP {
    public static let reexecMarker = "INGEST_OMP_REEXEC"

    /// Looked up (once) in libtesseract and its dependencies: it is opened RTLD_LOCAL, so the
    /// global scope (`dlsym(RTLD_DEFAULT)`) does not see libgomp. Opens Tesseract if needed.
    // nonisolated(unsafe): an immutable address of a C function, never written after the lookup;
    // raw pointers are not Sendable, so the compiler cannot see that sharing it is safe.
    nonisolated(unsafe) private static let setMaxActiveLevels: UnsafeMutableRawPointer? =
        ingest_tesseract_lookup("omp_set_max_active_levels")

    /// True when Tesseract's OpenMP runtime is present (Debian's libtesseract links libgomp).
    /// Opens Tesseract to find out.
    public static var isPresent: Bool { setMaxActiveLevels != nil }

    /// True when an OpenMP runtime is already mapped in this process (it has read its environment).
    static var runtimeLoaded: Bool {
        guard let h = dlopen("libgomp.so.1", RTLD_LAZY | RTLD_NOLOAD) else { return false }
        dlclose(h)
        return true
    }

    /// Makes OpenMP parallel regions started from this thread run single-threaded.
    public static func limitCurrentThread() {
        guard let f = setMaxActiveLevels else { return }
        typealias Fn = @convention(c) (Int32) -> Void
        unsafeBitCast(f, to: Fn.self)(0)
    }

    /// When `OMP_THREAD_LIMIT` is not set, sets it to 1. If the OpenMP runtime is already loaded
    /// (too late for it to see the variable), re-executes this program (`/proc/self/exe`, same
    /// arguments) with it; at most once (a marker variable stops loops). Returns only when no
    /// re-execution was needed or it failed. Call it early, before other threads read the
    /// environment.
    public static func reexecIfNeeded() {
        let env = ProcessInfo.processInfo.environment
        guard env["OMP_THREAD_LIMIT"] == nil, env[reexecMarker] == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        // The usual case now: Tesseract, and libgomp with it, is opened later and reads it then.
        guard runtimeLoaded else { return }
        setenv(reexecMarker, "1", 1)
        fflush(nil)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // exec failed (no /proc): go on; `limitCurrentThread` still keeps OCR single-threaded.
        unsetenv(reexecMarker)
    }

    /// Threads of this process now (`Threads:` of /proc/self/status), for tests and benchmarks.
    public static func threadCount() -> Int? {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in s.split(separator: "\n") where line.hasPrefix("Threads:") {
            return Int(line.dropFirst(8).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
