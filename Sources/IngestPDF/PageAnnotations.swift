import CPoppler
import Foundation

// Text a page shows outside its content stream: values typed into form fields and FreeText
// comments live in annotations, which poppler's page text (`poppler_page_get_text`) leaves out
// although they are drawn on the page (and `pdftotext`, which draws them, reads them).

extension PopplerPageRef {
    /// The values of the page's form fields and the text of its FreeText annotations, each as
    /// lines placed at the field's box (points, y down) and marked with their origin. Password
    /// fields, push-button captions, unchecked boxes and hidden annotations give nothing; a
    /// checked box or radio button gives "☒". Signatures are left out: their appearance text is
    /// drawn, not stored as a value.
    func annotationLines() -> [TextLine] {
        let height = size.height
        var out: [TextLine] = []
        var hidden: [PopplerRectangle] = []
        if let list = poppler_page_get_annot_mapping(handle) {
            defer { poppler_page_free_annot_mapping(list) }
            GListItems.forEach(list, as: PopplerAnnotMapping.self) { mapping in
                guard let annot = mapping.pointee.annot else { return }
                let flags = poppler_annot_get_flags(annot).rawValue
                let invisible = flags & (POPPLER_ANNOT_FLAG_HIDDEN.rawValue | POPPLER_ANNOT_FLAG_NO_VIEW.rawValue) != 0
                switch poppler_annot_get_annot_type(annot) {
                case POPPLER_ANNOT_WIDGET:
                    if invisible { hidden.append(mapping.pointee.area) }
                case POPPLER_ANNOT_FREE_TEXT:
                    guard !invisible, let contents = PopplerDocumentRef.own(poppler_annot_get_contents(annot)) else { return }
                    out += AnnotationText.lines(contents, area: mapping.pointee.area, pageHeight: height, origin: .annotation)
                default:
                    return
                }
            }
        }
        guard let list = poppler_page_get_form_field_mapping(handle) else { return out }
        defer { poppler_page_free_form_field_mapping(list) }
        GListItems.forEach(list, as: PopplerFormFieldMapping.self) { mapping in
            guard let field = mapping.pointee.field else { return }
            let area = mapping.pointee.area
            if hidden.contains(where: { $0.x1 == area.x1 && $0.y1 == area.y1 && $0.x2 == area.x2 && $0.y2 == area.y2 }) { return }
            guard let value = Self.value(of: field) else { return }
            out += AnnotationText.lines(value, area: area, pageHeight: height, origin: .formField)
        }
        return out
    }

    /// What a field shows: a text field's text, a choice's selected items (or typed text), "☒" for
    /// a checked box or radio button; nil when it shows nothing worth reading.
    private static func value(of field: OpaquePointer) -> String? {
        switch poppler_form_field_get_field_type(field) {
        case POPPLER_FORM_FIELD_TEXT:
            guard poppler_form_field_text_is_password(field) == 0 else { return nil }
            return nonEmpty(PopplerDocumentRef.own(poppler_form_field_text_get_text(field)))
        case POPPLER_FORM_FIELD_CHOICE:
            if poppler_form_field_choice_is_editable(field) != 0,
               let typed = nonEmpty(PopplerDocumentRef.own(poppler_form_field_choice_get_text(field))) { return typed }
            let n = poppler_form_field_choice_get_n_items(field)
            guard n > 0 else { return nil }
            var chosen: [String] = []
            for i in 0..<n where poppler_form_field_choice_is_item_selected(field, i) != 0 {
                if let item = nonEmpty(PopplerDocumentRef.own(poppler_form_field_choice_get_item(field, i))) { chosen.append(item) }
            }
            return chosen.isEmpty ? nil : chosen.joined(separator: "\n")
        case POPPLER_FORM_FIELD_BUTTON:
            switch poppler_form_field_button_get_button_type(field) {
            case POPPLER_FORM_BUTTON_CHECK, POPPLER_FORM_BUTTON_RADIO:
                return poppler_form_field_button_get_state(field) != 0 ? AnnotationText.checked : nil
            default:
                return nil
            }
        default:
            return nil
        }
    }

    private static func nonEmpty(_ s: String?) -> String? {
        guard let s, s.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { return nil }
        return s
    }

    /// Hides every annotation of the page (in this copy of the document only, never saved), so
    /// that a render shows the page's own content.
    func hideAnnotations() {
        guard let list = poppler_page_get_annot_mapping(handle) else { return }
        defer { poppler_page_free_annot_mapping(list) }
        GListItems.forEach(list, as: PopplerAnnotMapping.self) { mapping in
            guard let annot = mapping.pointee.annot else { return }
            let flags = poppler_annot_get_flags(annot).rawValue | POPPLER_ANNOT_FLAG_HIDDEN.rawValue
            poppler_annot_set_flags(annot, PopplerAnnotFlag(rawValue: flags))
        }
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

    /// `extras` inserted among the page's ordered `lines`: each after the last line (in reading
    /// order) that is on its row to its left (a field's label) or above it across its width (a
    /// question above an answer box); before every line when there is none.
    static func insert(_ extras: [TextLine], into lines: [TextLine]) -> [TextLine] {
        guard !extras.isEmpty else { return lines }
        var after: [Int: [TextLine]] = [:]          // -1: before the first line
        for extra in extras {
            var anchor = -1
            for (i, line) in lines.enumerated() where line.hasGeometry {
                let h = max(1, min(line.y1 - line.y0, extra.y1 - extra.y0))
                let sameRow = min(line.y1, extra.y1) - max(line.y0, extra.y0) >= h * 0.5
                let leftOf = sameRow && line.x0 < extra.x0
                let above = line.y1 <= extra.y0 + h * 0.5 && line.x0 < extra.x1 && line.x1 > extra.x0
                if leftOf || above { anchor = i }
            }
            if anchor == -1, let i = lines.lastIndex(where: { $0.hasGeometry && $0.y1 <= extra.y0 }) { anchor = i }
            after[anchor, default: []].append(extra)
        }
        for key in after.keys { after[key]!.sort { ($0.y0, $0.x0) < ($1.y0, $1.x0) } }
        var out: [TextLine] = []
        out.reserveCapacity(lines.count + extras.count)
        out += after[-1] ?? []
        for (i, line) in lines.enumerated() {
            out.append(line)
            if let more = after[i] { out += more }
        }
        return out
    }
}
