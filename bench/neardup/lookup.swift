// Bench harness (linked by lookup.sh with swiftc against the release-built IngestStore and
// IngestCore objects, not a Package target): the time of one duplicate look-up as a library grows
// to 1k, 10k and 100k documents, in a real SQLite library file.
//
// Documents are synthetic but shaped like chapters: 900 words drawn with Zipf frequencies from a
// real vocabulary (the words of the Debian and Python manuals of the evaluation set, most frequent
// first), so they share common words and shingles as same-language texts do. Each is sketched by
// `Fingerprinter` and claimed through `Library.claim`, as `ingest convert` does. A look-up is what
// DocumentImporter asks of the library for each new document: the content key, the sketch index
// (threshold library.revisionThreshold, 10 at most), the same title. Half the queries are noisy
// copies (3 % of words replaced) of stored documents, half new documents. The peer, in the same
// run: a linear scan scoring every stored sketch held in memory (what an index replaces; it
// would also need every sketch loaded in every process).
// Each size's look-ups are made by a library opened afresh, as a new worker process does: a first
// round of QUERIES look-ups, then a second of as many other queries in the same process.
// Usage: lookup VOCABULARY_FILE LIBRARY_PATH [SIZES] [QUERIES]
import Foundation
import IngestCore
import IngestStore

let args = CommandLine.arguments
let vocabulary = try! String(contentsOfFile: args[1], encoding: .utf8).split(separator: "\n").map(String.init)
let path = args[2]
let sizes = (args.count > 3 ? args[3] : "1000,10000,100000").split(separator: ",").compactMap { Int($0) }
let queryCount = args.count > 4 ? Int(args[4])! : 400

struct Rng: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
var rng = Rng(state: 19)
// Zipf(1) over the vocabulary, by inverting its cumulative weights.
let cumulative: [Double] = {
    var c = [Double](), s = 0.0
    for i in 0..<vocabulary.count { s += 1 / Double(i + 1); c.append(s) }
    return c.map { $0 / s }
}()
func word() -> String {
    let u = Double.random(in: 0..<1, using: &rng)
    var lo = 0, hi = cumulative.count - 1
    while lo < hi { let mid = (lo + hi) / 2; if cumulative[mid] < u { lo = mid + 1 } else { hi = mid } }
    return vocabulary[lo]
}
func document(_ n: Int = 900) -> [String] { (0..<n).map { _ in word() } }
func entry(_ words: [String], id: String) -> LibraryEntry {
    let text = words.joined(separator: " ")
    let key = ContentKey.of(text)
    // Titles as courses have them: a chapter number and a few words (rarely the same twice).
    let title = "Chapitre \(id.filter(\.isNumber)) : " + words.prefix(3).joined(separator: " ")
    return LibraryEntry(id: id, title: title, titleKey: ContentKey.title(title), fingerprint: String(key.hashValue, radix: 16) + id,
                        basis: .content, sketch: Fingerprinter.sketch(key), sourceName: id + ".txt", outputPath: id + ".json")
}

// How alike two unrelated documents are (to compare with the real non-pairs of RESULTS.md).
do {
    var sims: [Double] = []
    let sample = (0..<60).map { _ in Fingerprinter.sketch(ContentKey.of(document().joined(separator: " "))) }
    for i in 0..<sample.count { for j in 0..<i { sims.append(Fingerprinter.similarity(sample[i], sample[j])) } }
    sims.sort()
    print(String(format: "unrelated synthetic documents: similarity median %.3f, p99 %.3f, max %.3f",
                 sims[sims.count / 2], sims[sims.count * 99 / 100], sims.last!))
}
try? FileManager.default.removeItem(atPath: path)
for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
let library = try! Library(path: path)
let settings = PipelineConfig().library
var stored: [(words: [String], id: String)] = []   // a sample of stored documents, for noisy copies
var allSketches: [[UInt32]] = []
var count = 0
func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
func median(_ v: [Double]) -> Double { let s = v.sorted(); return s[s.count / 2] }

var controls: [(size: Int, lookup: Double, memory: Double, warmLookup: Double, warmMemory: Double)] = []
var inRun: [(size: Int, lookup: Double, index: Double)] = []
/// What reading a document does to the caches, between two look-ups of a run.
let documentMemory = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 20, alignment: 64)
documentMemory.initializeMemory(as: UInt8.self, repeating: 1)
var documentSink: UInt64 = 0
func documentWork() {
    for offset in stride(from: 0, to: documentMemory.count, by: 64) { documentSink &+= UInt64(documentMemory[offset]) }
    documentMemory[Int(documentSink % 1024)] = UInt8(truncatingIfNeeded: documentSink)
}
print("size     insert/doc   open+first lookup   lookup median (index)      p99        2nd round: median, p99   linear scan median   scan/lookup   noisy copies found   library file")
for size in sizes {
    let t0 = now(), before = count
    while count < size {
        let words = document()
        let e = entry(words, id: "doc\(count)")
        _ = try! library.claim(e)
        allSketches.append(e.sketch)
        if count % 50 == 0 { stored.append((words, e.id)) }
        count += 1
    }
    let insert = (now() - t0) / Double(max(1, size - before))
    // A new process's first look-up (the index used to be loaded then).
    let t1 = now()
    let fresh = try! Library(path: path)
    _ = try! fresh.nearDuplicateList(of: allSketches[0], threshold: settings.revisionThreshold, limit: settings.maxNearDuplicates)
    let cold = now() - t1
    let bytes = ["", "-wal", "-bands"].reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: path + $1)[.size] as? Int) ?? 0) }
    var scans: [Double] = []
    var queries: [[UInt32]] = []
    // One round of look-ups: `queryCount` queries, half noisy copies of stored documents.
    func round(asInARun: Bool = false) -> (times: [Double], indexTimes: [Double], found: Int) {
        var times: [Double] = [], indexTimes: [Double] = []
        var found = 0
        for q in 0..<queryCount {
            let words: [String]
            var original = ""
            if q % 2 == 0 {
                let source = stored[Int.random(in: 0..<stored.count, using: &rng)]
                original = source.id
                var copy = source.words
                for _ in 0..<(copy.count * 3 / 100) { copy[Int.random(in: 0..<copy.count, using: &rng)] = word() }
                words = copy
            } else {
                words = document()
            }
            let e = entry(words, id: "query\(q)")
            if asInARun { documentWork() }
            let s = now()
            _ = try! fresh.document(withFingerprint: e.fingerprint)
            let i0 = now()
            let near = try! fresh.nearDuplicateList(of: e.sketch, threshold: settings.revisionThreshold, limit: settings.maxNearDuplicates)
            indexTimes.append(now() - i0)
            _ = try! fresh.documents(withTitleKey: e.titleKey)
            times.append(now() - s)
            if q % 2 == 0, let best = near.first, best.id == original,
               DuplicateKind.of(best.overlap, near: settings.nearDuplicateThreshold, revision: settings.revisionThreshold) == .near { found += 1 }
            queries.append(e.sketch)
        }
        return (times, indexTimes, found)
    }
    // The process's first round: each look-up also maps into the process pages of the file no
    // earlier look-up touched (2.8 µs a page fault here). The second round, same process, other
    // queries: a worker that has been running for a while.
    let (times, indexTimes, found) = round()
    let (warmTimes, _, warmFound) = round()
    // A third round as look-ups come in a run: each after a document's reading, which goes through
    // far more memory than the index (here a walk over 64 MB), so none finds the index in the
    // processor's caches — back to back, a small library's index stays in them (a 1,000-document
    // band table is 0.5 MB: all of it in the 2 MB L2 cache).
    let (runTimes, runIndexTimes, _) = round(asInARun: true)
    // The control: the memory a look-up touches, touched without a look-up — from maps of the
    // library's two files made afresh, as the look-ups' were: 32 random slots of the band table
    // (read together, as `BandTable` reads them) and 4 random pages of the SQLite file (the rows
    // of about 2.5 candidates, the content-key and title indexes). What the look-up costs beyond
    // it is its own work; what the control costs more in a larger library is the machine's caches
    // and page tables, not the index.
    func control() -> (first: Double, second: Double) {
        func mapped(_ file: String) -> (UnsafeRawPointer, Int) {
            let fd = open(file, O_RDONLY)
            var info = stat()
            fstat(fd, &info)
            let p = mmap(nil, Int(info.st_size), PROT_READ, MAP_SHARED, fd, 0)!
            close(fd)
            return (UnsafeRawPointer(p), Int(info.st_size))
        }
        let (table, tableSize) = mapped(Library.bandTablePath(path)), (db, dbSize) = mapped(path)
        let slots = (tableSize - 4096) / 8
        var sink: UInt64 = 0
        func pass() -> Double {
            var times: [Double] = []
            var offsets = [Int](repeating: 0, count: 36)
            for _ in 0..<queryCount {
                for k in 0..<32 { offsets[k] = 4096 + Int.random(in: 0..<slots, using: &rng) * 8 }
                for k in 32..<36 { offsets[k] = Int.random(in: 0..<(dbSize / 8), using: &rng) * 8 }
                let s = now()
                for k in 0..<32 { sink &+= table.load(fromByteOffset: offsets[k], as: UInt64.self) }
                for k in 32..<36 { sink &+= db.load(fromByteOffset: offsets[k], as: UInt64.self) }
                times.append(now() - s)
            }
            return median(times)
        }
        let first = pass(), second = pass()
        munmap(UnsafeMutableRawPointer(mutating: table), tableSize)
        munmap(UnsafeMutableRawPointer(mutating: db), dbSize)
        if sink == 42 { print("") }
        return (first, second)
    }
    let memory = control()
    controls.append((size, median(times), memory.first, median(warmTimes), memory.second))
    inRun.append((size, median(runTimes), median(runIndexTimes)))
    // The peer after the look-ups, not between them: its pass over every sketch would empty the
    // caches the index works in.
    for sketch in queries.prefix(60) {
        let l = now()
        var best = 0.0
        for stored in allSketches { best = max(best, Fingerprinter.similarity(sketch, stored)) }
        scans.append(now() - l)
        if best > 2 { print(best) }  // keeps the scan from being optimized away
    }
    let p99 = times.sorted()[times.count * 99 / 100], warmP99 = warmTimes.sorted()[warmTimes.count * 99 / 100]
    print(String(format: "%-8d %8.1f µs   %10.1f ms       %8.1f µs (%6.1f µs)   %8.1f µs   %8.1f µs  %8.1f µs   %12.1f µs   %9.1f×     %d/%d            %.0f MB (%.0f bytes/doc)",
                 size, insert * 1e6, cold * 1e3, median(times) * 1e6, median(indexTimes) * 1e6, p99 * 1e6,
                 median(warmTimes) * 1e6, warmP99 * 1e6, median(scans) * 1e6,
                 median(scans) / median(times), found + warmFound, queryCount, Double(bytes) / 1e6, Double(bytes) / Double(size)))
}
print("\nsize     look-up   memory alone   look-up − memory   | 2nd round: look-up   memory alone   look-up − memory")
for c in controls {
    print(String(format: "%-8d %6.1f µs   %8.1f µs   %10.1f µs       |          %6.1f µs    %8.1f µs   %10.1f µs",
                 c.size, c.lookup * 1e6, c.memory * 1e6, (c.lookup - c.memory) * 1e6,
                 c.warmLookup * 1e6, c.warmMemory * 1e6, (c.warmLookup - c.warmMemory) * 1e6))
}
print("\nsize     look-up as in a run (each after 64 MB of a document's work)   of which the sketch index")
for r in inRun {
    print(String(format: "%-8d %6.1f µs                                                    %6.1f µs", r.size, r.lookup * 1e6, r.index * 1e6))
}
// The band table built again from the library (a library of an earlier version, or one whose
// table is missing or out of step), and the size of the table.
do {
    let table = Library.bandTablePath(path)
    let size = ((try? FileManager.default.attributesOfItem(atPath: table)[.size] as? Int) ?? 0)
    try! FileManager.default.removeItem(atPath: table)
    let t = now()
    _ = try! Library(path: path)
    print(String(format: "band table of %d documents: %.0f MB; built again from the library in %.2f s", count, Double(size) / 1e6, now() - t))
}
