import IngestPipeline
import IngestQuality

/// How a process of Ingest ends — a command (`ingest convert`, `watch`, `qa`, `worker`, `deliver`,
/// `youtube`, `config`, `help`) or a child (`ingest _reader`, `ingest _ocr`). Each returns one;
/// `ExitStatus.of` alone turns it into a number, and `ingest` exits once, at the end of `main`.
public enum CommandOutcome: Sendable, Equatable {
    /// Done: every document ready (duplicates and documents already done included), or what was
    /// asked printed (help, a plan, the configuration).
    case done
    /// Done, but a person has something to look at: a document failed, was read in part or is
    /// not ready, a rendering or a delivery did not happen, a QA regression, nothing to read.
    case needsAttention
    /// Arguments that cannot be run; said, with where the help is.
    case usage
    /// The run could not start or broke off (configuration, output folder, library, a child
    /// without its parent's configuration); said.
    case refused

    /// `convert`: a document failed, was read in part or is not ready, or a delivery did not happen.
    public static func of(_ summary: RunSummary) -> CommandOutcome { summary.needsAttention ? .needsAttention : .done }

    /// `watch --once`: a document of the pass failed, was read in part or is not ready.
    public static func of(_ totals: WatchRun.Totals) -> CommandOutcome {
        totals.failed > 0 || totals.partial > 0 || totals.notReady > 0 ? .needsAttention : .done
    }

    /// `qa`: a figure worse than the baseline's beyond its tolerance.
    public static func of(_ report: QaReport) -> CommandOutcome { report.comparison?.hasRegressions == true ? .needsAttention : .done }

    /// `deliver`: a document still pending or refused by the sink, or a reader gone.
    public static func of(_ report: DeliveryReport) -> CommandOutcome { report.needsAttention ? .needsAttention : .done }

    /// `worker`: a fatal error (the worker could not go on) is a refusal; results its reader
    /// never took (it went away) need attention. A failed document is a result like any other.
    public static func of(_ counts: WorkerRun.Counts) -> CommandOutcome {
        if counts.fatal != nil { return .refused }
        return counts.readerGone || counts.notDelivered > 0 ? .needsAttention : .done
    }

    /// The outcome that tells more: refused or usage over needs attention over done.
    public func with(_ other: CommandOutcome) -> CommandOutcome {
        func rank(_ o: CommandOutcome) -> Int { switch o { case .done: 0; case .needsAttention: 1; case .usage: 2; case .refused: 3 } }
        return rank(other) > rank(self) ? other : self
    }
}

/// The one place where outcomes become exit codes: 0 done, 1 needs attention, 2 usage or refused
/// (SPEC's exit codes; scripts and the distributed engines that run `ingest worker` read them).
public enum ExitStatus {
    public static func of(_ outcome: CommandOutcome) -> Int32 {
        switch outcome {
        case .done: 0
        case .needsAttention: 1
        case .usage, .refused: 2
        }
    }
}

/// A command that stops before its end: what was wrong has been said (in the run's language);
/// `outcome` is `.usage` or `.refused`. Thrown by the steps of a command's set-up.
public struct CommandStop: Error, Sendable {
    public let outcome: CommandOutcome
    public init(_ outcome: CommandOutcome) { self.outcome = outcome }
}
