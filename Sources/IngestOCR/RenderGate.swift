import Foundation

/// One page render at a time in the process. Rendering a 300-dpi scan holds, for ≈ 0.1 s,
/// poppler's decoded copy of the page image and our colour surface (≈ 34 MB each at letter size);
/// two workers that render at once — both start that way — add both to the engines' memory in
/// the process's peak. Waiting for the other worker's render costs at most that 0.1 s against a
/// page's second of recognition.
enum RenderGate {
    private static let lock = NSLock()

    static func withRender<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
