import Foundation
import IngestCore
import IngestQuality

/// The report of `ingest qa` a person reads: one HTML file that holds its style, script and
/// charts, and the page images in a folder beside it (`qa.html` → `qa.pages/`), loaded lazily as
/// they are scrolled to. It asks for nothing over the network, so it opens offline or archived
/// beside the JSON: a Content-Security-Policy in the file itself forbids any fetch but of its
/// own page images, and any script but its own.
///
/// Documents come worst first (`ReportOrder`). The file is streamed: head and table from the
/// `QaReport`, then one section per document, its text and images asked of `detail` just before
/// they are written, so the texts of a corpus are never all in memory together. Report and
/// folder are written atomically.
public enum QaHTMLReport {
    /// The characters of text shown per document; the rest is announced as cut.
    public static let textLimit = DocumentText.limit

    /// Writes the report of `report` to `url`. `detail(i)` gives the text and page images of
    /// `report.documents[i]` (nil when there is none); it is called once per document, in the
    /// report's order (worst first). Throws `output.writeFailed` when the file cannot be written;
    /// the target is then untouched.
    public static func write(report: QaReport, language: MessageLanguage, detail: (Int) -> QaDocumentDetail?,
                             to url: URL) throws {
        let file = try ReportFile(url)
        let pages = ReportPages(report: url)
        defer { file.abandon(); pages.abandon() }
        let page = ReportPage(report: report, language: language)
        let order = ReportOrder.worstFirst(report.documents, regressed: page.regressed)
        try file.put(page.head())
        try file.put(page.summary())
        try file.put(page.tableStart())
        for (rank, i) in order.enumerated() { try file.put(page.row(report.documents[i], i, rank: rank)) }
        try file.put(page.tableEnd())
        for (rank, i) in order.enumerated() {
            // One document's detail at a time: released before the next is asked for.
            try file.put(page.section(report.documents[i], i, rank: rank, detail(i), pages: pages))
        }
        try file.put(page.end())
        try pages.commit()
        do { try file.commit() } catch { pages.rollback(); throw error }
        pages.finish()
    }
}

/// A document "has a problem" (the table's checkbox) when it failed or was read in part, when it is not what the
/// manifest expects (readiness, duplicate), when its CER is above this, or when it regressed
/// against the baseline.
let problemCER = 0.10
/// A table score under which a document's tables are flagged: below it a cell or row is lost or wrong.
let problemTableScore = 0.9

/// The pieces of the page, in the order they are written.
struct ReportPage {
    let report: QaReport
    let labels: Labels
    let figures: FigureFormat
    let language: MessageLanguage
    /// The CSP nonce of the page's own style and script: markup that escaped escaping could not
    /// run a script, since it cannot know this.
    let nonce: String
    let kinds: [String]
    /// Where each document's section is, for links from a duplicate to the document it repeats.
    let sectionByName: [String: Int]
    let regressed: Set<String>
    /// The documents table's columns: the formula and table scores only when the run measured them
    /// (a manifest with `structure`), so a report without them keeps its width.
    let columns: [Column]

    init(report: QaReport, language: MessageLanguage) {
        self.report = report
        self.language = language
        labels = Labels(language: language)
        figures = FigureFormat(language: language)
        var generator = SystemRandomNumberGenerator()
        nonce = (0..<4).map { _ in String(generator.next() as UInt32, radix: 16) }.joined()
        kinds = report.byKind.keys.sorted()
        var sections: [String: Int] = [:]
        for (i, d) in report.documents.enumerated() where sections[d.name] == nil { sections[d.name] = i }
        sectionByName = sections
        regressed = Set(report.comparison?.regressions.map(\.document) ?? [])
        let measured: Set<String> = Set((report.overall.withFormulas != nil ? ["formulas"] : []) + (report.overall.withTables != nil ? ["tables"] : []))
        columns = Self.columns.filter { !["formulas", "tables"].contains($0.key) || measured.contains($0.key) }
    }

    func hasProblem(_ d: QaDocument) -> Bool {
        d.status == "failed" || d.status == "partial" || d.readinessMatches == false || d.duplicateMatches == false
            || (d.scores?.cer ?? 0) > problemCER || regressed.contains(d.name)
    }

    /// A document's name, linked to its section when the report has it.
    func link(_ name: String) -> String {
        let shown = "<bdi>\(HTMLText.content(name))</bdi>"
        guard let i = sectionByName[name] else { return shown }
        return "<a href=\"#d\(i)\">\(shown)</a>"
    }

    /// French puts a no-break space before a colon.
    private var colon: String { language == .fr ? "\u{00A0}: " : ": " }

    private func t(_ label: Label) -> String { HTMLText.content(labels[label]) }
    private func a(_ label: Label) -> String { HTMLText.attribute(labels[label]) }

    // MARK: Head and summary

    func head() -> String {
        let title = labels[.title] + " — " + report.corpus
        return """
        <!DOCTYPE html>
        <html lang="\(language.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file:; style-src 'nonce-\(nonce)'; script-src 'nonce-\(nonce)'; base-uri 'none'; form-action 'none'">
        <meta name="generator" content="ingest qa \(HTMLText.attribute(report.pipelineVersion))">
        <title>\(HTMLText.content(title))</title>
        <style nonce="\(nonce)">
        \(ReportAssets.style)
        </style>
        </head>
        <body>

        """
    }

    func summary() -> String {
        let o = report.overall
        var s = "<header>\n<h1>\(t(.title))</h1>\n"
        s += "<p class=\"corpus\">\(t(.corpus))\(colon)<bdi class=\"mono\">\(HTMLText.content(report.corpus))</bdi></p>\n"
        s += "<dl class=\"facts\">"
        func fact(_ label: Label, _ value: String) { s += "<div><dt>\(t(label))</dt><dd>\(value)</dd></div>" }
        fact(.started, "<time datetime=\"\(HTMLText.attribute(report.startedAt))\">\(HTMLText.content(report.startedAt))</time>")
        fact(.pipelineVersion, "<code>\(HTMLText.content(report.pipelineVersion))</code>")
        fact(.documents, figures.integer(o.documents))
        fact(.failed, "<span class=\"\(o.failed > 0 ? "bad" : "")\">\(figures.integer(o.failed))</span>")
        fact(.withExpected, figures.integer(o.withExpected))
        fact(.medianCER, figures.percent(o.medianCER))
        fact(.meanCER, figures.percent(o.meanCER))
        fact(.pooledCER, figures.percent(o.pooledCER))
        fact(.meanWER, figures.percent(o.meanWER))
        if o.readinessChecked > 0 {
            fact(.readinessMismatches, "<span class=\"\(o.readinessMismatches > 0 ? "bad" : "")\">\(figures.integer(o.readinessMismatches)) / \(figures.integer(o.readinessChecked))</span>")
        }
        fact(.duplicates, figures.integer(o.duplicates))
        if let c = report.comparison {
            fact(.regressions, "<span class=\"\(c.hasRegressions ? "bad" : "")\">\(figures.integer(c.regressions.count))</span>")
        }
        fact(.duration, figures.duration(milliseconds: report.milliseconds))
        s += "</dl>\n"
        s += "<nav class=\"toc\"><a href=\"#aggregates\">\(t(.navigationSummary))</a><a href=\"#documents\">\(t(.navigationDocuments))</a><a href=\"#details\">\(t(.navigationDetails))</a></nav>\n</header>\n<main>\n"
        s += comparison()
        s += aggregates()
        return s
    }

    /// Against `--baseline`: what regressed (the reason CI fails), then what improved, appeared
    /// or vanished.
    private func comparison() -> String {
        guard let c = report.comparison else { return "" }
        var s = "<section id=\"comparison\" aria-labelledby=\"comparison-title\">\n<h2 id=\"comparison-title\">\(t(.comparison))</h2>\n"
        s += "<p>\(t(.baseline))\(colon)<bdi class=\"mono\">\(HTMLText.content(c.baseline))</bdi></p>\n"
        if c.regressions.isEmpty {
            s += "<p>\(t(.noRegression))</p>\n"
        } else {
            s += "<h3>\(t(.regressions))</h3>\n<ul class=\"regressions\">"
            for r in c.regressions {
                var line = HTMLText.content(r.message(language))
                if let i = sectionByName[r.document] { line += " <a href=\"#d\(i)\">\(t(.seeDocument))</a>" }
                s += "<li>\(line)</li>"
            }
            s += "</ul>\n"
        }
        for (label, names) in [(Label.improved, c.improved), (.added, c.added), (.vanished, c.missing)] where !names.isEmpty {
            s += "<p><strong>\(t(label))</strong>\(colon)" + names.map(link).joined(separator: ", ") + "</p>\n"
        }
        return s + "</section>\n"
    }

    private func aggregates() -> String {
        var s = "<section id=\"aggregates\" aria-labelledby=\"aggregates-title\">\n<h2 id=\"aggregates-title\">\(t(.aggregates))</h2>\n"
        s += "<div class=\"wide\"><table><thead><tr>"
        let heads: [(Label, Bool)] = [
            (.kind, false), (.documents, true), (.failed, true), (.withExpected, true), (.medianCER, true),
            (.meanCER, true), (.pooledCER, true), (.meanWER, true), (.recall, true), (.precision, true), (.oov, true),
            (.pagesOCRed, true), (.ocrConfidence, true), (.readinessMismatches, true), (.duplicates, true), (.time, true),
        ] + (report.overall.withFormulas != nil ? [(.meanFormulaScore, true)] : [])
          + (report.overall.withTables != nil ? [(.meanTableScore, true)] : [])
        for (label, numeric) in heads { s += "<th scope=\"col\"\(numeric ? " class=\"n\"" : "")>\(t(label))</th>" }
        s += "</tr></thead>\n<tbody>\n"
        for kind in kinds {
            if let g = report.byKind[kind] { s += aggregateRow(HTMLText.content(kind), g) }
        }
        s += "</tbody>\n<tfoot>\n" + aggregateRow(t(.overall), report.overall) + "</tfoot></table></div>\n"
        s += "<p class=\"note\">\(t(.aggregatesNote))</p>\n"
        s += "<h2>\(t(.charts))</h2>\n<div class=\"charts\">\n"
        var byKind: [String: [QaDocument]] = [:]
        for d in report.documents { byKind[d.kind ?? "unknown", default: []].append(d) }
        let chart = KindChart(labels: labels, figures: figures)
        for (k, kind) in kinds.enumerated() {
            let documents = byKind[kind] ?? []
            let g = report.byKind[kind]
            var caption = "<strong>\(HTMLText.content(kind))</strong> — \(figures.integer(documents.count)) "
                + (documents.count == 1 ? t(.chartDocument) : t(.chartDocuments))
            if let cer = g?.medianCER { caption += ", \(t(.medianCER)) \(figures.percent(cer))" }
            else { caption += ", \(t(.chartNoExpected))" }
            s += "<figure class=\"kind\"><figcaption>\(caption)</figcaption>"
            s += chart.svg(kind: kind, documents: documents, id: "chart\(k)")
            s += "</figure>\n"
        }
        s += "</div>\n</section>\n"
        return s
    }

    private func aggregateRow(_ name: String, _ g: QaAggregate) -> String {
        func n(_ v: String, bad: Bool = false) -> String { "<td class=\"n\(bad ? " bad" : "")\">\(v)</td>" }
        var s = "<tr><th scope=\"row\">\(name)</th>"
        s += n(figures.integer(g.documents))
        s += n(figures.integer(g.failed), bad: g.failed > 0)
        s += n(figures.integer(g.withExpected))
        s += n(figures.percent(g.medianCER), bad: (g.medianCER ?? 0) > problemCER)
        s += n(figures.percent(g.meanCER), bad: (g.meanCER ?? 0) > problemCER)
        s += n(figures.percent(g.pooledCER), bad: (g.pooledCER ?? 0) > problemCER)
        s += n(figures.percent(g.meanWER))
        s += n(figures.percent(g.meanWordRecall))
        s += n(figures.percent(g.meanWordPrecision))
        s += n(figures.percent(g.meanOutOfVocabularyRatio))
        s += n(figures.integer(g.pagesOCRed))
        s += n(figures.decimal(g.meanOCRConfidence, digits: 0))
        s += n(g.readinessChecked == 0 ? FigureFormat.missing
               : "\(figures.integer(g.readinessMismatches)) / \(figures.integer(g.readinessChecked))",
               bad: g.readinessMismatches > 0)
        s += n(figures.integer(g.duplicates))
        s += n(figures.integer(Int(g.milliseconds.rounded())))
        if report.overall.withFormulas != nil { s += n(figures.percent(g.meanFormulaScore), bad: (g.meanFormulaScore ?? 1) < 1) }
        if report.overall.withTables != nil {
            s += n(figures.decimal(g.meanTableScore, digits: 2), bad: (g.meanTableScore ?? 1) < problemTableScore)
        }
        return s + "</tr>\n"
    }

    // MARK: Table

    func tableStart() -> String {
        var s = "<section id=\"documents\" aria-labelledby=\"documents-title\">\n<h2 id=\"documents-title\">\(t(.table))</h2>\n"
        s += "<div class=\"controls\" id=\"controls\" hidden>"
        s += "<label>\(t(.filter)) <input type=\"search\" id=\"filter\" placeholder=\"\(a(.filterHint))\" autocomplete=\"off\"></label>"
        s += "<label>\(t(.kind)) <select id=\"kind\"><option value=\"\">\(t(.allKinds))</option>"
        for kind in kinds { s += "<option value=\"\(HTMLText.attribute(kind))\">\(HTMLText.content(kind))</option>" }
        s += "</select></label>"
        s += "<label title=\"\(a(.problemDefinition))\"><input type=\"checkbox\" id=\"problems\"> \(t(.onlyProblems))</label>"
        let all = labels.fill(.shown, ["shown": String(report.documents.count), "total": String(report.documents.count)])
        s += "<span id=\"count\" role=\"status\" data-template=\"\(a(.shown))\" data-partial=\"\(a(.shownPartial))\">\(HTMLText.content(all))</span>"
        s += "</div>\n<p class=\"note\">\(t(.problemDefinition)) \(t(.sortHint))</p>\n"
        let searched = columns.indices.filter { columns[$0].searched }.map(String.init).joined(separator: ",")
        s += "<div class=\"tablebox\"><table id=\"docs\" data-search=\"\(searched)\" data-page=\"\(Self.page)\"><thead><tr>"
        for (c, column) in columns.enumerated() {
            var attributes = "scope=\"col\" data-key=\"\(column.key)\" data-type=\"\(column.numeric ? "num" : "text")\""
            if column.numeric { attributes += " class=\"n\"" }
            if let title = column.title { attributes += " title=\"\(a(title))\"" }
            if c == 0 { attributes += " aria-sort=\"ascending\"" }
            s += "<th \(attributes)><button type=\"button\">\(t(column.label))</button></th>"
        }
        s += "</tr></thead>\n<tbody>\n"
        return s
    }

    /// Rows shown at a time once the script runs (more on request): re-laying out a table of
    /// 5,000 rows after a sort takes seconds on a small laptop, 500 rows a fraction of one.
    static let page = 500

    func row(_ d: QaDocument, _ i: Int, rank: Int) -> String {
        var classes = [String]()
        if hasProblem(d) { classes.append("problem") }
        if regressed.contains(d.name) { classes.append("regressed") }
        var s = "<tr id=\"r\(i)\" data-kind=\"\(HTMLText.attribute(d.kind ?? "unknown"))\""
        if !classes.isEmpty { s += " class=\"\(classes.joined(separator: " "))\"" }
        s += ">"
        for column in columns {
            let cell = column.cell(self, d, i, rank)
            var cls = column.numeric ? ["n"] : []
            if !cell.classes.isEmpty { cls.append(cell.classes) }
            s += "<td"
            if !cls.isEmpty { s += " class=\"\(cls.joined(separator: " "))\"" }
            if let v = cell.value { s += " data-v=\"\(HTMLText.attribute(v))\"" }
            if let title = cell.title { s += " title=\"\(HTMLText.attribute(title))\"" }
            s += ">" + cell.html + "</td>"
        }
        return s + "</tr>\n"
    }

    func tableEnd() -> String {
        "</tbody></table></div>\n<p id=\"none\" hidden>\(t(.noMatch))</p>\n"
            + "<p class=\"more\"><button type=\"button\" id=\"more\" hidden data-template=\"\(a(.showMore))\"></button> "
            + "<button type=\"button\" id=\"all\" hidden data-template=\"\(a(.showAll))\"></button></p>\n</section>\n<section id=\"details\" aria-labelledby=\"details-title\">\n<h2 id=\"details-title\">\(t(.details))</h2>\n"
    }

    struct Cell {
        var html: String
        /// The sort key (`data-v`): the raw number of a figure ("" when missing), or text.
        var value: String?
        var classes = ""
        var title: String?
    }

    struct Column: Sendable {
        let key: String
        let label: Label
        let title: Label?
        let numeric: Bool
        /// Whether the filter box looks into this column.
        let searched: Bool
        /// The cell of a document, from the page, the document, its index and its rank.
        let cell: @Sendable (ReportPage, QaDocument, Int, Int) -> Cell
    }

    private static func figure(_ key: String, _ label: Label, _ title: Label?, _ value: @escaping @Sendable (QaDocument) -> Double?,
                               bad: @escaping @Sendable (Double) -> Bool = { _ in false },
                               show: @escaping @Sendable (FigureFormat, Double?) -> String = { $0.percent($1) }) -> Column {
        Column(key: key, label: label, title: title, numeric: true, searched: false) { page, d, _, _ in
            let v = value(d)
            return Cell(html: show(page.figures, v), value: FigureFormat.raw(v), classes: v.map(bad) == true ? "bad" : "")
        }
    }

    private static func count(_ key: String, _ label: Label, _ title: Label, bad: Bool,
                              _ value: @escaping @Sendable (TextSignals) -> Int) -> Column {
        figure(key, label, title, { $0.signals.map { Double(value($0)) } }, bad: { bad && $0 > 0 },
               show: { f, v in f.integer(v.map { Int($0) }) })
    }

    static let columns: [Column] = [
        Column(key: "index", label: .number, title: nil, numeric: true, searched: false) { _, _, _, rank in
            Cell(html: String(rank + 1), value: String(rank))
        },
        Column(key: "name", label: .name, title: nil, numeric: false, searched: true) { _, d, i, _ in
            Cell(html: "<a href=\"#d\(i)\"><bdi>\(HTMLText.content(d.name))</bdi></a>", value: d.name, classes: "name")
        },
        Column(key: "kind", label: .kind, title: nil, numeric: false, searched: true) { _, d, _, _ in
            Cell(html: HTMLText.content(d.kind ?? FigureFormat.missing), value: d.kind ?? "", classes: "kind")
        },
        Column(key: "status", label: .status, title: nil, numeric: false, searched: true) { page, d, _, _ in
            var html = HTMLText.content(page.labels.status(d.status))
            if let e = d.error { html += "<code>\(HTMLText.content(e))</code>" }
            if page.regressed.contains(d.name) { html += " <span class=\"regression\">\(page.t(.regressed))</span>" }
            return Cell(html: html, value: d.status + " " + (d.error ?? ""),
                        classes: d.status == "failed" ? "status bad" : "status", title: d.errorMessage)
        },
        figure("cer", .cer, .cerTitle, { $0.scores?.cer }, bad: { $0 > problemCER }),
        figure("wer", .wer, .werTitle, { $0.scores?.wer }),
        figure("recall", .recall, .recallTitle, { $0.scores?.wordRecall }),
        figure("precision", .precision, .precisionTitle, { $0.scores?.wordPrecision }),
        figure("formulas", .formulaScore, .formulaScoreTitle, { $0.formulas?.score }, bad: { $0 < 1 }),
        figure("tables", .tableScore, .tableScoreTitle, { $0.tables?.score }, bad: { $0 < problemTableScore },
               show: { f, v in f.decimal(v, digits: 2) }),
        figure("oov", .oov, .oovTitle, { $0.signals?.outOfVocabularyRatio }),
        count("replacement", .replacement, .replacementTitle, bad: true, \.replacementCharacters),
        count("mojibake", .mojibake, .mojibakeTitle, bad: true, \.mojibake),
        count("lostDiacritics", .lostDiacritics, .lostDiacriticsTitle, bad: false, \.lostDiacritics),
        Column(key: "ocrShare", label: .ocrShare, title: .ocrShareTitle, numeric: true, searched: false) { page, d, _, _ in
            let pages = d.pagesRead.map { "\(d.pagesOCRed ?? 0) / \($0)" }
            return Cell(html: page.figures.percent(d.ocrShare, digits: 0), value: FigureFormat.raw(d.ocrShare), title: pages)
        },
        Column(key: "ocrConfidence", label: .ocrConfidence, title: .ocrConfidenceTitle, numeric: true, searched: false) { page, d, _, _ in
            let low = d.lowConfidenceWords.map { page.labels.fill(.lowConfidenceCount, ["count": page.figures.integer($0)]) }
            return Cell(html: page.figures.decimal(d.meanOCRConfidence, digits: 0), value: FigureFormat.raw(d.meanOCRConfidence), title: low)
        },
        Column(key: "readiness", label: .readiness, title: nil, numeric: false, searched: false) { page, d, _, _ in
            Cell(html: HTMLText.content(d.readiness.map(page.labels.readiness) ?? FigureFormat.missing), value: d.readiness ?? "",
                 title: page.readinessReason(d, message: nil))
        },
        Column(key: "expectedReadiness", label: .expectedReadiness, title: nil, numeric: false, searched: false) { page, d, _, _ in
            guard let expected = d.expectedReadiness else { return Cell(html: FigureFormat.missing, value: "") }
            var html = HTMLText.content(page.labels.readiness(expected))
            let differs = d.readinessMatches == false
            if differs { html += " <span class=\"mismatch\" title=\"\(page.a(.differs))\" aria-label=\"\(page.a(.differs))\">≠</span>" }
            return Cell(html: html, value: expected, classes: differs ? "bad" : "")
        },
        Column(key: "duplicate", label: .duplicate, title: nil, numeric: false, searched: false) { page, d, _, _ in
            var html = ""
            if let of = d.duplicateOf { html = "= " + page.link(of) }
            else if d.possibleDuplicates > 0 {
                html = HTMLText.content(page.labels.fill(.possibleDuplicates, ["count": String(d.possibleDuplicates)]))
            }
            if d.duplicateMatches == false {
                let expected = d.expectedDuplicateOf.map { page.labels.fill(.expectedDuplicate, ["name": $0]) } ?? page.labels[.notExpectedDuplicate]
                html += " <span class=\"mismatch\" title=\"\(HTMLText.attribute(expected))\" aria-label=\"\(HTMLText.attribute(expected))\">≠</span>"
            }
            let value = d.duplicateOf ?? (d.possibleDuplicates > 0 ? "~\(d.possibleDuplicates)" : "")
            return Cell(html: html, value: value, classes: d.duplicateMatches == false ? "bad dup" : "dup")
        },
        figure("ms", .milliseconds, nil, { $0.milliseconds }, show: { f, v in f.integer(v.map { Int($0.rounded()) }) }),
    ]

    // MARK: Document sections

    /// Document `i`'s section: its facts, every page image (files in the pages folder, loaded
    /// as they are scrolled to) beside its text.
    func section(_ d: QaDocument, _ i: Int, rank: Int, _ detail: QaDocumentDetail?, pages: ReportPages) throws -> String {
        var s = "<section class=\"doc\" id=\"d\(i)\" aria-labelledby=\"h\(i)\">\n"
        s += "<h3 id=\"h\(i)\"><span class=\"num\">\(rank + 1).</span><bdi>\(HTMLText.content(d.name))</bdi><a class=\"up\" href=\"#r\(i)\">\(t(.backToTable))</a></h3>\n"
        s += meta(d, readinessMessage: detail?.readinessMessage)
        guard let detail else {
            return s + "<p class=\"empty\">\(t(.noDetail))</p>\n</section>\n"
        }
        let images = detail.pageImages.compactMap(PageImage.init)
        s += "<div class=\"pair\(images.isEmpty ? " textonly" : "")\">"
        if !images.isEmpty {
            s += "<div class=\"pages\">"
            for (k, image) in images.enumerated() {
                let src = try pages.put(image.data, name: ReportPages.name(section: i, page: k + 1, type: image.type))
                let alt = labels.fill(.pageImage, ["page": String(k + 1), "name": d.name])
                s += "<figure class=\"page\"><img loading=\"lazy\" decoding=\"async\" alt=\"\(HTMLText.attribute(alt))\""
                if let size = image.size { s += " width=\"\(size.width)\" height=\"\(size.height)\"" }
                s += " src=\"\(HTMLText.attribute(src))\">"
                if let caption = image.caption { s += "<figcaption><bdi>\(HTMLText.content(caption))</bdi></figcaption>" }
                s += "</figure>"
            }
            if let count = detail.pageCount, count > images.count {
                s += "<p class=\"cut\">" + HTMLText.content(labels.fill(.pagesCut, ["shown": figures.integer(images.count),
                                                                                      "total": figures.integer(count)])) + "</p>"
            }
            s += "</div>"
        }
        s += "<div class=\"text\">"
        var legend: [String] = []
        if !detail.lowConfidence.isEmpty { legend.append("<mark class=\"lowconf\">abc</mark> \(t(.legendLowConfidence))") }
        if detail.expected != nil {
            legend.append("<del>abc</del> \(t(.legendMissing))")
            legend.append("<ins>abc</ins> \(t(.legendExtra))")
        }
        if !legend.isEmpty { s += "<p class=\"legend\" aria-hidden=\"true\">" + legend.joined(separator: " · ") + "</p>" }
        let text = DocumentText(detail)
        var lang = ""
        if let l = d.language, l != "und", !l.isEmpty { lang = " lang=\"\(HTMLText.attribute(l))\"" }
        if text.total == 0 && detail.expected == nil {
            s += "<p class=\"empty\">\(t(.emptyText))</p>"
        } else {
            s += "<pre\(lang)>" + text.html + "</pre>"
        }
        if text.isCut {
            s += "<p class=\"cut\">" + HTMLText.content(labels.fill(.cut, ["shown": figures.integer(text.shown),
                                                                               "total": figures.integer(text.total)])) + "</p>"
        }
        return s + "</div></div>\n</section>\n"
    }

    /// The readiness verdict's reason in words: as the document stated it, else the catalog's
    /// sentence for its code when that needs no figure (a code is never shown as it is).
    func readinessReason(_ d: QaDocument, message: String?) -> String? {
        if let message, !message.isEmpty { return message }
        guard let code = d.readinessReason, let entry = MessageCatalog.entry(ErrorCode(code)) else { return nil }
        let text = entry.text(language)
        return MessageCatalog.placeholders(text).isEmpty ? text : nil
    }

    private func meta(_ d: QaDocument, readinessMessage: String?) -> String {
        var s = "<dl class=\"meta\">"
        func item(_ label: Label, _ html: String) { s += "<dt>\(t(label))</dt><dd>\(html)</dd>" }
        item(.kind, HTMLText.content(d.kind ?? FigureFormat.missing))
        var status = HTMLText.content(labels.status(d.status))
        if let e = d.error { status += " <code>\(HTMLText.content(e))</code>" }
        if let m = d.errorMessage { status += " — " + HTMLText.content(m) }
        item(.status, "<span class=\"\(d.status == "failed" ? "bad" : "")\">\(status)</span>")
        if !d.sources.isEmpty {
            item(.sources, d.sources.map { "<bdi class=\"mono\">\(HTMLText.content($0))</bdi>" }.joined(separator: ", "))
        }
        if let e = d.expected { item(.expectedText, "<bdi class=\"mono\">\(HTMLText.content(e))</bdi>") }
        if let sc = d.scores {
            item(.cer, "\(figures.percent(sc.cer)) · \(t(.wer)) \(figures.percent(sc.wer)) · \(t(.recall)) \(figures.percent(sc.wordRecall)) · \(t(.precision)) \(figures.percent(sc.wordPrecision))")
        }
        if let fs = d.formulas {
            var html = figures.percent(fs.score) + " — " + HTMLText.content(labels.fill(.formulaCount, [
                "found": figures.integer(fs.found), "expected": figures.integer(fs.expected), "given": figures.integer(fs.given)]))
            item(.formulaScore, html)
            if let missing = fs.missing {
                item(.missingFormulas, missing.map { "<code>\(HTMLText.content($0))</code>" }.joined(separator: ", "))
            }
        }
        if let ts = d.tables {
            let each = ts.scores.map { figures.decimal($0, digits: 2) }.joined(separator: ", ")
            item(.tableScore, figures.decimal(ts.score, digits: 2) + " — " + HTMLText.content(labels.fill(.tableCount, [
                "expected": figures.integer(ts.expected), "given": figures.integer(ts.given), "scores": each])))
        }
        if let l = d.language { item(.language, HTMLText.content(l)) }
        if let read = d.pagesRead { item(.pages, "\(figures.integer(read)) / \(figures.integer(d.pagesOCRed ?? 0))") }
        if let c = d.meanOCRConfidence {
            var html = figures.decimal(c, digits: 0)
            if let low = d.lowConfidenceWords {
                html += " (" + HTMLText.content(labels.fill(.lowConfidenceCount, ["count": figures.integer(low)])) + ")"
            }
            item(.ocrConfidence, html)
        }
        if let r = d.readiness {
            var html = HTMLText.content(labels.readiness(r))
            if let reason = readinessReason(d, message: readinessMessage) { html += " — " + HTMLText.content(reason) }
            if let e = d.expectedReadiness {
                html += " · \(t(.expectedReadiness)) \(HTMLText.content(labels.readiness(e)))"
                if d.readinessMatches == false { html += " <span class=\"mismatch\">≠</span>" }
            }
            item(.readiness, html)
        }
        if d.duplicateOf != nil || d.expectedDuplicateOf != nil {
            var html = d.duplicateOf.map(link) ?? FigureFormat.missing
            if let e = d.expectedDuplicateOf {
                html += " · " + HTMLText.content(labels.fill(.expectedDuplicate, ["name": e]))
            }
            if d.duplicateMatches == false { html += " <span class=\"mismatch\">≠</span>" }
            item(.duplicateOf, html)
        }
        if let out = d.output { item(.output, "<bdi class=\"mono\">\(HTMLText.content(out))</bdi>") }
        return s + "</dl>\n"
    }

    func end() -> String {
        "</section>\n</main>\n<script nonce=\"\(nonce)\">\n\(ReportAssets.script)\n</script>\n</body>\n</html>\n"
    }
}

/// A page image fit for the report: PNG or JPEG only (a declared type is trusted only when the
/// bytes agree), with its size read from the header so the page does not jump while loading.
struct PageImage {
    let type: String
    let data: Data
    let size: (width: Int, height: Int)?
    let caption: String?

    init?(_ page: QaPageImage) {
        let data = page.data
        guard !data.isEmpty else { return nil }
        caption = page.caption
        let bytes = [UInt8](data.prefix(4))
        let sniffed: String? = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? "image/png"
            : bytes.starts(with: [0xFF, 0xD8, 0xFF]) ? "image/jpeg" : nil
        guard let sniffed else { return nil }
        type = sniffed
        self.data = data
        size = sniffed == "image/png" ? Self.pngSize(data) : Self.jpegSize(data)
    }

    private static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let b = [UInt8](data.prefix(24))
        guard b.count == 24 else { return nil }
        let w = b[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = b[20..<24].reduce(0) { $0 << 8 | Int($1) }
        return w > 0 && h > 0 ? (w, h) : nil
    }

    /// The first start-of-frame marker's size, walking the segments from the start.
    private static func jpegSize(_ data: Data) -> (width: Int, height: Int)? {
        let b = [UInt8](data.prefix(1 << 20))
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 2; continue }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                let h = Int(b[i + 5]) << 8 | Int(b[i + 6]), w = Int(b[i + 7]) << 8 | Int(b[i + 8])
                return w > 0 && h > 0 ? (w, h) : nil
            }
            i += 2 + length
        }
        return nil
    }
}
