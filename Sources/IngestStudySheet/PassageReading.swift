import IngestCore
import Synchronization

/// The passages of a document's blocks (`StudySheetBuilder.passages(of:)`), read by several
/// threads at once: each claims the next run of blocks until none is left. The result is the
/// same whoever read which block (each block is read on its own).
public final class PassageReading: Sendable {
    /// Blocks claimed at a time: enough that claiming costs nothing, few enough to share the end.
    static let run = 64

    private let blocks: [Block]
    private struct State {
        var next = 0
        var done = 0
        var passages: [[DefinitionRecognizer.Passage]?]
    }
    private let state: Monitor<State>

    public init(_ blocks: [Block]) {
        self.blocks = blocks
        state = Monitor(State(passages: Array(repeating: nil, count: blocks.count)))
    }

    /// Reads runs of blocks until every one is claimed.
    public func help() {
        while let start = state.update({ s -> Int? in
            guard s.next < blocks.count else { return nil }
            defer { s.next = min(blocks.count, s.next + Self.run) }
            return s.next
        }) {
            let end = min(blocks.count, start + Self.run)
            let read = blocks[start..<end].map(StudySheetBuilder.passages(of:))
            state.update { s in
                s.passages.replaceSubrange(start..<end, with: read)
                s.done += end - start
            }
        }
    }

    /// Every block's passages, by block index: helps, then waits for the runs others still read.
    func passages() -> [[DefinitionRecognizer.Passage]?] {
        help()
        return state.wait(until: { $0.done == self.blocks.count }) { $0.passages }
    }
}
