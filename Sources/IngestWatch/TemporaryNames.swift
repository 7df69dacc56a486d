/// Names of files that are never documents yet: partial downloads, editors' and office suites'
/// lock and swap files, copy tools' temporary names. The watcher still reports them (a rename
/// from `x.pdf.crdownload` to `x.pdf` is the arrival); the watch loop skips them.
public enum TemporaryNames {
    /// Endings of in-progress or backup files, compared without case (`.PART` from Windows tools).
    static let suffixes = [
        ".part", ".partial",          // wget/curl/Transmission…, Firefox
        ".crdownload", ".download",   // Chrome/Edge, Safari
        ".tmp", ".ingest-tmp",        // generic, and our own atomic writes
        ".swp", ".swx",               // vim swap files written beside the file
        "~",                          // editor backups (emacs, gedit, nano…)
    ]

    public static func isIgnored(_ fileName: String) -> Bool {
        if fileName.isEmpty { return true }
        // Dot-files: hidden by convention, and they cover rsync's `.name.XXXXXX`, LibreOffice's
        // `.~lock.name#`, GLib's `.goutputstream-XXXXXX`, vim's `.name.swp`, `.DS_Store`.
        if fileName.hasPrefix(".") { return true }
        // Microsoft Office's owner file beside an open document: `~$Report.docx`.
        if fileName.hasPrefix("~$") { return true }
        // Emacs auto-save: `#notes.txt#`.
        if fileName.count > 1, fileName.hasPrefix("#"), fileName.hasSuffix("#") { return true }
        let lower = fileName.lowercased()
        return suffixes.contains { lower.hasSuffix($0) }
    }

    /// System folders seen on shares and removable disks, never holding the user's documents.
    static let systemFolders: Set<String> = [
        "$recycle.bin", "system volume information", "lost+found", "@eadir", "#recycle", "#snapshot",
    ]

    /// Folders that are neither watched nor scanned: dot-folders (`.git`, `.Trash-1000`, sync
    /// clients' caches hold thousands of folders that would spend the watch limit) and the
    /// system folders of Windows disks and NAS shares.
    public static func isIgnoredFolder(_ folderName: String) -> Bool {
        folderName.hasPrefix(".") || systemFolders.contains(folderName.lowercased())
    }
}
