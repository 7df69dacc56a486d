import Foundation

/// A few threads started together for one piece of work (the extra page threads of a document:
/// PDF pages, OCR pages) and waited for together: the caller may work beside them, then `join`s.
/// Threads, not Dispatch: poppler and Tesseract recurse deeply and need a stack of the size the
/// caller asks, which Dispatch's threads do not give.
public struct ThreadTeam: Sendable {
    private let running: Monitor<Int>

    /// Starts `count` threads, each running `body` with its number (0..<count), on a stack of
    /// `stackSize` bytes.
    public init(_ count: Int, stackSize: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let running = Monitor(max(0, count))
        self.running = running
        for i in 0..<max(0, count) {
            let thread = Thread {
                body(i)
                running.update { $0 -= 1 }
            }
            thread.stackSize = stackSize
            thread.start()
        }
    }

    /// Waits until every thread of the team has ended.
    public func join() { running.wait(until: { $0 == 0 }) { _ in } }

    /// Runs `count` threads and waits for them.
    public static func run(_ count: Int, stackSize: Int, _ body: @escaping @Sendable (Int) -> Void) {
        ThreadTeam(count, stackSize: stackSize, body).join()
    }
}
