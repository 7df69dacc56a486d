import XCTest
import IngestWatch

final class TemporaryNamesTests: XCTestCase {
    func testTemporaryAndLockNamesAreIgnored() {
        let names = [
            "~$Rapport.docx",                 // Microsoft Office owner file
            ".~lock.Cours.odt#",              // LibreOffice lock
            "film.mp4.part", "film.mp4.PART", // wget, Transmission, Windows tools
            "cours.pdf.crdownload",           // Chrome, Edge
            "cours.pdf.download",             // Safari
            "cours.pdf.partial",              // Firefox
            "x.tmp", "notes.txt.swp", "notes.txt.swx", "notes.txt~",
            ".cours.pdf.AbC123",              // rsync
            ".goutputstream-XY12AB",          // GLib
            "out.json.ingest-tmp",            // our own atomic writes
            "#notes.txt#",                    // emacs auto-save
            ".DS_Store", "",
        ]
        for name in names { XCTAssertTrue(TemporaryNames.isIgnored(name), name) }
    }

    func testDocumentsAreNotIgnored() {
        let names = ["cours.pdf", "Rapport.docx", "photo.JPG", "partie.pdf", "tmp.pdf", "download.txt",
                     "a~b.txt", "#1 cours.pdf", "swp", "~cours.pdf", "lock.odt"]
        for name in names { XCTAssertFalse(TemporaryNames.isIgnored(name), name) }
    }

    func testIgnoredFolders() {
        for name in [".git", ".Trash-1000", ".dropbox.cache", "$RECYCLE.BIN", "System Volume Information", "@eaDir", "#recycle"] {
            XCTAssertTrue(TemporaryNames.isIgnoredFolder(name), name)
        }
        for name in ["Cours", "2024", "recycle", "eaDir"] { XCTAssertFalse(TemporaryNames.isIgnoredFolder(name), name) }
    }
}
