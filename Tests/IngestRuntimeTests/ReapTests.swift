import Foundation
import IngestTestSupport
import XCTest

/// Issue 35: every process Ingest starts (worker processes, their OCR recognisers) is reaped
/// before the command returns. Each command runs under a Python subreaper (PR_SET_CHILD_SUBREAPER):
/// anything of ours not reaped by the time the command exits — still running or a zombie — is
/// reparented to it and listed.
final class ReapTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("reap") }
    override func tearDown() { dir.remove() }

    static let subreaper = """
    import ctypes, json, os, subprocess, sys
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(36, 1, 0, 0, 0) != 0:  # PR_SET_CHILD_SUBREAPER
        sys.exit("prctl failed")
    stdin = open(os.environ["REAP_STDIN"], "rb") if os.environ.get("REAP_STDIN") else subprocess.DEVNULL
    code = subprocess.Popen(sys.argv[1:], stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).wait()
    left = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            stat = open("/proc/%s/stat" % d).read()
        except OSError:
            continue
        rest = stat[stat.rindex(")") + 2:].split()
        if int(rest[1]) == os.getpid():
            left.append("%s %s (%s)" % (d, stat[stat.index("(") + 1:stat.rindex(")")], rest[0]))
    print(json.dumps({"exit": code, "left": left}))
    """

    /// Runs `ingest arguments…` under the subreaper; returns its exit status and what it left.
    func run(_ arguments: [String], stdin: URL? = nil) throws -> (exit: Int, left: [String]) {
        guard let ingest = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        p.arguments = ["-c", Self.subreaper, ingest.path] + arguments
        var env = ProcessInfo.processInfo.environment
        env["INGEST_CONFIG"] = ""
        env["REAP_STDIN"] = stdin?.path ?? ""
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, "the subreaper failed")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (json["exit"] as? Int ?? -1, json["left"] as? [String] ?? ["?"])
    }

    /// `convert` of the samples: several workers, recognisers for the photos.
    func testConvertLeavesNoProcess() throws {
        let r = try run(["convert", Corpus.repositoryRoot.appendingPathComponent("samples").path,
                         "--out", dir.url.appendingPathComponent("out").path,
                         "--library", dir.url.appendingPathComponent("lib.sqlite").path, "--concurrency", "2", "--quiet"])
        XCTAssertTrue([0, 1].contains(r.exit), "exit \(r.exit)")
        XCTAssertEqual(r.left, [])
    }

    /// `worker` reading a photo request (a recogniser starts) until standard input ends.
    func testWorkerLeavesNoProcess() throws {
        let requests = try dir.write("requests.jsonl", "{\"path\": \"samples/tableau-1.jpg\"}\n{\"path\": \"samples/cours-histoire.srt\"}\n")
        let r = try run(["worker", "--root", Corpus.repositoryRoot.path, "--out", dir.url.appendingPathComponent("out").path,
                         "--library", dir.url.appendingPathComponent("lib.sqlite").path], stdin: requests)
        XCTAssertTrue([0, 1].contains(r.exit), "exit \(r.exit)")
        XCTAssertEqual(r.left, [])
    }
}
