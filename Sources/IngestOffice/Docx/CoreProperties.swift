import IngestCore

/// Title, author and dates from `docProps/core.xml`.
struct CorePropertiesHandler: XMLHandler {
    private var fields: [Int32: String] = [:]
    private var current: Int32?
    private var text: [UInt8] = []
    private(set) var values: [String: String] = [:]

    init(_ names: XMLNameTable) {
        fields = [
            names.name(OOXML.dc, "title"): "title", names.name(OOXML.dc, "creator"): "author",
            names.name(OOXML.dcterms, "created"): "created", names.name(OOXML.dcterms, "modified"): "modified",
            names.name(OOXML.dc, "subject"): "subject", names.name(OOXML.cp, "keywords"): "keywords",
            names.name(OOXML.dc, "description"): "description", names.name(OOXML.dc, "language"): "language",
            names.name(OOXML.cp, "lastModifiedBy"): "lastModifiedBy",
        ]
    }

    mutating func startElement(_ name: Int32, _ attributes: XMLAttributes) throws {
        if fields[name] != nil { current = name; text.removeAll() }
    }
    mutating func endElement(_ name: Int32) throws {
        guard name == current, let key = fields[name] else { return }
        let value = String(decoding: text, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if !value.isEmpty { values[key] = value }
        current = nil
    }
    mutating func characters(_ bytes: UnsafeRawBufferPointer) throws {
        if current != nil && text.count < 65_536 { text.append(contentsOf: bytes) }
    }
}

import Foundation
