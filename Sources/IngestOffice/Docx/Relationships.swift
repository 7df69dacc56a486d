import IngestCore

/// One relationship of an OPC part (`_rels/*.rels`).
struct Relationship: Sendable, Equatable {
    var id: String
    var type: String
    var target: String
    var external: Bool

    /// The relationship type's last segment (`officeDocument`, `styles`, `footnotes` …), the same
    /// for Transitional and Strict URIs.
    var kind: Substring { type.split(separator: "/").last ?? "" }
}

/// Reads a `.rels` part.
struct RelationshipsHandler: XMLHandler {
    let relationship: Int32
    let id: Int32, type: Int32, target: Int32, mode: Int32
    var items: [Relationship] = []

    init(_ names: XMLNameTable) {
        relationship = names.name(OOXML.packageRels, "Relationship")
        id = names.name("", "Id"); type = names.name("", "Type"); target = names.name("", "Target")
        mode = names.name("", "TargetMode")
    }

    mutating func startElement(_ name: Int32, _ attributes: XMLAttributes) throws {
        guard name == relationship, let t = attributes[target], let ty = attributes[type] else { return }
        items.append(Relationship(id: attributes[id] ?? "", type: ty, target: t,
                                  external: attributes[mode]?.lowercased() == "external"))
    }
    mutating func endElement(_ name: Int32) throws {}
    mutating func characters(_ text: UnsafeRawBufferPointer) throws {}
}

enum PartPath {
    /// The part a relationship target names, relative to the folder of the part that owns the
    /// relationships (`word/document.xml` + `media/a.png` → `word/media/a.png`).
    static func resolve(_ target: String, from source: String) -> String {
        var base = target.hasPrefix("/") ? [] : source.split(separator: "/").dropLast().map(String.init)
        for segment in target.split(separator: "/") {
            if segment == ".." { if !base.isEmpty { base.removeLast() } }
            else if segment != "." { base.append(String(segment)) }
        }
        return base.joined(separator: "/").removingPercentEncodingIfNeeded
    }

    /// `word/document.xml` → `word/_rels/document.xml.rels`.
    static func relationships(of part: String) -> String {
        var segments = part.split(separator: "/").map(String.init)
        let last = segments.popLast() ?? ""
        return (segments + ["_rels", last + ".rels"]).joined(separator: "/")
    }
}

extension String {
    var removingPercentEncodingIfNeeded: String {
        contains("%") ? (removingPercentEncoding ?? self) : self
    }
}
