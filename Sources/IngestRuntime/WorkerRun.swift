import Foundation
import Synchronization
import IngestCore
import IngestDigest
import IngestPipeline

/// `ingest worker`'s loop over the runtime, for distributed engines (Spark's `RDD.pipe`, Slurm
/// arrays, Kubernetes Indexed Jobs): requests come one per line, results go one JSON line per
/// document, in the order of the requests. Documents are read by the same `DocumentReader` as
/// `convert` (worker processes with the same hard limits, the same pipeline) and written
/// reproducibly (`output.reproducible`): the same source, pipeline version and configuration
/// give the same document id and the same bytes, on any machine, however often it is retried.
/// An error is a result (a failed line with its code and message), never the end of the loop.
public struct WorkerRun: Sendable {
    public let reader: any DocumentReader
    public let outputDirectory: URL
    /// Relative request paths are read from here; source names and output names are relative to
    /// it, as `ingest convert ROOT` names them.
    public let root: URL
    public let shard: Shard
    public let language: MessageLanguage
    /// Numbered photos of one folder are the pages of one document (folder requests).
    public var groupsPhotos = true
    /// Results carry the document (`--sink jsonl`): read from the file written when the
    /// pipeline did not hand a line over (with a library, the jsonl sink goes to its outbox).
    public var embedsDocuments = false

    /// A worker reading documents as `setup` says, on worker processes or in this one
    /// (`Runtime.reader`), always writing them reproducibly: a worker's documents depend on their
    /// sources only, so a retry, a speculative copy of a task or another machine writes the same
    /// bytes (forced here, not by the command, so a program running `WorkerRun` gets it too).
    public init(_ setup: Runtime.Setup, root: URL, shard: Shard = .all, prestarted: Runtime.Prestarted? = nil) throws(IngestError) {
        var setup = setup
        setup.config.output.reproducible = true
        self.init(reader: try Runtime.reader(setup, prestarted: prestarted), outputDirectory: setup.outputDirectory, root: root,
                  shard: shard, language: setup.config.messageLanguage)
    }

    /// A worker that only plans (`ingest worker --plan`): it reads no document.
    public init(planningInto outputDirectory: URL, root: URL, shard: Shard = .all, language: MessageLanguage) {
        self.init(reader: PlanOnly(), outputDirectory: outputDirectory, root: root, shard: shard, language: language)
    }

    init(reader: any DocumentReader, outputDirectory: URL, root: URL, shard: Shard = .all, language: MessageLanguage) {
        self.reader = reader
        self.outputDirectory = outputDirectory.standardizedFileURL
        self.root = root.standardizedFileURL
        self.shard = shard
        self.language = language
    }

    /// What a run did.
    public struct Counts: Sendable, Equatable {
        public var requests = 0
        public var results = 0
        public var failed = 0
        /// Documents of other shards, passed over without a result.
        public var otherShards = 0
        /// The error that stopped every read (the worker could not start, the library cannot be
        /// opened): every later request got it as its result.
        public var fatal: IngestError?
        /// Results of an earlier worker (on this output folder and shard) that its reader never
        /// took, answered first by this one.
        public var resumed = 0
        /// Results not taken whole by the reader (it went away): in the journal, answered first
        /// by the next worker on the same output folder and shard.
        public var notDelivered = 0
        /// The reader of the results went away: requests were no longer read.
        public var readerGone = false
    }

    /// One document to read, or a result known without reading.
    enum Job: Sendable {
        case read(ImportUnit, skipsDone: Bool)
        /// `key` decides its shard, as a unit's output name does.
        case answer(DocumentOutcome, key: String)
        /// A result an earlier worker made and its reader never took: written again as it is.
        case written(Data)

        var shardKey: String {
            switch self {
            case .read(let unit, _): return unit.outputName
            case .answer(_, let key): return key
            case .written: return ""
            }
        }
    }

    /// A job and the request it comes from.
    struct Item: Sendable {
        var sequence: Int
        var line: Int
        var ref: JSONValue?
        var job: Job

        /// As the journal keeps it (`ResultJournal`): enough to do the job again.
        func journalled() -> Data {
            var o: [String: JSONValue] = ["line": .int(line)]
            if let ref { o["ref"] = ref }
            switch job {
            case .read(let unit, let skipsDone):
                o["read"] = (try? JSONValue.parse(WorkerRequest(unit: unit, skipsDone: skipsDone).encoded())) ?? .null
            case .answer(let outcome, let key):
                o["answer"] = (try? JSONValue.parse(StreamingJSONEncoder.encode(outcome, pretty: false))) ?? .null
                o["key"] = .string(key)
            case .written(let data):
                o["written"] = .string(String(decoding: data, as: UTF8.self))
            }
            return (try? StreamingJSONEncoder.encode(JSONValue.object(o), pretty: false)) ?? Data()
        }

        init(sequence: Int, line: Int, ref: JSONValue?, job: Job) {
            self.sequence = sequence; self.line = line; self.ref = ref; self.job = job
        }

        init?(journalled data: Data, sequence: Int) {
            guard let o = try? JSONValue.parse(data), let line = o["line"]?.intValue else { return nil }
            self.sequence = sequence; self.line = line; ref = o["ref"]
            if let read = o["read"], let data = try? StreamingJSONEncoder.encode(read, pretty: false), let request = WorkerRequest(data) {
                job = .read(request.unit, skipsDone: request.skipsDone)
            } else if let answer = o["answer"], let data = try? StreamingJSONEncoder.encode(answer, pretty: false),
                      let outcome = try? JSONDecoder().decode(DocumentOutcome.self, from: data) {
                job = .answer(outcome, key: o["key"]?.stringValue ?? "")
            } else if let written = o["written"]?.stringValue {
                job = .written(Data(written.utf8))
            } else { return nil }
        }
    }

    /// Reads requests from `nextLine` until it returns nil (or the reader of the results goes
    /// away); writes each result line to `output` in request order. With a `journal`, what an
    /// earlier worker left unanswered is answered first, and every request and result is
    /// journalled until the reader has taken its line whole (`ResultJournal`).
    public func run(nextLine: () -> String?, output: LineWriter = .standardOutput, journal: ResultJournal? = nil) -> Counts {
        let queue = ItemQueue(capacity: max(4, reader.slots * 4))
        let results = ResultLines(output: output, journal: journal)
        let emitter = OrderedEmitter { sequence, data in results.write(sequence, data) }
        let tally = Tally()
        let fatal = FatalBox()
        let slots = max(1, reader.slots)
        // One thread per slot (on a stack as deep as the main thread's: in this process a document
        // recurses in poppler and Tesseract), fed by this thread through `queue`.
        let team = ThreadTeam(slots, stackSize: 8 << 20) { [self] slot in
            while let item = queue.take() {
                var outcome: DocumentOutcome
                var lines: [Data] = []
                switch item.job {
                case .written(let data):
                    journal?.result(item.sequence, data)
                    emitter.put(item.sequence, data)
                    continue
                case .answer(let o, _): outcome = o
                case .read(let unit, let skipsDone):
                    if let error = fatal.error {
                        outcome = .failure(sources: unit.sources.map(\.name), error, language: language)
                    } else {
                        let box = LineBox()
                        do {
                            outcome = try reader.read(unit, slot: slot, skipsDone: skipsDone,
                                                      events: ReadEvents(line: { box.append($0) }))
                            lines = box.lines
                        } catch {
                            let e = IngestError.wrap(error)
                            fatal.set(e)
                            outcome = .failure(sources: unit.sources.map(\.name), e, language: language)
                        }
                    }
                }
                tally.add(outcome)
                let line = result(outcome, item: item, documents: lines)
                journal?.result(item.sequence, line)
                emitter.put(item.sequence, line)
            }
        }
        var sequence = 0
        var number = 0
        var counts = Counts()
        // What an earlier worker left unanswered comes first, journalled again as this run's.
        for leftover in journal?.takeLeftovers() ?? [] {
            let item: Item?
            switch leftover {
            case .result(let data): item = Item(sequence: sequence, line: 0, ref: nil, job: .written(data))
            case .item(let data): item = Item(journalled: data, sequence: sequence)
            }
            guard let item else { continue }
            journal?.taken(sequence, item: item.journalled())
            queue.put(item)
            sequence += 1
            counts.resumed += 1
        }
        while !results.readerGone, let text = nextLine() {
            number += 1
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            counts.requests += 1
            let (ref, jobs) = plan(trimmed, line: number)
            for job in jobs {
                if !shard.contains(job.shardKey) { counts.otherShards += 1; continue }
                let item = Item(sequence: sequence, line: number, ref: ref, job: job)
                journal?.taken(sequence, item: item.journalled())
                queue.put(item)
                sequence += 1
            }
        }
        queue.close()
        team.join()
        reader.close()
        results.drain()
        counts.results = tally.results
        counts.failed = tally.failed
        counts.fatal = fatal.error
        counts.notDelivered = sequence - results.delivered
        counts.readerGone = results.readerGone
        if counts.notDelivered == 0 { journal?.clear() }
        return counts
    }

    // MARK: Requests

    static let requestKeys: Set<String> = ["path", "paths", "sources", "out", "lesson", "ref", "options"]
    static let optionKeys: Set<String> = ["force", "separatePhotos"]

    /// A request line's jobs: a path (a file is one document; a folder, the documents `ingest
    /// convert` would make of it), or a JSON object (see `ingest worker --help`).
    func plan(_ text: String, line: Int) -> (JSONValue?, [Job]) {
        func bad(_ reason: ErrorCode, _ arguments: [String: String] = [:], ref: JSONValue? = nil) -> (JSONValue?, [Job]) {
            (ref, [.answer(.failure(sources: [], IngestError(.workerBadRequest, ["line": String(line)]
                .merging(MessageCatalog.phrase("reason", reason, arguments)) { a, _ in a }),
                                    language: language), key: text)])
        }
        guard text.hasPrefix("{") else { return (nil, planPaths([text], lesson: nil, out: nil, force: false, photos: groupsPhotos)) }
        guard let json = try? JSONValue.parse(text), let object = json.objectValue else { return bad(.workerReasonNotJSON) }
        let ref = object["ref"]
        if let unknown = object.keys.sorted().first(where: { !Self.requestKeys.contains($0) }) { return bad(.workerReasonUnknownKey, ["name": unknown], ref: ref) }
        let options = object["options"]?.objectValue ?? [:]
        if object["options"] != nil && object["options"]?.objectValue == nil { return bad(.workerReasonOptionsNotObject, ref: ref) }
        if let unknown = options.keys.sorted().first(where: { !Self.optionKeys.contains($0) }) { return bad(.workerReasonUnknownOption, ["name": unknown], ref: ref) }
        for key in ["force", "separatePhotos"] where options[key] != nil && options[key]?.boolValue == nil {
            return bad(.workerReasonOptionNotBool, ["name": key], ref: ref)
        }
        for key in ["out", "lesson"] where object[key] != nil && object[key]?.stringValue == nil && object[key] != .null {
            return bad(.workerReasonNotString, ["name": key], ref: ref)
        }
        let force = options["force"]?.boolValue ?? false
        let photos = !(options["separatePhotos"]?.boolValue ?? !groupsPhotos)
        let out = object["out"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        if let out, out.hasPrefix("/") || out.split(separator: "/").contains("..") { return bad(.workerReasonOutOutside, ref: ref) }
        let lesson = object["lesson"]?.stringValue
        let given = ["path", "paths", "sources"].filter { object[$0] != nil }
        guard given.count == 1 else { return bad(.workerReasonOneOf, ref: ref) }
        switch given[0] {
        case "path":
            guard let p = object["path"]?.stringValue, !p.isEmpty else { return bad(.workerReasonPathNotString, ref: ref) }
            return (ref, planPaths([p], lesson: lesson, out: out, force: force, photos: photos))
        case "paths":
            guard let list = object["paths"]?.arrayValue, !list.isEmpty else { return bad(.workerReasonPathsNotList, ref: ref) }
            let paths = list.compactMap(\.stringValue)
            guard paths.count == list.count else { return bad(.workerReasonPathsNotList, ref: ref) }
            return (ref, planPaths(paths, lesson: lesson ?? "", out: out, force: force, photos: photos))
        default:
            guard let list = object["sources"]?.arrayValue, !list.isEmpty else { return bad(.workerReasonSourcesNotList, ref: ref) }
            var sources: [UnitSource] = []
            for s in list {
                guard let files = s["files"]?.arrayValue?.compactMap(\.stringValue), !files.isEmpty,
                      files.count == s["files"]?.arrayValue?.count else { return bad(.workerReasonSourceNeedsFiles, ref: ref) }
                let urls = files.map(resolve)
                if let missing = urls.first(where: { !FileManager.default.fileExists(atPath: $0.path) }) {
                    return (ref, [.answer(.failure(sources: files, IngestError(.fileNotFound, ["path": relativeName(missing)]), language: language),
                                          key: out ?? Self.stem(relativeName(missing)))])
                }
                sources.append(UnitSource(files: urls, name: s["name"]?.stringValue ?? files.map { relativeName(resolve($0)) }.joined(separator: ", ")))
            }
            let name = out ?? lesson.map(InputPlanner.slug) ?? Self.stem(relativeName(resolve(list[0]["files"]![0]!.stringValue!)))
            return (ref, [.read(ImportUnit(sources: sources, outputName: name, title: lesson), skipsDone: !force)])
        }
    }

    /// Paths as `ingest convert` plans them, named relative to the root. `lesson` non-nil: all of
    /// them one lesson (an empty title: the lesson is titled by its first source).
    func planPaths(_ paths: [String], lesson: String?, out: String?, force: Bool, photos: Bool) -> [Job] {
        let planner = InputPlanner(excluded: [outputDirectory], groupsPhotos: photos)
        var jobs: [Job] = []
        var sources: [UnitSource] = []
        for path in paths {
            let url = resolve(path)
            let relative = relativeName(url)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                let loop = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil
                jobs.append(.answer(.failure(sources: [relative], IngestError(loop ? .fileSymlinkLoop : .fileNotFound, ["path": relative]),
                                             language: language, source: relative), key: out ?? Self.stem(relative)))
                continue
            }
            if isDirectory.boolValue {
                // The folder's documents, named as `ingest convert ROOT` names them: prefixed with
                // the folder's path under the root.
                let plan = planner.plan([url.path])
                let prefix = relative == "." || relative.isEmpty || url == root ? "" : relative + "/"
                for failure in plan.failures {
                    jobs.append(.answer(.failure(sources: [prefix + failure.path], failure.error, language: language, source: prefix + failure.path),
                                        key: Self.stem(prefix + failure.path)))
                }
                for var unit in plan.units {
                    unit.outputName = prefix + unit.outputName
                    unit.sources = unit.sources.map { s in
                        s.files.count == 1 ? UnitSource(files: s.files, name: prefix + s.name, inlineText: s.inlineText) : s
                    }
                    if lesson != nil { sources += unit.sources } else { jobs.append(.read(unit, skipsDone: !force)) }
                }
            } else if lesson != nil {
                sources.append(.file(url, name: relative))
            } else {
                jobs.append(.read(ImportUnit(sources: [.file(url, name: relative)], outputName: out ?? Self.stem(relative)), skipsDone: !force))
            }
        }
        if let lesson, !sources.isEmpty {
            let title = lesson.isEmpty ? nil : lesson
            let name = out ?? title.map(InputPlanner.slug) ?? Self.stem(sources[0].name)
            jobs.append(.read(ImportUnit(sources: sources, outputName: name, title: title), skipsDone: !force))
        }
        return jobs
    }

    func resolve(_ path: String) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)).standardizedFileURL
    }

    /// A path relative to the root when it lies under it, else its file name.
    func relativeName(_ url: URL) -> String {
        let base = root.path.hasSuffix("/") ? root.path : root.path + "/"
        if url.path == root.path { return url.lastPathComponent }
        return url.path.hasPrefix(base) ? String(url.path.dropFirst(base.count)) : url.lastPathComponent
    }

    /// A path as a request gives it: relative to the root when it lies under it, else absolute.
    func requestPath(_ url: URL) -> String {
        let base = root.path.hasSuffix("/") ? root.path : root.path + "/"
        return url.path.hasPrefix(base) ? String(url.path.dropFirst(base.count)) : url.path
    }

    /// An output name as the planner gives it: without the extension (`NAME [ID].info.json` →
    /// `NAME [ID]`).
    static func stem(_ relative: String) -> String {
        if relative.lowercased().hasSuffix(".info.json") { return String(relative.dropLast(".info.json".count)) }
        let stem = (relative as NSString).deletingPathExtension
        return stem.isEmpty ? relative : stem
    }

    /// `ingest worker --plan PATH...`: the requests that make, document for document, what
    /// `ingest convert` makes of the paths (photos grouped, `NAME.lesson` folders, companion
    /// files, unique output names), one JSON line each, paths relative to the root. Fed to
    /// `ingest worker` (split any way: by lines, by `--shard`), they give the same documents.
    /// The paths are those of a command line: relative to the current folder, as `convert`'s.
    public func planRequests(_ paths: [String]) -> [Data] {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let paths = paths.map { $0.hasPrefix("/") ? $0 : cwd.appendingPathComponent($0).standardizedFileURL.path }
        return planPaths(paths, lesson: nil, out: nil, force: false, photos: groupsPhotos).filter { shard.contains($0.shardKey) }.map { job in
            var o: [String: JSONValue] = [:]
            switch job {
            case .read(let unit, _):
                o["out"] = .string(unit.outputName)
                if let title = unit.title { o["lesson"] = .string(title) }
                o["sources"] = .array(unit.sources.map { s in
                    .object(["files": .array(s.files.map { .string(requestPath($0)) }), "name": .string(s.name)])
                })
            case .answer(let outcome, _):
                o["path"] = .string(outcome.sources.first ?? "")
            case .written:
                break   // never planned: only a journal holds one
            }
            return (try? StreamingJSONEncoder.encode(JSONValue.object(o), pretty: false)) ?? Data()
        }
    }

    // MARK: Results

    /// The outcome as a result line: its fields, plus the request's line number (`request`), its
    /// `ref` when it had one, the SHA-256 of the document written (`sha256`: the merge key of
    /// `docs/distributed.md`), and the documents themselves with the `jsonl` sink.
    func result(_ outcome: DocumentOutcome, item: Item, documents: [Data]) -> Data {
        let encoded = outcome.encoded ?? (try? StreamingJSONEncoder.encode(outcome, pretty: false)) ?? Data("{}".utf8)
        var object = (try? JSONValue.parse(encoded))?.objectValue ?? [:]
        object["request"] = .int(item.line)
        if let ref = item.ref { object["ref"] = ref }
        if let output = outcome.output, outcome.status == .succeeded || outcome.status == .skipped,
           let data = FileManager.default.contents(atPath: outputDirectory.appendingPathComponent(output).path) {
            object["sha256"] = .string(SHA256Digest.hex(of: data))
        }
        if let document = documents.last, let value = try? JSONValue.parse(document) { object["document"] = value }
        else if embedsDocuments, outcome.status == .succeeded, outcome.readiness != .notReady, let output = outcome.output,
                let data = FileManager.default.contents(atPath: outputDirectory.appendingPathComponent(output).path),
                let value = try? JSONValue.parse(data) {
            // With a library the pipeline hands the jsonl line to its outbox: the file is the document.
            object["document"] = value
        }
        return (try? StreamingJSONEncoder.encode(JSONValue.object(object), pretty: false)) ?? encoded
    }
}

/// `--shard i/n`: the documents this worker reads, out of `n` workers given the same requests.
/// A document belongs to shard `FNV-1a-64(its output name) mod n` — its path relative to the root
/// (without extension), so every worker agrees without talking to the others, on any machine.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public let index: Int
    public let count: Int
    public static let all = Shard(index: 0, count: 1)!

    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 0, index < count else { return nil }
        self.index = index; self.count = count
    }

    /// `i/n`, 0 ≤ i < n.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: i, count: n)
    }

    public func contains(_ key: String) -> Bool { count == 1 || Int(Self.hash(key) % UInt64(count)) == index }

    /// FNV-1a, 64 bits, over the key's UTF-8 in NFC (a name typed on macOS, decomposed, lands in
    /// the same shard).
    public static func hash(_ key: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.precomposedStringWithCanonicalMapping.utf8 { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return h
    }

    public var description: String { "\(index)/\(count)" }
}

/// Requests waiting for a slot; the reading side blocks when it is full, so a million-line input
/// is never held in memory.
final class ItemQueue: Sendable {
    private struct State { var items: [WorkerRun.Item] = []; var closed = false }
    private let capacity: Int
    private let state = Monitor(State())
    init(capacity: Int) { self.capacity = capacity }

    func put(_ item: WorkerRun.Item) {
        state.wait(until: { $0.items.count < capacity }) { $0.items.append(item) }
    }

    func close() { state.update { $0.closed = true } }

    func take() -> WorkerRun.Item? {
        state.wait(until: { !$0.items.isEmpty || $0.closed }) { $0.items.isEmpty ? nil : $0.items.removeFirst() }
    }
}

/// Writes results in request order whatever order slots finish in.
final class OrderedEmitter: Sendable {
    private struct State { var next = 0; var waiting: [Int: Data] = [:] }
    private let state = Mutex(State())
    private let emit: @Sendable (Int, Data) -> Void
    init(_ emit: @escaping @Sendable (Int, Data) -> Void) { self.emit = emit }

    func put(_ sequence: Int, _ data: Data) {
        state.withLock { s in
            s.waiting[sequence] = data
            while let d = s.waiting.removeValue(forKey: s.next) { emit(s.next, d); s.next += 1 }
        }
    }
}

/// Result lines as the reader takes them: a line is delivered once written whole and taken
/// from the pipe (`LineWriter.consumed`), then journalled as such; a reader gone (EPIPE, or the
/// pipe closed with lines unread) ends the writing, and what it did not take stays in the journal.
final class ResultLines: Sendable {
    let output: LineWriter
    let journal: ResultJournal?
    private struct State {
        var inFlight: [(sequence: Int, end: UInt64)] = []
        var gone = false
        var delivered = 0
        var watching = false
    }
    private let state = Mutex(State())
    init(output: LineWriter, journal: ResultJournal?) { self.output = output; self.journal = journal }

    var readerGone: Bool { state.withLock { $0.gone } }
    var delivered: Int { state.withLock { $0.delivered } }

    func write(_ sequence: Int, _ data: Data) {
        if readerGone { return }
        let (outcome, end) = output.write(data)
        state.withLock { s in
            if case .written = outcome { s.inFlight.append((sequence, end)) } else { s.gone = true }
        }
        settle()
        watch()
    }

    /// Lines still in the pipe are looked at again until the reader has taken them: a worker
    /// waiting on a long document (or killed then) has journalled what its reader already has.
    /// A poll, not a wait: the kernel tells no one when a reader takes bytes from a pipe (POLLOUT
    /// only says there is room), so the pipe's fill level (FIONREAD) is read every 50 ms.
    private func watch() {
        let start = state.withLock { s in
            let start = !s.watching && !s.inFlight.isEmpty
            if start { s.watching = true }
            return start
        }
        guard start else { return }
        Thread.detachNewThread { [self] in
            while true {
                usleep(50_000)
                settle()
                let done = state.withLock { s in
                    if s.inFlight.isEmpty || s.gone { s.watching = false; return true }
                    return false
                }
                if done { return }
            }
        }
    }

    private func settle() {
        let consumed = output.consumed()
        let taken = state.withLock { s in
            let taken = Array(s.inFlight.prefix { $0.end <= consumed })
            s.inFlight.removeFirst(taken.count)
            s.delivered += taken.count
            return taken
        }
        for t in taken { journal?.delivered(t.sequence) }
    }

    /// At the end: waits until the reader has taken every line, or has gone, or has taken
    /// nothing for `Deliverer.drainPatience` seconds (its lines stay in the journal).
    func drain() {
        var last = output.consumed(), idle = Date()
        while true {
            settle()
            if state.withLock({ $0.inFlight.isEmpty }) { return }
            let now = output.consumed()
            if now != last { last = now; idle = Date() }
            if !output.waitForReader(seconds: 0.2) || Date().timeIntervalSince(idle) > Deliverer.drainPatience {
                settle()
                state.withLock { s in if !s.inFlight.isEmpty { s.gone = true }; s.inFlight = [] }
                return
            }
        }
    }
}

final class Tally: Sendable {
    private let counts = Mutex((results: 0, failed: 0))
    var results: Int { counts.withLock { $0.results } }
    var failed: Int { counts.withLock { $0.failed } }
    func add(_ o: DocumentOutcome) { counts.withLock { $0.results += 1; if o.status == .failed { $0.failed += 1 } } }
}

final class LineBox: Sendable {
    private let stored = Mutex<[Data]>([])
    func append(_ d: Data) { stored.withLock { $0.append(d) } }
    var lines: [Data] { stored.withLock { $0 } }
}

/// The reader of a worker that only plans (`init(planningInto:)`): never asked to read.
private struct PlanOnly: DocumentReader {
    var slots: Int { 1 }
    func read(_ unit: ImportUnit, slot: Int, skipsDone: Bool, events: ReadEvents) throws(IngestError) -> DocumentOutcome {
        throw IngestError(.internalError)
    }
    func close() {}
}
