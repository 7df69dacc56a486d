import CPoppler
import Foundation

// Text a page shows outside its content stream: values typed into form fields and FreeText
// comments live in annotations, which poppler's page text (`poppler_page_get_text`) leaves out
// although they are drawn on the page (and `pdftotext`, which draws them, reads them).

extension PopplerPageRef {
    /// The values of the page's form fields, the text of its FreeText annotations and the text
    /// its signature fields draw (`signatureLines`), each as lines placed at the field's box
    /// (points, y down) and marked with their origin; and how many visible signatures draw no
    /// text (a picture), which are not read. Password fields, push-button captions, unchecked
    /// boxes and hidden annotations give nothing; a checked box or radio button gives "☒".
    func annotationLines() -> (lines: [TextLine], unreadSignatures: Int) {
        let (width, height) = size
        var out: [TextLine] = []
        var widgets: [PopplerAnnotation] = []
        for annotation in annotations() {
            switch annotation.kind {
            case .widget:
                widgets.append(annotation)
            case .freeText:
                guard !annotation.invisible, let contents = annotation.contents else { continue }
                out += AnnotationText.lines(contents, area: annotation.area, pageHeight: height, origin: .annotation)
            case .other:
                continue
            }
        }
        var signatures: [PopplerRectangle] = []
        for field in formFields() {
            let widget = AnnotationText.widget(of: field.area, among: widgets, shownWidth: width, shownHeight: height)
            if widget?.invisible == true { continue }
            // Placed where its widget is drawn (on a turned page, not where the field's own area says).
            let area = widget?.area ?? field.area
            if case .signature = field.kind { signatures.append(area); continue }
            guard let value = Self.value(of: field.kind) else { continue }
            out += AnnotationText.lines(value, area: area, pageHeight: height, origin: .formField)
        }
        let read = signatureLines(signatures)
        return (out + read.lines, read.unread)
    }

    /// What a field shows: a text field's text, a choice's selected items (or typed text), "☒" for
    /// a checked box or radio button; nil when it shows nothing worth reading.
    private static func value(of field: PopplerFormField.Kind) -> String? {
        switch field {
        case .text(let text, let password):
            return password ? nil : nonEmpty(text)
        case .choice(let typed, let selected):
            if let typed = nonEmpty(typed) { return typed }
            let chosen = selected.compactMap(nonEmpty)
            return chosen.isEmpty ? nil : chosen.joined(separator: "\n")
        case .checkable(let on):
            return on ? AnnotationText.checked : nil
        case .signature, .other:
            return nil
        }
    }

    private static func nonEmpty(_ s: String?) -> String? {
        guard let s, s.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { return nil }
        return s
    }
}

/// Annotation and field text as page lines, and where they go among the page's lines.
enum AnnotationText {
    /// What a checked box or radio button reads as.
    static let checked = "☒"

    /// The value's lines, stacked in the annotation's box. Poppler gives annotation areas in PDF
    /// space (y up from the bottom of the page); lines are placed y down.
    static func lines(_ value: String, area: PopplerRectangle, pageHeight: Double, origin: TextLine.Origin) -> [TextLine] {
        let parts = value.replacingOccurrences(of: "\r\n", with: "\n").split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return [] }
        let x0 = min(area.x1, area.x2), x1 = max(area.x1, area.x2)
        let top = pageHeight - max(area.y1, area.y2), bottom = pageHeight - min(area.y1, area.y2)
        let step = max(1, (bottom - top) / Double(parts.count))
        return parts.enumerated().map { i, text in
            var line = TextLine(text: text, x0: x0, y0: top + Double(i) * step, x1: x1, y1: top + Double(i + 1) * step,
                                glyphHeight: min(step, 12), hasGeometry: true)
            line.origin = origin
            line.continuesValue = i > 0
            return line
        }
    }

    /// The widget drawn for a field. Poppler gives a field's area in the page's own space and a
    /// widget's in the page as shown, turned by its /Rotate (`qpdf --rotate` of a signed page:
    /// field (300, 120, 540, 200), widget (120, 55.3, 200, 295.3) at 90°); each quarter turn is tried.
    static func widget(of area: PopplerRectangle, among widgets: [PopplerAnnotation], shownWidth w: Double, shownHeight h: Double) -> PopplerAnnotation? {
        let x1 = min(area.x1, area.x2), x2 = max(area.x1, area.x2), y1 = min(area.y1, area.y2), y2 = max(area.y1, area.y2)
        let turns = [(x1, y1, x2, y2), (y1, h - x2, y2, h - x1), (w - x2, h - y2, w - x1, h - y1), (w - y2, x1, w - y1, x2)]
        for t in turns {
            if let found = widgets.first(where: { a in
                let r = a.area
                return abs(min(r.x1, r.x2) - t.0) < 0.01 && abs(min(r.y1, r.y2) - t.1) < 0.01
                    && abs(max(r.x1, r.x2) - t.2) < 0.01 && abs(max(r.y1, r.y2) - t.3) < 0.01
            }) { return found }
        }
        return nil
    }

    /// `extras` inserted among the page's ordered `lines`: each after the last line (in reading
    /// order) that is on its row to its left (a field's label) or above it across its width (a
    /// question above an answer box); before every line when there is none. A value's later lines
    /// (`continuesValue`) stay right after its first, wherever the page's lines fall between them.
    static func insert(_ extras: [TextLine], into lines: [TextLine]) -> [TextLine] {
        guard !extras.isEmpty else { return lines }
        var values: [[TextLine]] = []
        for extra in extras {
            if extra.continuesValue, !values.isEmpty { values[values.count - 1].append(extra) } else { values.append([extra]) }
        }
        var after: [Int: [[TextLine]]] = [:]          // -1: before the first line
        for value in values {
            let extra = value[0]
            var anchor = -1
            for (i, line) in lines.enumerated() where line.hasGeometry {
                let h = max(1, min(line.y1 - line.y0, extra.y1 - extra.y0))
                let sameRow = min(line.y1, extra.y1) - max(line.y0, extra.y0) >= h * 0.5
                let leftOf = sameRow && line.x0 < extra.x0
                let above = line.y1 <= extra.y0 + h * 0.5 && line.x0 < extra.x1 && line.x1 > extra.x0
                if leftOf || above { anchor = i }
            }
            if anchor == -1, let i = lines.lastIndex(where: { $0.hasGeometry && $0.y1 <= extra.y0 }) { anchor = i }
            // Not inside a paragraph that runs on above the box: past the lines that follow the
            // anchor just below it, under its width, and still end above the box (a signature box
            // at the right under a paragraph whose last line is short).
            while anchor >= 0, anchor + 1 < lines.count {
                let line = lines[anchor], next = lines[anchor + 1]
                guard next.hasGeometry, next.origin == .content, next.y0 >= line.y0, next.y1 <= extra.y0 + 1,
                      next.y0 - line.y1 <= max(line.y1 - line.y0, 2), next.x0 < line.x1, next.x1 > line.x0 else { break }
                anchor += 1
            }
            after[anchor, default: []].append(value)
        }
        for key in after.keys { after[key]!.sort { ($0[0].y0, $0[0].x0) < ($1[0].y0, $1[0].x0) } }
        var out: [TextLine] = []
        out.reserveCapacity(lines.count + extras.count)
        out += (after[-1] ?? []).joined()
        for (i, line) in lines.enumerated() {
            out.append(line)
            if let more = after[i] { out += more.joined() }
        }
        return out
    }
}
