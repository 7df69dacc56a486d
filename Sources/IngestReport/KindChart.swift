import IngestQuality

/// One small SVG per kind, drawn by hand (no chart library may be loaded). A kind with expected
/// texts shows how its documents spread over CER and WER bands; the shape says more than the
/// mean (one broken scan among good PDFs shows as one bar far right) and stays the same size
/// for 5 or 5,000 documents. A kind without expected texts shows its readiness verdicts instead.
struct KindChart {
    static let width = 300.0, height = 156.0
    private static let left = 30.0, right = 8.0, top = 30.0, bottom = 30.0

    /// Upper bounds of the bands (fractions); the last band is open.
    static let bands: [Double] = [0.01, 0.02, 0.05, 0.10, 0.20, 0.50]
    static let bandNames = ["<1", "1–2", "2–5", "5–10", "10–20", "20–50", "≥50"]

    static func band(_ v: Double) -> Int { bands.firstIndex { v < $0 } ?? bands.count }

    let labels: Labels
    let figures: FigureFormat

    func svg(kind: String, documents: [QaDocument], id: String) -> String {
        let scored = documents.compactMap(\.scores)
        if scored.isEmpty { return readinessChart(kind: kind, documents: documents, id: id) }
        var cer = [Int](repeating: 0, count: Self.bandNames.count), wer = cer
        for s in scored {
            cer[Self.band(s.cer)] += 1
            wer[Self.band(s.wer)] += 1
        }
        let description = "\(kind): \(scored.count) \(labels[scored.count == 1 ? .chartDocument : .chartDocuments]); "
            + zip(Self.bandNames, zip(cer, wer)).map { "\($0) %: CER \($1.0), WER \($1.1)" }.joined(separator: "; ")
        var s = open(id: id, description: description)
        let plotWidth = Self.width - Self.left - Self.right, plotHeight = Self.height - Self.top - Self.bottom
        let maximum = max(1, cer.max() ?? 1, wer.max() ?? 1)
        s += axis(maximum: maximum, plotWidth: plotWidth, plotHeight: plotHeight)
        let slot = plotWidth / Double(Self.bandNames.count)
        let barWidth = slot * 0.36
        for (b, name) in Self.bandNames.enumerated() {
            let x = Self.left + slot * Double(b)
            s += bar(x: x + slot * 0.12, width: barWidth, count: cer[b], maximum: maximum, plotHeight: plotHeight,
                     cls: "cer", title: "CER \(name) %: \(cer[b])")
            s += bar(x: x + slot * 0.52, width: barWidth, count: wer[b], maximum: maximum, plotHeight: plotHeight,
                     cls: "wer", title: "WER \(name) %: \(wer[b])")
            s += "<text class=\"tick\" x=\"\(n(x + slot / 2))\" y=\"\(n(Self.height - Self.bottom + 12))\" text-anchor=\"middle\">\(HTMLText.content(name))</text>"
        }
        // The problem threshold (CER 10 %) falls between the fourth and fifth bands.
        let threshold = Self.left + slot * 4
        s += "<line class=\"threshold\" x1=\"\(n(threshold))\" x2=\"\(n(threshold))\" y1=\"\(n(Self.top - 4))\" y2=\"\(n(Self.height - Self.bottom))\"/>"
        s += "<text class=\"tick\" x=\"\(n(Self.left + plotWidth / 2))\" y=\"\(n(Self.height - 4))\" text-anchor=\"middle\">%</text>"
        s += "<rect class=\"cer\" x=\"\(n(Self.left))\" y=\"6\" width=\"9\" height=\"9\"/>"
        s += "<text class=\"legend\" x=\"\(n(Self.left + 12))\" y=\"14\">\(HTMLText.content(labels[.chartCER]))</text>"
        s += "<rect class=\"wer\" x=\"\(n(Self.left + 50))\" y=\"6\" width=\"9\" height=\"9\"/>"
        s += "<text class=\"legend\" x=\"\(n(Self.left + 62))\" y=\"14\">\(HTMLText.content(labels[.chartWER]))</text>"
        s += "<text class=\"legend\" x=\"\(n(threshold + 3))\" y=\"14\">\(HTMLText.content(labels[.chartThreshold]))</text>"
        return s + "</svg>"
    }

    private func readinessChart(kind: String, documents: [QaDocument], id: String) -> String {
        let groups: [(String, String, Int)] = [
            ("ready", labels[.ready], documents.filter { $0.status != "failed" && $0.readiness == "ready" }.count),
            ("short", labels[.short], documents.filter { $0.status != "failed" && $0.readiness == "short" }.count),
            ("notReady", labels[.notReady], documents.filter { $0.status != "failed" && $0.readiness == "notReady" }.count),
            ("failed", labels[.failedStatus], documents.filter { $0.status == "failed" }.count),
        ]
        let description = "\(kind): " + groups.map { "\($0.1) \($0.2)" }.joined(separator: ", ")
        var s = open(id: id, description: description)
        let plotWidth = Self.width - Self.left - Self.right, plotHeight = Self.height - Self.top - Self.bottom
        let maximum = max(1, groups.map(\.2).max() ?? 1)
        s += axis(maximum: maximum, plotWidth: plotWidth, plotHeight: plotHeight)
        let slot = plotWidth / Double(groups.count)
        for (g, group) in groups.enumerated() {
            let x = Self.left + slot * Double(g)
            s += bar(x: x + slot * 0.25, width: slot * 0.5, count: group.2, maximum: maximum, plotHeight: plotHeight,
                     cls: group.0, title: "\(group.1): \(group.2)")
            s += "<text class=\"tick\" x=\"\(n(x + slot / 2))\" y=\"\(n(Self.height - Self.bottom + 12))\" text-anchor=\"middle\">\(HTMLText.content(group.1))</text>"
        }
        s += "<text class=\"legend\" x=\"\(n(Self.left))\" y=\"14\">\(HTMLText.content(labels[.chartReadiness]))</text>"
        return s + "</svg>"
    }

    private func open(id: String, description: String) -> String {
        "<svg class=\"chart\" viewBox=\"0 0 \(n(Self.width)) \(n(Self.height))\" width=\"\(n(Self.width))\" height=\"\(n(Self.height))\" role=\"img\" aria-labelledby=\"\(id)\"><title id=\"\(id)\">\(HTMLText.content(description))</title>"
    }

    /// The baseline and a few horizontal grid lines with their counts.
    private func axis(maximum: Int, plotWidth: Double, plotHeight: Double) -> String {
        var s = ""
        let step = max(1, Int((Double(maximum) / 3).rounded(.up)))
        var v = 0
        while v <= maximum {
            let y = Self.top + plotHeight * (1 - Double(v) / Double(maximum))
            s += "<line class=\"grid\" x1=\"\(n(Self.left))\" x2=\"\(n(Self.left + plotWidth))\" y1=\"\(n(y))\" y2=\"\(n(y))\"/>"
            s += "<text class=\"tick\" x=\"\(n(Self.left - 4))\" y=\"\(n(y + 3))\" text-anchor=\"end\">\(v)</text>"
            v += step
        }
        return s
    }

    private func bar(x: Double, width: Double, count: Int, maximum: Int, plotHeight: Double, cls: String, title: String) -> String {
        let h = plotHeight * Double(count) / Double(maximum)
        let y = Self.top + plotHeight - h
        var s = "<rect class=\"\(cls)\" x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(h))\"><title>\(HTMLText.content(title))</title></rect>"
        if count > 0 {
            s += "<text class=\"count\" x=\"\(n(x + width / 2))\" y=\"\(n(y - 2))\" text-anchor=\"middle\">\(count)</text>"
        }
        return s
    }

    /// Coordinates with one decimal: enough on screen, and half the bytes of `Double.description`.
    private func n(_ v: Double) -> String {
        let r = (v * 10).rounded() / 10
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
