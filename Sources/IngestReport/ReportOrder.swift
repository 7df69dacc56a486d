import IngestQuality

/// The order the report opens in: worst first, so the documents a person must look at are at the
/// top of the table and of the sections. Failures; then documents read in part, and what the
/// manifest or the baseline says went wrong (a regression, a readiness or duplicate verdict other
/// than expected); then CERs
/// above the problem threshold, highest first; then not-ready, then short verdicts; then the rest,
/// highest CER first (none last). Ties keep corpus order. The table's script sorts from there.
enum ReportOrder {
    static func worstFirst(_ documents: [QaDocument], regressed: Set<String>) -> [Int] {
        func tier(_ d: QaDocument) -> Int {
            if d.status == "failed" { return 0 }
            if d.status == "partial" || regressed.contains(d.name) || d.readinessMatches == false || d.duplicateMatches == false { return 1 }
            if let cer = d.scores?.cer, cer > problemCER { return 2 }
            if d.readiness == "notReady" { return 3 }
            if d.readiness == "short" { return 4 }
            return 5
        }
        let keyed = documents.enumerated().map { (i, d) in (i: i, tier: tier(d), cer: d.scores?.cer ?? -1) }
        return keyed.sorted { a, b in
            if a.tier != b.tier { return a.tier < b.tier }
            if a.cer != b.cer { return a.cer > b.cer }
            return a.i < b.i
        }.map(\.i)
    }
}
