import IngestCore

/// Durations as the messages of SPEC §4 write them: « 2 h 14 », « 45 min ».
public enum DurationFormat {
    /// `seconds` rounded down to the minute: « 2 h 14 » (fr), « 2 h 14 min » (en), « 45 min », « 2 h »;
    /// under a minute in seconds (« 30 s »), as « 0 min » would say the video is empty.
    public static func text(seconds: Double, language: MessageLanguage) -> String {
        let whole = max(0, Int(seconds.isFinite ? seconds : 0))
        if whole < 60 { return "\(whole) s" }
        let total = whole / 60
        let h = total / 60, m = total % 60
        if h == 0 { return "\(m) min" }
        if m == 0 { return "\(h) h" }
        let mm = m < 10 ? "0\(m)" : "\(m)"
        return language == .fr ? "\(h) h \(mm)" : "\(h) h \(mm) min"
    }

    /// A cap in minutes: « 60 min », or « 2 h » when it is whole hours above one hour.
    public static func cap(minutes: Int, language: MessageLanguage) -> String {
        minutes > 60 ? text(seconds: Double(minutes * 60), language: language) : "\(minutes) min"
    }
}
