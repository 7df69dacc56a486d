import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Debian's libtesseract runs its neural network through OpenMP teams of up to 10 threads; on a
/// small machine they spin against each other and a page takes ~8× longer. `OMP_THREAD_LIMIT=1`
/// fixes it but is read once, when the OpenMP runtime loads — before `main`.
///
/// Two guards, both real:
/// - `reexecIfNeeded()` (the CLI, through `ExtractorRegistry.prepareProcess()`): re-executes the
///   program once with `OMP_THREAD_LIMIT=1` in its environment.
/// - `limitCurrentThread()` (every recognising thread, so library callers who never call
///   `prepareProcess` are covered too): sets the OpenMP "max active levels" to 0, which makes
///   every parallel region run on the calling thread alone. It is looked up at run time so a
///   Tesseract built without OpenMP needs nothing.
public enum OpenMP {
    public static let reexecMarker = "INGEST_OMP_REEXEC"

    nonisolated(unsafe) private static let setMaxActiveLevels: UnsafeMutableRawPointer? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "omp_set_max_active_levels")

    /// True when this process's OpenMP runtime is present (Tesseract linked with it).
    public static var isPresent: Bool { setMaxActiveLevels != nil }

    /// Makes OpenMP parallel regions started from this thread run single-threaded.
    public static func limitCurrentThread() {
        guard let f = setMaxActiveLevels else { return }
        typealias Fn = @convention(c) (Int32) -> Void
        unsafeBitCast(f, to: Fn.self)(0)
    }

    /// When `OMP_THREAD_LIMIT` is not set, re-executes this program (`/proc/self/exe`, same
    /// arguments) with `OMP_THREAD_LIMIT=1`; at most once (a marker variable stops loops).
    /// Returns only when no re-execution was needed or it failed.
    public static func reexecIfNeeded() {
        let env = ProcessInfo.processInfo.environment
        guard env["OMP_THREAD_LIMIT"] == nil, env[reexecMarker] == nil else { return }
        setenv("OMP_THREAD_LIMIT", "1", 1)
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
