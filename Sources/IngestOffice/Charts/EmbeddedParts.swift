import IngestCore

/// Reads the chart and SmartArt parts a Word body or a slide points to (by relationship id) into
/// blocks. A damaged one is a warning; the text around it stands.
enum EmbeddedParts {
    static func blocks(_ rid: String, diagram: Bool, owner: String, rels: [Relationship], package: DocxPackage,
                       page: Int?, warnings: inout [Warning], context: ExtractionContext) throws -> [Block] {
        guard let rel = rels.first(where: { $0.id == rid && !$0.external }) else { return [] }
        let part = PartPath.resolve(rel.target, from: owner)
        if diagram {
            var h = DiagramHandler(.init(package.names))
            guard try PartReading.optional(&warnings, context, part, { try package.parse(part, &h) }) == true else { return [] }
            return h.blocks(page: page)
        }
        var h = ChartHandler(.init(package.names))
        guard try PartReading.optional(&warnings, context, part, { try package.parse(part, &h) }) == true else { return [] }
        return h.blocks(page: page)
    }
}
