import Foundation
import IngestQuality
import IngestReport
import IngestTestSupport
import XCTest

/// The report in a real browser: Debian's headless Chromium, driven by Selenium from
/// `Scripts/browser_check.py`. String checks cannot tell whether the script runs, the sort sorts
/// or the page looks right; this does, and leaves a screenshot for a person to look at.
///
/// Needs `chromium`, `chromium-driver` and `python3-selenium`. Without them the test is skipped,
/// except on CI (`CI=true`), where a skipped browser test would hide a broken report: it fails.
final class BrowserReportTests: XCTestCase {
    /// This file's folder, through symlinks, so the script and the repository are found from a
    /// package that links these sources.
    private static let testsFolder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
    private static let repositoryRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()

    /// Skips, or on CI fails, when `available` is false (`missingTool`).
    private func require(_ available: Bool, _ what: String) throws {
        guard !available else { return }
        try missingTool("\(what) is not installed (apt-get install --no-install-recommends chromium chromium-driver python3-selenium)")
    }

    struct Check: Decodable {
        struct State: Decodable {
            var rows: Int
            var visible: Int
            var visibleNames: [String]
            var visibleCER: [Double?]
            var count: String?
            var sections: Int
            var brokenLinks: [String]
            var images: Int
            var imagesLoaded: Int
            var imageSources: [String]
            var resources: [String]
            var controlsShown: Bool
            var cerAriaSort: String?
            var cerIsFifth: Bool
            var errors: [String]
            var ascending: Bool?
            var descending: Bool?
        }
        struct Large: Decodable {
            var rows: Int
            var count: String
            var sortAscendingMs: Double
            var ascending: Bool
            var ascendingNames: [String]
            var sortDescendingMs: Double
            var descending: Bool
            var descendingNames: [String]
            var sortByNameMs: Double
            var filterSeconds: Double
            var filteredCount: String
            var filteredRows: Int
            var showAllMs: Double
            var allRows: Int
            var sortAllMs: Double
            var errors: [String]
            var severe: [String]
        }
        var browserVersion: String?
        var startError: String?
        var exception: String?
        var loaded: State?
        var ascending: State?
        var descending: State?
        var filtered: State?
        var unfiltered: State?
        var kind: State?
        var problems: State?
        var reset: State?
        var screenshot: String?
        var errors: [String]?
        var severe: [String]?
        var large: Large?
    }

    func testReportInHeadlessChromium() throws {
        try require(runTool("chromium", ["--version"])?.status == 0, "chromium")
        try require(runTool("chromedriver", ["--version"])?.status == 0, "chromedriver (chromium-driver)")
        try require(runTool(Python.path, ["-c", "import selenium"])?.status == 0, "python3-selenium")

        let folder = try TemporaryDirectory("ingest-report-browser")
        defer { folder.remove() }
        let fixture = ReportFixture.make(count: 30)
        let report = folder.url.appendingPathComponent("report.html")
        try fixture.write(to: report)
        let large = folder.url.appendingPathComponent("large.html")
        try ReportFixture.large(count: 5_000).write(to: large)
        let screenshot = folder.url.appendingPathComponent("qa-report-screenshot.png")

        let script = Self.testsFolder.appendingPathComponent("Scripts/browser_check.py").path
        guard let run = runTool(Python.path, [script, "--report", report.path, "--screenshot", screenshot.path,
                                              "--filter", "scans/", "--kind", "docx", "--large", large.path]) else {
            return XCTFail("\(Python.path) could not be started")
        }
        let stderr = String(decoding: run.stderr, as: UTF8.self)
        guard let check = try? JSONDecoder().decode(Check.self, from: run.stdout) else {
            return XCTFail("browser_check.py gave no JSON (status \(run.status)): \(String(decoding: run.stdout, as: UTF8.self)) \(stderr)")
        }
        if let e = check.startError { return XCTFail("Chromium did not start: \(e)") }
        XCTAssertNil(check.exception, check.exception ?? "")
        XCTAssertEqual(run.status, 0, "status \(run.status): \(String(decoding: run.stdout, as: UTF8.self)) \(stderr)")

        // No script error, no console error, nothing fetched.
        XCTAssertEqual(check.severe ?? ["missing"], [], "SEVERE console entries")
        XCTAssertEqual(check.errors ?? ["missing"], [], "window errors")
        let documents = fixture.report.documents
        let loaded = try XCTUnwrap(check.loaded)
        XCTAssertEqual(loaded.rows, documents.count)
        XCTAssertEqual(loaded.visible, documents.count)
        XCTAssertEqual(loaded.sections, documents.count)
        XCTAssertEqual(loaded.brokenLinks, [])
        // Nothing fetched but the report's own page images, lazily (BrowserLayoutTests sees them decoded).
        XCTAssertEqual(loaded.resources.filter { !$0.hasSuffix("/report.pages/d0-1.png") }, [], "the page fetched something")
        XCTAssertEqual(loaded.images, 1)
        XCTAssertEqual(loaded.imageSources, ["report.pages/d0-1.png"])
        XCTAssertTrue(loaded.controlsShown)
        XCTAssertTrue(loaded.cerIsFifth)
        XCTAssertEqual(loaded.visibleNames, fixture.worstFirst.map { documents[$0].name }, "worst first at first")

        // One click on CER: ascending, documents without a CER last; a second: descending. Ties
        // keep the order the table opened in (worst first).
        let opening = fixture.worstFirst
        let scored = opening.map { (offset: $0, element: documents[$0]) }.enumerated()
            .map { (offset: $0.offset, element: $0.element.element) }.filter { $0.element.scores != nil }
        let unscored = opening.map { documents[$0] }.filter { $0.scores == nil }.map(\.name)
        let up = scored.sorted { ($0.element.scores!.cer, $0.offset) < ($1.element.scores!.cer, $1.offset) }.map(\.element.name)
        let down = scored.sorted {
            $0.element.scores!.cer != $1.element.scores!.cer ? $0.element.scores!.cer > $1.element.scores!.cer : $0.offset < $1.offset
        }.map(\.element.name)
        let ascending = try XCTUnwrap(check.ascending)
        XCTAssertEqual(ascending.visibleNames, up + unscored)
        XCTAssertEqual(ascending.ascending, true)
        XCTAssertEqual(ascending.cerAriaSort, "ascending")
        let descending = try XCTUnwrap(check.descending)
        XCTAssertEqual(descending.visibleNames, down + unscored)
        XCTAssertEqual(descending.descending, true)
        XCTAssertEqual(descending.cerAriaSort, "descending")

        // Filters: the text box, the kind, the problems; each undone.
        let filtered = try XCTUnwrap(check.filtered)
        let inScans = documents.filter { $0.name.lowercased().contains("scans/") }.count
        XCTAssertGreaterThan(inScans, 1)
        XCTAssertEqual(filtered.visible, inScans)
        XCTAssertEqual(filtered.count, "\(inScans) documents affichés sur \(documents.count)")
        XCTAssertEqual(check.unfiltered?.visible, documents.count)
        XCTAssertEqual(check.kind?.visible, documents.filter { $0.kind == "docx" }.count)
        let regressed = Set(fixture.report.comparison?.regressions.map(\.document) ?? [])
        let problems = documents.filter {
            $0.status == "failed" || $0.readinessMatches == false || $0.duplicateMatches == false
                || ($0.scores?.cer ?? 0) > 0.1 || regressed.contains($0.name)
        }
        XCTAssertEqual(check.problems?.visible, problems.count)
        XCTAssertEqual(check.reset?.visible, documents.count)

        // 5,000 rows: a page of 500 shown, sorted and filtered well under a second; all on request.
        let big = try XCTUnwrap(check.large)
        let largeFixture = ReportFixture.large(count: 5_000).report.documents
        XCTAssertEqual(big.rows, 500)
        XCTAssertEqual(big.count, "500 premiers documents affichés sur 5000 retenus (5000 en tout)")
        let largeOpening = ReportFixture.large(count: 5_000).worstFirst
        let cers = largeOpening.enumerated().map { ($0.offset, largeFixture[$0.element].name, largeFixture[$0.element].scores?.cer) }
        let bigUp = cers.filter { $0.2 != nil }.sorted { ($0.2!, $0.0) < ($1.2!, $1.0) }.map(\.1)
        let bigDown = cers.filter { $0.2 != nil }.sorted { $0.2! != $1.2! ? $0.2! > $1.2! : $0.0 < $1.0 }.map(\.1)
        XCTAssertTrue(big.ascending)
        XCTAssertEqual(big.ascendingNames, Array(bigUp.prefix(500)), "the 500 lowest CERs of all 5,000")
        XCTAssertTrue(big.descending)
        XCTAssertEqual(big.descendingNames, Array(bigDown.prefix(500)))
        XCTAssertLessThan(big.sortAscendingMs, 1_000)
        XCTAssertLessThan(big.sortDescendingMs, 1_000)
        XCTAssertLessThan(big.sortByNameMs, 1_000)
        let sevens = largeFixture.filter { $0.name.contains("7") }.count
        XCTAssertEqual(big.filteredCount, "500 premiers documents affichés sur \(sevens) retenus (5000 en tout)")
        XCTAssertEqual(big.filteredRows, 500)
        XCTAssertLessThan(big.filterSeconds, 2, "typing one character, through WebDriver")
        XCTAssertEqual(big.allRows, 5_000)
        XCTAssertEqual(big.errors + big.severe, [])
        print("Chromium \(check.browserVersion ?? "?"), 5,000 rows: sorted by CER in \(Int(big.sortAscendingMs)) / \(Int(big.sortDescendingMs)) ms, by name in \(Int(big.sortByNameMs)) ms; all rows shown in \(Int(big.showAllMs)) ms, then sorted in \(Int(big.sortAllMs)) ms")

        // The screenshot: a PNG, kept where a person finds it.
        let shot = try Data(contentsOf: screenshot)
        XCTAssertEqual(Array(shot.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        XCTAssertGreaterThan(shot.count, 20_000, "a screenshot of a blank page is small")
        let build = Self.repositoryRoot.appendingPathComponent(".build")
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: build.path, isDirectory: &isFolder), isFolder.boolValue {
            let kept = build.appendingPathComponent("qa-report-screenshot.png")
            try? FileManager.default.removeItem(at: kept)
            try FileManager.default.copyItem(at: screenshot, to: kept)
            print("screenshot of the report's table: \(kept.path)")
        }
    }
}
