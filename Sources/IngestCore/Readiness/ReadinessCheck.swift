/// SPEC §5: decides whether a document's text can be handed on. Never changes the text.
public enum ReadinessCheck {
    /// - Parameters:
    ///   - text: the normalized text of the whole document.
    ///   - thinTextReason: what the extractors saw (`readiness.scanned`, `readiness.handwriting`,
    ///     `readiness.emptyPage`, `readiness.audioNoText`), used to explain a thin result.
    ///   - visionPages: pages whose images could be offered to a vision model.
    public static func evaluate(text: String, thresholds: PipelineConfig.ReadinessThresholds,
                                thinTextReason: ErrorCode? = nil, visionPages: [Int] = [],
                                language: MessageLanguage = .current) -> Readiness {
        evaluate(characters: characterCount(text), thresholds: thresholds, thinTextReason: thinTextReason,
                 visionPages: visionPages, language: language)
    }

    /// Characters as a reader counts them: Unicode scalars that are not combining marks (after
    /// NFC this equals the grapheme count for Latin text, at a fraction of `String.count`'s cost).
    public static func characterCount(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var n = 0
            var i = 0
            guard let base = bytes.baseAddress else { return 0 }
            let raw = UnsafeRawPointer(base)
            while i < bytes.count {
                // Eight ASCII bytes are eight characters.
                if i + 8 <= bytes.count, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    n += 8; i += 8; continue
                }
                let b = bytes[i]
                if b & 0xC0 != 0x80 {
                    // U+0300–U+036F (combining diacritics) are CC 80…CD AF in UTF-8.
                    let combining = b == 0xCC || (b == 0xCD && i + 1 < bytes.count && bytes[i + 1] < 0xB0)
                    if !combining { n += 1 }
                }
                i += 1
            }
            return n
        }
    }

    public static func evaluate(characters: Int, thresholds: PipelineConfig.ReadinessThresholds,
                                thinTextReason: ErrorCode? = nil, visionPages: [Int] = [],
                                language: MessageLanguage = .current) -> Readiness {
        let args = ["count": String(characters)]
        if characters < thresholds.notReadyBelow {
            let reason: ErrorCode
            if let thin = thinTextReason { reason = thin }
            else { reason = characters == 0 ? .readinessEmpty : .readinessTooLittleText }
            var message = MessageCatalog.message(reason, language, args)
            let offered = Array(visionPages.prefix(thresholds.visionPageCap))
            if !offered.isEmpty {
                message += " " + MessageCatalog.message("readiness.visionOffer", language, ["pages": String(offered.count)])
            }
            return Readiness(status: .notReady, characters: characters, reason: reason, message: message,
                             visionPages: offered.isEmpty ? nil : offered)
        }
        if characters < thresholds.shortBelow {
            return Readiness(status: .short, characters: characters, reason: .readinessShort,
                             message: MessageCatalog.message(.readinessShort, language, args))
        }
        return Readiness(status: .ready, characters: characters)
    }
}
