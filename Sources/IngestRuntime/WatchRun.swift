import Foundation
import Synchronization
import Glibc
import IngestCore
import IngestPipeline
import IngestStore
import IngestWatch

/// What the watch loop tells while it runs (the CLI draws a status line or prints JSON Lines).
public enum WatchReport: Sendable {
    /// Watching began: how (`inotify` or `polling`) and how many files wait in the backlog.
    case started(mode: String, backlog: Int)
    /// Something the user should know (polling fallback and why, a folder that vanished).
    case notice(IngestError)
    /// A unit is being converted (told once it is past the check that skips what is done, so a
    /// restart tells nothing of the files already done; always before its document).
    case taken(ImportUnit, queued: Int)
    /// A document's outcome, with its event as the library's outbox recorded it (id, time,
    /// revision; nil without a library).
    case document(DocumentOutcome, totals: WatchRun.Totals, event: RecordedEvent?)
    /// An event recorded with its document by an earlier watcher that stopped before printing it.
    case replayed(RecordedEvent)
    /// The files found at start that were already done (they get no event of their own).
    case alreadyDone(count: Int)
    /// A source file was deleted; its document (if any) is kept.
    case removed(path: String)
    /// A file still incomplete (being written, cut): it will be tried again.
    case incomplete(path: String, reason: String)
    /// The loop ended (stop request, or `--once` with the backlog done).
    case stopped(WatchRun.Totals)
}

public protocol WatchObserver: Sendable {
    func report(_ report: WatchReport)
}

/// A request to stop the watch loop (SIGINT/SIGTERM): in-flight documents finish, nothing new is
/// taken. A second request abandons in-flight documents (their workers are killed; the atomic
/// writes and the library leave nothing half-done, and the next start retries them).
public final class StopSignal: Sendable {
    private let requests = Mutex(0)
    public init() {}
    public func request() { requests.withLock { $0 += 1 } }
    public var isRequested: Bool { requests.withLock { $0 > 0 } }
    public var isUrgent: Bool { requests.withLock { $0 > 1 } }
}

/// `ingest watch`: a watched inbox, over the same runtime as `convert`. Each complete file is
/// read once — through inotify (polling on network shares, with `--poll`, or when the kernel's
/// watch limit is reached), a stability gate for writers that never close, and a format
/// completeness check — newest first, new arrivals ahead of the backlog. State lives in the same
/// library as `convert`: a restart reads nothing twice, an edited file is read again (its new
/// document supersedes the old one), a deleted source is reported and its document kept. Numbered
/// photos of one folder become one document once the folder has been quiet for a while.
/// Sources are only ever read.
///
/// Not Sendable: the loop's state (the gate, the queue, the files known) belongs to the thread
/// that calls `run`. What the reading slots share with it (`WatchShared`) is behind one `Monitor`,
/// and the slots' threads run `WatchSlots`, which holds nothing else of the loop's.
public final class WatchRun {
    public struct Options: Sendable {
        public var once = false
        public var poll = false
        public var groupsPhotos = true
        public init(once: Bool = false, poll: Bool = false, groupsPhotos: Bool = true) {
            self.once = once; self.poll = poll; self.groupsPhotos = groupsPhotos
        }
    }

    public struct Totals: Sendable, Equatable {
        public var done = 0, partial = 0, failed = 0, notReady = 0, duplicates = 0, skipped = 0, removed = 0
        public var queued = 0, reading = 0
        public var last: String?
    }

    let reader: any DocumentReader
    let inbox: URL
    let outputDirectory: URL
    let settings: PipelineConfig.Watch
    let options: Options
    let language: MessageLanguage
    let observer: (any WatchObserver)?
    let events: ReadEvents
    /// The HTTP sink's deliveries (nil for the other sinks): sent as documents are done, what an
    /// earlier run left pending first; at stop, what is still pending waits for the next start or
    /// `ingest deliver`.
    public var delivery: Deliverer?
    /// The library as the events' outbox (see `Library+Events`): each document's event is
    /// recorded with it and printed after; what an earlier watcher left unprinted is printed at
    /// start. Nil: events are printed without ids (no library).
    public var outbox: Library?
    /// What the sink's deliveries came to when the loop ended (nil without a `delivery`).
    public private(set) var deliveryReport: DeliveryReport?
    /// Files the loop did not read because the jsonl sink's reader went away (read by the next
    /// start): queued, handed out but not started, still settling.
    public private(set) var notRead = 0

    public init(reader: any DocumentReader, inbox: URL, outputDirectory: URL, config: PipelineConfig, options: Options,
                observer: (any WatchObserver)?, events: ReadEvents = ReadEvents()) {
        self.reader = reader
        self.inbox = inbox.standardizedFileURL.resolvingSymlinksInPath()
        self.outputDirectory = outputDirectory.standardizedFileURL
        self.settings = config.watch
        self.options = options
        self.language = config.messageLanguage
        self.observer = observer
        self.events = events
    }

    // MARK: State (the loop thread's, except `shared`)

    /// What the loop shares with the reading slots.
    private let shared = Monitor(WatchShared())

    private var gate = StabilityGate()
    private var queue = ArrivalQueue()
    /// What each queued key reads (a file, or the photos of one lesson).
    private var pendingUnits: [String: ImportUnit] = [:]
    /// Numbered photos waiting for their folder to be quiet: lesson key → (files, last change).
    private var lessons: [String: (files: Set<String>, changedAt: Double)] = [:]
    /// Keys being read now: a key that changes meanwhile is queued again after.
    private var reading = Set<String>()
    private var again = Set<String>()
    /// Files known to exist (for polling and for telling a deletion of something we read).
    private var known: [String: FileStamp] = [:]
    private var watcher: InotifyWatcher?
    private let scanner = PollingScanner()
    private var lastScan = 0.0
    /// Written by a slot when it finishes, so the loop wakes at once to hand it the next unit.
    private var wake: [Int32] = [-1, -1]
    private var nextRecheck = 0.0
    /// The stamp last given to the gate for each path it holds: a file released on a stamp it no
    /// longer has (its writer went on) goes back through the gate instead of being read.
    private var observed: [String: FileStamp] = [:]
    /// Files judged incomplete (or empty): their stamp is checked again with the waiting ones, so a
    /// writer still at work starts the gate over instead of being read at the retry.
    private var retrying = Set<String>()
    /// Names that are not UTF-8 already named (`name(undecodable:)`).
    private var namedUndecodable = Set<String>()
    /// Files whose names are not UTF-8, read through aliases: the loop keys them on the alias.
    private var aliases = WatchAliases()

    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Runs until `stop` is requested, or with `once` until the backlog is read. Throws when no
    /// document can be read at all (the worker cannot start, the library cannot be opened).
    public func run(stop: StopSignal) throws(IngestError) -> Totals {
        gate = StabilityGate(quietSeconds: settings.quietSeconds, closedSettleSeconds: min(settings.closedSettleSeconds, settings.quietSeconds),
                             retryIncompleteAfterSeconds: max(1, settings.quietSeconds),
                             giveUpIncompleteAfterSeconds: settings.giveUpIncompleteAfterSeconds)
        OutputWriter.removeAbandoned(in: outputDirectory)
        var mode = "polling"
        if !options.poll {
            do { watcher = try InotifyWatcher(root: inbox); mode = "inotify" } catch {
                let e = IngestError.wrap(error)
                if e.code == .fileNotFound { throw e }
                observer?.report(.notice(e))
            }
        }
        // The backlog: files already there. Those unchanged for the quiet period are taken as they
        // are (newest first); the others go through the gate like new arrivals.
        let start = Self.now()
        let wallNow = Date().timeIntervalSince1970
        known = scan()
        var backlog = 0
        for (path, stamp) in known {
            if wallNow - Double(stamp.mtimeNs) / 1e9 >= settings.quietSeconds {
                if admit(path, now: start, backlog: stamp) { backlog += 1 }
            } else {
                observe(path, stamp, now: start)
            }
        }
        lastScan = start
        observer?.report(.started(mode: mode, backlog: backlog))
        try replayUnprinted()

        _ = pipe(&wake)
        for fd in wake {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        // A jsonl reader that goes away (a write meets EPIPE) wakes the loop, which stops.
        // (Weak: the deliverer keeps the handler until it fires; the run must not be kept by it.)
        let slots = WatchSlots(shared: shared, reader: reader, outputDirectory: outputDirectory, observer: observer,
                               events: events, reports: reports, delivery: delivery, outbox: outbox, wake: wake[1])
        delivery?.onConsumerGone { [shared, wake] in
            shared.read { s in if !s.wakeClosed { WatchSlots.wake(wake[1]) } }
        }
        delivery?.notify()
        shared.update { $0.free = Array(0..<reader.slots) }
        let threads = ThreadTeam(reader.slots, stackSize: 8 << 20) { _ in slots.slotLoop() }
        defer {
            shared.update { $0.stopping = true }
            if stop.isUrgent { reader.close() }
            threads.join()
            let untold = shared.update { s in defer { s.backlogTold = true }; return s.backlogTold ? 0 : s.backlogDone }
            if untold > 0, let observer { reports.tell(.alreadyDone(count: untold), to: observer) }
            reports.drain()
            reader.close()
            OutputWriter.removeAbandoned(in: outputDirectory)
            shared.update { s in s.wakeClosed = true; close(wake[0]); close(wake[1]) }
            deliveryReport = try? delivery?.finish()
        }

        while true {
            if let f = shared.read({ $0.fatal }) { throw f }
            if stop.isUrgent { break }
            collectFinished()
            if !consumerGone && delivery?.consumerGone == true { giveUpForGoneReader() }
            // Nothing being read or handed out (the queue is left as it is for a gone reader).
            let drained = shared.read { $0.busy == 0 && $0.jobs.isEmpty }
            let idle = queue.isEmpty && drained
            if consumerGone && (drained || stop.isUrgent) { break }
            if stop.isRequested && (idle || stop.isUrgent) { break }
            if stop.isRequested || consumerGone { waitForWork(0.05); continue }
            if options.once && idle && gate.waiting.isEmpty && lessons.isEmpty { break }

            let now = Self.now()
            // How long to wait for events: until the gate or a lesson folder needs a look, a slot
            // may need feeding, or (polling) the next scan.
            var timeout = 1.0
            if let d = gate.nextDeadline() { timeout = min(timeout, max(0, d - now)) }
            for l in lessons.values { timeout = min(timeout, max(0, l.changedAt + settings.lessonQuietSeconds - now)) }
            if stop.isRequested || (options.once && !queue.isEmpty) { timeout = min(timeout, 0.05) }
            // Files still settling are looked at (stat) four times a second: inotify says nothing
            // while a writer that never closes is at work.
            if gate.count > 0 { timeout = min(timeout, max(0, nextRecheck - now)) }
            if watcher == nil { timeout = min(timeout, max(0, lastScan + settings.pollSeconds - now)) }

            // Wait for file events or a slot that finished, whichever comes first.
            var fds = [pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
            if let watcher { fds.append(pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)) }
            // The jsonl sink's pipe: an error once its reader has closed it, even with nothing to write.
            let reader = delivery?.readerDescriptor
            if let reader { fds.append(pollfd(fd: reader, events: 0, revents: 0)) }
            _ = poll(&fds, nfds_t(fds.count), Int32((timeout * 1000).rounded(.up)))
            if reader != nil, let last = fds.last, last.revents & Int16(POLLERR | POLLHUP) != 0 {
                delivery?.readerClosed()
                continue
            }
            var sink = [UInt8](repeating: 0, count: 64)
            while read(wake[0], &sink, 64) > 0 {}
            let arrived: [WatchEvent]
            if let watcher {
                arrived = watcher.wait(timeout: 0)
            } else {
                arrived = Self.now() >= lastScan + settings.pollSeconds ? rescan() : []
            }
            handle(arrived)
            release(now: Self.now())
            dispatch()
        }
        return shared.read { $0.totals }
    }

    // MARK: Events

    /// Files under the inbox that may be documents (temporary names, dot-files, our own outputs
    /// when they are inside the inbox, and folders of the system left out).
    private func scan() -> [String: FileStamp] {
        let found = scanner.scan(root: inbox)
        var files = found.files.filter { isCandidate($0.key) }
        for path in found.undecodable where isCandidate(path) {
            switch aliases.find(path) {
            case .file(let alias): if let stamp = FileStamp(path: alias) { files[alias] = stamp }
            case .other: name(undecodable: path)
            case .gone: break
            }
        }
        return files
    }

    /// A name that is not UTF-8 seen by inotify (written, moved in or out, deleted): a file is
    /// keyed on its alias as any file on its path; one gone is removed.
    private func undecodable(_ path: String, now: Double) {
        guard isCandidate(path) else { return }
        switch aliases.find(path) {
        case .file(let alias):
            guard let stamp = FileStamp(path: alias) else { return }
            known[alias] = stamp
            // Told on close-write or a move into place: the writer is done.
            observe(alias, stamp, now: now, closed: true)
        case .other:
            name(undecodable: path)
        case .gone:
            if let alias = aliases.alias(ofShown: path), known[alias] != nil { removed(alias, now: now) }
        }
    }

    /// A folder whose name is not UTF-8, or a file no alias could be made for (`WatchAliases`),
    /// is not read: it is named once (a notice, `file.nameNotUTF8`, as `convert` names it) and
    /// counted as failed, never passed over in silence.
    private func name(undecodable path: String) {
        guard isCandidate(path), namedUndecodable.insert(path).inserted else { return }
        shared.update { $0.totals.failed += 1 }
        observer?.report(.notice(IngestError(.fileNameNotUTF8, ["path": relative(path)])))
    }

    private func isCandidate(_ path: String) -> Bool {
        let path = aliases.shown(path)
        if path.hasPrefix(outputDirectory.path + "/") || path == outputDirectory.path { return false }
        let relative = path.hasPrefix(inbox.path + "/") ? String(path.dropFirst(inbox.path.count + 1)) : path
        let parts = relative.split(separator: "/")
        guard let name = parts.last else { return false }
        if TemporaryNames.isIgnored(String(name)) { return false }
        return !parts.dropLast().contains { TemporaryNames.isIgnoredFolder(String($0)) }
    }

    private static let trace = ProcessInfo.processInfo.environment["INGEST_WATCH_TRACE"] == "1"
    private func trace(_ s: @autoclosure () -> String) {
        if Self.trace { FileHandle.standardError.write(Data("watch \(String(format: "%.3f", Self.now())) \(s())\n".utf8)) }
    }

    private func observe(_ path: String, _ stamp: FileStamp, now: Double, closed: Bool = false, settled: Bool = false) {
        trace("observe \(path) \(stamp) closed=\(closed) settled=\(settled)")
        observed[path] = stamp
        gate.observe(path, stamp: stamp, now: now, closed: closed, settled: settled)
    }

    private func forget(_ path: String) {
        gate.forget(path)
        observed[path] = nil
        retrying.remove(path)
    }

    private func rescan() -> [WatchEvent] {
        lastScan = Self.now()
        let fresh = scan()
        let diff = scanner.diff(known, fresh)
        return diff
    }

    private func handle(_ events: [WatchEvent]) {
        let now = Self.now()
        for event in events {
            switch event {
            case .changed(let url, let closed):
                let path = url.standardizedFileURL.path
                guard isCandidate(path), let stamp = FileStamp(path: path) else { continue }
                known[path] = stamp
                observe(path, stamp, now: now, closed: closed)
            case .movedIn(let url):
                let path = url.standardizedFileURL.path
                guard isCandidate(path), let stamp = FileStamp(path: path) else { continue }
                known[path] = stamp
                observe(path, stamp, now: now, closed: true, settled: true)
            case .removed(let url):
                removed(url.standardizedFileURL.path, now: now)
            case .overflow:
                // The kernel dropped events: look at everything again; nothing is lost.
                handle(rescan())
            case .limitReached(let e):
                observer?.report(.notice(e))
                watcher = nil
            case .undecodable(let path):
                undecodable(path, now: now)
            }
        }
        // Paths the gate waits on are checked again (stat) when their time comes.
        let due = gate.nextDeadline().map { now >= $0 } ?? false
        if due || (gate.count > 0 && now >= nextRecheck) {
            nextRecheck = now + 0.25
            for path in Set(gate.waiting).union(retrying) {
                if let stamp = FileStamp(path: path) { observe(path, stamp, now: now) } else { forget(path) }
            }
        }
    }

    /// A file or folder gone. The aliases of files that were under a folder go with it.
    private func removed(_ path: String, now: Double) {
        let under = { (p: String) in p == path || p.hasPrefix(path + "/") }
        let aliased = Set(known.keys.filter { aliases.isAlias($0) && under(aliases.shown($0)) })
        for p in [path] + aliased { forget(p); queue.remove(p) }
        gate.forgetTree(path)
        shared.update { $0.backlogKeys = $0.backlogKeys.filter { !under($0) && !aliased.contains($0) } }
        for p in observed.keys where p.hasPrefix(path + "/") { forget(p) }
        for p in known.keys where under(p) || aliased.contains(p) {
            known[p] = nil
            if isCandidate(p) {
                shared.update { $0.totals.removed += 1 }
                observer?.report(.removed(path: relative(p)))
            }
        }
        for (key, lesson) in lessons where lesson.files.contains(path) {
            var l = lesson
            l.files.remove(path)
            lessons[key] = l.files.isEmpty ? nil : (l.files, now)
        }
    }

    /// Files the gate lets through: checked for completeness, then queued (numbered photos wait
    /// for their folder to be quiet).
    private func release(now: Double) {
        stemCache = [:]
        companionCache = [:]
        var released = 0
        for r in gate.ready(now: now) {
            let path = r.path
            trace("release \(r)")
            guard let current = FileStamp(path: path) else { forget(path); continue }
            if current != observed[path] {
                // Released on a stamp it no longer has: its writer is still at work.
                gate.forget(path)
                observe(path, current, now: now)
                continue
            }
            // An empty file is one whose writer has not written yet (a slow copy creates it first).
            if case .ready = r, current.size == 0 {
                gate.retryLater(path, now: now)
                retrying.insert(path)
                continue
            }
            if case .ready = r, case .incomplete(let reason) = Completeness.check(URL(fileURLWithPath: path)) {
                gate.retryLater(path, now: now)
                retrying.insert(path)
                observer?.report(.incomplete(path: relative(path), reason: reason))
                continue
            }
            // Queued: the gate forgets it (a later change is a new event, and the library tells an
            // unchanged file from an edited one), so it holds only files still settling.
            forget(path)
            if admit(path, now: now, backlog: nil) {
                // Idle slots start on the first files of a big arrival while the rest are checked.
                released += 1
                if released % 16 == 1 { dispatch() }
            }
        }
        for (key, lesson) in lessons where now >= lesson.changedAt + settings.lessonQuietSeconds {
            lessons[key] = nil
            let files = lesson.files.sorted { NaturalOrder.less(($0 as NSString).lastPathComponent, ($1 as NSString).lastPathComponent) }
                .filter { FileManager.default.fileExists(atPath: $0) }
            guard !files.isEmpty else { continue }
            pendingUnits[key] = lessonUnit(files)
            enqueue(key, backlog: nil)
        }
    }

    /// Queues a settled file (or its lesson); returns whether it was queued now.
    @discardableResult
    private func admit(_ path: String, now: Double, backlog: FileStamp?) -> Bool {
        let url = URL(fileURLWithPath: path)
        // A recording's transcript, a yt-dlp video's subtitle tracks: read with the file they
        // belong to (as `convert` does), not as documents of their own — unless that file was
        // read already by this watcher (the companion came later): then it is a document of its
        // own, or its text would be lost.
        // (A file read through an alias is read as a document of its own.)
        let aliased = aliases.isAlias(path)
        if !aliased, companions(in: url.deletingLastPathComponent().path).contains(url.standardizedFileURL),
           owners(of: url).contains(where: { !finishedPaths.contains($0) }) {
            return false
        }
        if !aliased, options.groupsPhotos, InputPlanner.photoExtensions.contains(url.pathExtension.lowercased()),
           let stem = InputPlanner.photoStem(url.lastPathComponent) {
            let key = "lesson:" + url.deletingLastPathComponent().path + "/" + stem.lowercased()
            var lesson = lessons[key] ?? (files: [], changedAt: now)
            lesson.files.insert(path)
            // The backlog's photos are old: their folder is quiet already.
            lesson.changedAt = backlog == nil ? now : min(lesson.changedAt, now - settings.lessonQuietSeconds)
            lessons[key] = lesson
            return false
        }
        pendingUnits[path] = fileUnit(path)
        if backlog != nil { shared.update { _ = $0.backlogKeys.insert(path) } }
        enqueue(path, backlog: backlog)
        return true
    }

    private func enqueue(_ key: String, backlog: FileStamp?) {
        if reading.contains(key) { again.insert(key); return }
        if let backlog { queue.addBacklog(key, mtimeNs: backlog.mtimeNs) } else { queue.addArrival(key) }
        let queued = queue.count
        shared.update { $0.totals.queued = queued }
    }

    private func relative(_ path: String) -> String {
        let path = aliases.shown(path)
        return path.hasPrefix(inbox.path + "/") ? String(path.dropFirst(inbox.path.count + 1)) : path
    }

    /// `cours/chapitre 1.pdf` → output `cours/chapitre 1`; when another file of that folder has
    /// the same stem (`chapitre 1.docx`), the full name, so outputs never overwrite each other.
    private func fileUnit(_ path: String) -> ImportUnit {
        let rel = relative(path)
        // A yt-dlp download (`NAME [ID].info.json`) is named after its video, as in `convert`.
        let info = ".info.json", isInfo = rel.lowercased().hasSuffix(info)
        let stem = isInfo ? String(rel.dropLast(info.count)) : (rel as NSString).deletingPathExtension
        // Named by the path shown (an alias's own folder and name say nothing of the file's).
        let shown = aliases.shown(path)
        let folder = (shown as NSString).deletingLastPathComponent
        let name = (shown as NSString).lastPathComponent
        let base = isInfo ? String(name.dropLast(info.count)) : (name as NSString).deletingPathExtension
        let clash = (stems(in: folder)[base] ?? 0) > 1
        // Confined to the inbox: a link out of it is refused, checked on the opened file.
        return ImportUnit(sources: [UnitSource(files: [URL(fileURLWithPath: path, isDirectory: false)], name: rel, root: inbox)],
                          outputName: clash || stem.isEmpty ? rel : stem)
    }

    /// How many files of `folder` have each stem, listed once per pass of the loop (1,000 files
    /// moved in at once would otherwise list their folder 1,000 times).
    private var stemCache: [String: [String: Int]] = [:]
    /// The companion files of each folder (see `ExtractorRegistry.companionFiles`), listed once per pass.
    private var companionCache: [String: Set<URL>] = [:]
    /// Paths this watcher has read (the loop thread's): a companion arriving after its file is
    /// not left to a reading that is over.
    private var finishedPaths = Set<String>()

    /// The files of `companion`'s folder that read it with themselves.
    private func owners(of companion: URL) -> [String] {
        let folder = companion.deletingLastPathComponent()
        let names = (try? FolderListing(path: folder.path))?.names ?? []
        return names.map { folder.appendingPathComponent($0, isDirectory: false) }
            .filter { $0.lastPathComponent != companion.lastPathComponent
                && ExtractorRegistry.companionFiles(in: [$0, companion]).contains(companion.standardizedFileURL) }
            .map(\.path)
    }

    private func companions(in folder: String) -> Set<URL> {
        if let cached = companionCache[folder] { return cached }
        let names = (try? FolderListing(path: folder))?.names ?? []
        let found = ExtractorRegistry.companionFiles(in: names.filter { !TemporaryNames.isIgnored($0) }
            .map { URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent($0, isDirectory: false) })
        companionCache[folder] = found
        return found
    }
    private func stems(in folder: String) -> [String: Int] {
        if let cached = stemCache[folder] { return cached }
        var counts: [String: Int] = [:]
        // Names that are not UTF-8 counted as shown (the names their documents get).
        let listing = try? FolderListing(path: folder)
        for name in (listing?.names ?? []) + (listing?.undecodable ?? []) where !TemporaryNames.isIgnored(name) {
            counts[(name as NSString).deletingPathExtension, default: 0] += 1
        }
        stemCache[folder] = counts
        return counts
    }

    private func lessonUnit(_ files: [String]) -> ImportUnit {
        let first = relative(files[0])
        let folder = (first as NSString).deletingLastPathComponent
        let stem = InputPlanner.photoStem((first as NSString).lastPathComponent) ?? (first as NSString).deletingPathExtension
        let names = files.map { relative($0) }
        let display = names.count <= 3 ? names.joined(separator: ", ") : "\(names[0]) … \(names[names.count - 1]) (\(names.count))"
        return ImportUnit(sources: [UnitSource(files: files.map { URL(fileURLWithPath: $0, isDirectory: false) }, name: display, root: inbox)],
                          outputName: folder.isEmpty ? stem : folder + "/" + stem)
    }

    // MARK: Reading on the slots

    /// A unit handed out: its key, what it reads, its take's event id (nil without a library)
    /// and the file's stamp when it was handed out (nil for a lesson).
    struct Job: Sendable {
        var key: String
        var unit: ImportUnit
        var eventID: String?
        var stamp: FileStamp?
    }

    static let fastMilliseconds = 20.0
    static let fastAhead = 8

    /// Hands queued units to the slots: one each for the free ones and one more per slot, so a slot
    /// that finishes takes its next unit at once instead of waiting for this loop to wake (the
    /// queue still decides the order of everything else until the last moment).
    private func dispatch() {
        if consumerGone { return }
        var taken: [Job] = []
        shared.update { s in
            // Fast documents (a folder of notes dropped at once) get a deeper hand-out, so the slots
            // do not wait on this loop between them; slow ones one ahead per slot, so a new arrival
            // never waits behind much work already handed out (at most `fastAhead` fast documents).
            let ahead = s.recentMilliseconds < Self.fastMilliseconds ? Self.fastAhead : 1
            while s.jobs.count + taken.count < s.free.count + reader.slots * ahead, let key = queue.pop() {
                guard let unit = pendingUnits.removeValue(forKey: key) else { continue }
                reading.insert(key)
                taken.append(Job(key: key, unit: unit, eventID: nil, stamp: key.hasPrefix("lesson:") ? nil : FileStamp(path: key)))
            }
            s.totals.queued = queue.count
        }
        guard !taken.isEmpty else { return }
        // The takes are on record before a slot can start them: whichever process records a
        // document records its event in the same transaction.
        if let outbox {
            do {
                let ids = try outbox.take(taken.map { (WatchSlots.target(of: $0.unit, in: outputDirectory), $0.unit.sources.map(\.name)) })
                for i in taken.indices { taken[i].eventID = ids[i] }
            } catch {
                observer?.report(.notice(IngestError.wrap(error)))
            }
        }
        shared.update { $0.jobs.append(contentsOf: taken) }
    }

    /// Events an earlier watcher recorded with their documents but did not print: printed once
    /// now. Its takes without a document are dropped (those files are read again).
    private func replayUnprinted() throws(IngestError) {
        guard let outbox else { return }
        do {
            try outbox.enableEvents()
            for event in try outbox.unprintedEvents(outputDirectory: outputDirectory.path) {
                observer?.report(.replayed(event))
                try outbox.markPrinted(event)
            }
            try outbox.dropTakes(outputDirectory: outputDirectory.path)
        } catch {
            throw IngestError.wrap(error)
        }
    }

    /// Documents' events, told in the order the slots finished them, off the slots' threads.
    private let reports = ReportQueue()

    private func collectFinished() {
        let (keys, changing) = shared.update { s in
            defer { s.finishedKeys = []; s.changing = [] }
            return (s.finishedKeys, s.changing)
        }
        for key in keys {
            reading.remove(key)
            finishedPaths.insert(key)
            if again.remove(key) != nil || changing.contains(key), !key.hasPrefix("lesson:") {
                // Changed while it was read: through the gate again, from its current state.
                forget(key)
                if let stamp = FileStamp(path: key) { observe(key, stamp, now: Self.now()) }
            }
        }
    }

    private func waitForWork(_ seconds: Double) {
        var fds = [pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, 1, Int32((seconds * 1000).rounded(.up)))
        // Emptied, or every later wait would return at once (a spin until the slots are done).
        var sink = [UInt8](repeating: 0, count: 64)
        while read(wake[0], &sink, 64) > 0 {}
    }

    // MARK: A jsonl reader that went away

    /// Set (loop thread) once the sink's reader is gone: nothing more is taken.
    private var consumerGone = false

    /// The reader of the jsonl sink went away: nothing more is taken. The units handed out but
    /// not started are given back (their takes dropped: the next start reads them); what is
    /// being read finishes and stays pending in the library, delivered by the next start or
    /// `ingest deliver`.
    private func giveUpForGoneReader() {
        consumerGone = true
        let returned = shared.update { s in defer { s.jobs = [] }; return s.jobs }
        for job in returned { if let id = job.eventID { try? outbox?.dropTake(id) } }
        notRead = returned.count + queue.count + gate.count + lessons.values.reduce(0) { $0 + $1.files.count }
        trace("reader gone: \(notRead) not read")
    }
}

/// What the watch loop and its reading slots share, behind `WatchRun`'s one `Monitor`: a slot
/// waits on it for a unit, and every change wakes the waiting slots.
struct WatchShared {
    var totals = WatchRun.Totals()
    var free: [Int] = []
    var busy = 0
    var fatal: IngestError?
    /// Units handed out and not started yet.
    var jobs: [WatchRun.Job] = []
    /// Units whose reading finished since the loop last looked (their keys).
    var finishedKeys: [String] = []
    /// Those of `finishedKeys` whose file changed under the reader (`file.changing`): not a
    /// failure in an inbox, the file goes back through the gate.
    var changing = Set<String>()
    /// Keys whose last reading failed (counted once in `totals.failed`; a later success takes
    /// the failure back).
    var failedKeys = Set<String>()
    /// Files found at start and not yet read; how many of them were already done.
    var backlogKeys = Set<String>()
    var backlogDone = 0
    var backlogTold = false
    /// How long documents took to read lately (a moving average, milliseconds).
    var recentMilliseconds = 1_000.0
    var stopping = false
    /// The wake pipe is closed: the sink's handler must not write to it.
    var wakeClosed = false

    /// Counts an outcome. A unit that failed and later reads well counts once, as what it became;
    /// a unit failing again is not counted twice.
    mutating func count(_ o: DocumentOutcome, key: String) {
        if o.status == .failed {
            if failedKeys.insert(key).inserted { totals.failed += 1 }
        } else {
            if failedKeys.remove(key) != nil { totals.failed -= 1 }
            switch o.status {
            case .succeeded where o.readiness == .notReady: totals.notReady += 1
            case .succeeded: totals.done += 1
            case .partial: totals.partial += 1
            case .duplicate: totals.duplicates += 1
            case .skipped: totals.skipped += 1
            case .failed: break
            }
        }
        if o.status != .skipped { totals.last = o.sources.joined(separator: " + ") }
    }
}

/// The reading side of a watch: what each slot's thread runs. It holds the shared state and what
/// was fixed before the slots started, nothing of the loop's own.
final class WatchSlots: Sendable {
    let shared: Monitor<WatchShared>
    let reader: any DocumentReader
    let outputDirectory: URL
    let observer: (any WatchObserver)?
    let events: ReadEvents
    let reports: ReportQueue
    let delivery: Deliverer?
    let outbox: Library?
    /// The write end of the loop's wake pipe.
    let wakeDescriptor: Int32

    init(shared: Monitor<WatchShared>, reader: any DocumentReader, outputDirectory: URL, observer: (any WatchObserver)?,
         events: ReadEvents, reports: ReportQueue, delivery: Deliverer?, outbox: Library?, wake: Int32) {
        self.shared = shared; self.reader = reader; self.outputDirectory = outputDirectory; self.observer = observer
        self.events = events; self.reports = reports; self.delivery = delivery; self.outbox = outbox; self.wakeDescriptor = wake
    }

    /// The library's `sources.target` of a unit: the output folder and the document's path.
    static func target(of unit: ImportUnit, in outputDirectory: URL) -> String {
        outputDirectory.path + "\n" + unit.outputName + ".json"
    }

    static func wake(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    /// Whether a unit's `taken` was told (set from the reader's stage callback).
    private final class Told: Sendable {
        // Behind a lock: the stage callback may come on the reader's thread.
        private let value = Mutex(false)
        /// True the first time only.
        func first() -> Bool { value.withLock { told in defer { told = true }; return !told } }
    }

    func slotLoop() {
        while true {
            let next: (job: WatchRun.Job, slot: Int)? = shared.wait(until: { !$0.jobs.isEmpty || $0.stopping }) { s in
                guard !s.jobs.isEmpty else { return nil }
                let job = s.jobs.removeFirst()
                let slot = s.free.removeLast()
                s.busy += 1
                s.totals.reading = s.busy
                return (job, slot)
            }
            guard let (job, slot) = next else { return }
            read(job, slot: slot)
        }
    }

    private func read(_ job: WatchRun.Job, slot: Int) {
        var outcome: DocumentOutcome?
        let started = DispatchTime.now().uptimeNanoseconds
        // `taken` is told once the unit is past the skip check (its first stage after `read`):
        // what is already done is not announced at all.
        let told = Told()
        // `queued`: given by a caller that holds the shared state (its lock is not reentrant).
        let tellTaken: @Sendable (Int?) -> Void = { [self] queued in
            guard told.first(), let observer else { return }
            reports.tell(.taken(job.unit, queued: queued ?? shared.read { $0.totals.queued }), to: observer)
        }
        let slotEvents = ReadEvents(stage: { stage in if stage != .read { tellTaken(nil) } }, line: events.line)
        do {
            outcome = try reader.read(job.unit, slot: slot, skipsDone: true, events: slotEvents)
        } catch {
            shared.update { s in if s.fatal == nil { s.fatal = error } }
        }
        // A failure is final only for a file that stopped changing: one whose stamp moved
        // while it was read goes back through the gate, like `file.changing`.
        let changed = outcome.map { o in
            o.error?.code == .fileChanging || (o.status == .failed && job.stamp != nil && FileStamp(path: job.key) != job.stamp)
        } ?? false
        var told2 = outcome
        let event = outcome.flatMap { o in changed ? nil : announcement(of: o, job: job) }
        if let e = event, e.status == "skipped" { told2?.status = .skipped }
        if changed || outcome?.status == .skipped, let id = job.eventID { try? outbox?.dropTake(id) }
        let took = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        let wakeLoop = shared.update { s -> Bool in
            s.recentMilliseconds = s.recentMilliseconds * 0.8 + took * 0.2
            s.busy -= 1
            s.free.append(slot)
            s.totals.reading = s.busy
            s.finishedKeys.append(job.key)
            if changed {
                s.changing.insert(job.key)
            } else if let o = told2 {
                s.count(o, key: job.key)
                if o.status == .succeeded && o.readiness != .notReady { delivery?.notify() }
                let snapshot = s.totals
                if o.status != .skipped { tellTaken(s.totals.queued) }
                // Told on the reporting queue: the slot goes on to its next unit at once instead
                // of waiting while the event is encoded and written (a document's `taken` was told
                // before, so the order per document holds). The event is marked printed after.
                if let observer, o.status != .skipped || event != nil {
                    reports.tell(.document(o, totals: snapshot, event: event), to: Printed(observer: observer, outbox: outbox))
                }
                if s.backlogKeys.remove(job.key) != nil {
                    if outcome?.status == .skipped { s.backlogDone += 1 }
                    if s.backlogKeys.isEmpty && !s.backlogTold {
                        s.backlogTold = true
                        if s.backlogDone > 0, let observer { reports.tell(.alreadyDone(count: s.backlogDone), to: observer) }
                    }
                }
            }
            // The loop is woken when the slots are running short of work — a unit or less each
            // left handed out (or all is done); a wake per document would cost a context switch
            // each on a small machine.
            return s.jobs.count <= reader.slots
        }
        if wakeLoop { Self.wake(wakeDescriptor) }
    }

    /// The outbox's event for an outcome: the one recorded with its document, or for a failure
    /// one recorded now. A document and revision announced as succeeded before for the same
    /// output (a file read at an incremental update's first `%%EOF`, then read whole with the
    /// same content) comes back as `skipped`: never two `succeeded` for one revision. Nil for a
    /// skip or without a library.
    private func announcement(of o: DocumentOutcome, job: WatchRun.Job) -> RecordedEvent? {
        guard o.status != .skipped, let outbox, let id = job.eventID else { return nil }
        do {
            var event = try outbox.recordedEvent(id)
                ?? outbox.recordEvent(id, target: Self.target(of: job.unit, in: outputDirectory), status: o.status.rawValue,
                                      errorCode: o.error?.code.rawValue, sources: o.sources)
            if event.status == "succeeded", let last = try outbox.lastPrinted(target: event.target), last.status == "succeeded",
               last.documentID == event.documentID, last.revision == event.revision {
                event.status = "skipped"
            }
            return event
        } catch {
            return nil
        }
    }

    /// Tells a report, then marks its event printed: an event whose line was written is not
    /// printed again; one killed before this is, once, at the next start (same `eventId`).
    private struct Printed: WatchObserver {
        let observer: any WatchObserver
        let outbox: Library?
        func report(_ report: WatchReport) {
            observer.report(report)
            if case .document(_, _, let event?) = report { try? outbox?.markPrinted(event) }
        }
    }
}
