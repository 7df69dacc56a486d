import XCTest
import IngestCore
@testable import IngestYouTube

final class VideoLinkTests: XCTestCase {
    static let id = "dQw4w9WgXcQ"

    /// Every accepted form of SPEC §4 → the ID.
    func testAcceptedForms() {
        let id = Self.id
        let accepted = [
            "https://www.youtube.com/watch?v=\(id)",
            "http://www.youtube.com/watch?v=\(id)",
            "https://youtube.com/watch?v=\(id)",
            "youtube.com/watch?v=\(id)",
            "www.youtube.com/watch?v=\(id)",
            "https://m.youtube.com/watch?v=\(id)",
            "https://music.youtube.com/watch?v=\(id)&feature=share",
            "https://www.youtube.com/watch?v=\(id)&t=42s",
            "https://www.youtube.com/watch?t=42&v=\(id)",
            "https://www.youtube.com/watch?v=\(id)&list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs&index=2",
            "https://www.youtube.com/watch?feature=youtu.be&v=\(id)&si=AbCdEf",
            "https://www.youtube.com/watch?v=\(id)#t=1m",
            "https://WWW.YouTube.COM/watch?v=\(id)",
            "HTTPS://YOUTU.BE/\(id)",
            "https://youtu.be/\(id)",
            "youtu.be/\(id)",
            "https://youtu.be/\(id)?si=xyz&t=12",
            "https://youtu.be/\(id)/",
            "https://www.youtube.com/shorts/\(id)",
            "https://youtube.com/shorts/\(id)?feature=share",
            "https://www.youtube.com/embed/\(id)",
            "https://www.youtube.com/embed/\(id)?start=10",
            "https://www.youtube.com/live/\(id)",
            "https://www.youtube.com/live/\(id)/",
            "https://www.youtube.com/shorts/\(id)/",
            "https://www.youtube.com/watch/?v=\(id)",
            "  https://youtu.be/\(id)\n",
            "https://www.youtube.com/watch?v=\(id.replacingOccurrences(of: "Q", with: "%51"))",  // percent-encoded ID
            "https://www.youtube.com/watch?%76=\(id)",                                           // percent-encoded key
            "https://www.youtube.com/%73horts/\(id)",                                            // percent-encoded path
            "https://www.youtube.com:443/watch?v=\(id)",
            "//www.youtube.com/watch?v=\(id)",
            "https://www.youtube.com/watch?v=\(id)&title=%C3%A9t%C3%A9",                        // non-ASCII parameter
            "https://www.youtube-nocookie.com/embed/\(id)",
        ]
        for link in accepted {
            XCTAssertEqual(VideoLink.parse(link), id, link)
            XCTAssertEqual(try? VideoLink.videoID(from: link), id, link)
        }
        XCTAssertEqual(VideoLink.parse("https://youtu.be/a-b_c-d_e-f"), "a-b_c-d_e-f")
    }

    /// Refused without network, with SPEC's exact message.
    func testRefusedForms() {
        let id = Self.id
        let refused = [
            id,                                                       // bare ID
            "",
            "   ",
            "javascript:alert('https://youtu.be/\(id)')",
            "javascript://youtu.be/\(id)",
            "ftp://youtube.com/watch?v=\(id)",
            "file:///youtube.com/watch?v=\(id)",
            "data:text/html,https://youtu.be/\(id)",
            "mailto:youtu.be/\(id)",
            "https://www.youtube.com/channel/UC38IQsAvIsxxjztdMZQtwHA",
            "https://www.youtube.com/@LinusTechTips",
            "https://www.youtube.com/c/Example",
            "https://www.youtube.com/user/Example",
            "https://www.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs",
            "https://www.youtube.com/",
            "https://www.youtube.com/watch",
            "https://www.youtube.com/watch?v=",
            "https://www.youtube.com/watch?v=short",
            "https://www.youtube.com/watch?v=\(id)X",                 // 12 characters
            "https://www.youtube.com/watch?v=dQw4w9WgXc!",            // bad character
            "https://youtube.com.evil.net/watch?v=\(id)",
            "https://www.youtube.com.evil.net/watch?v=\(id)",
            "https://notyoutube.com/watch?v=\(id)",
            "https://evil.net/youtube.com/watch?v=\(id)",
            "https://evil.net/?u=https://youtu.be/\(id)",
            "https://youtu.be.evil.net/\(id)",
            "https://vimeo.com/76979871",
            "Regarde cette vidéo : https://youtu.be/\(id) elle est super",
            "https://www.youtube.com/shorts/",
            "https://www.youtube.com/embed/\(id)/extra",
            "https://youtu.be/",
            "https://youtu.be/\(id)/extra",
            "https://www.youtube.com/watch?v=d%C3%A9w4w9WgXcQ",      // non-ASCII in the ID
            "https://www.youtube.com/watch?v=%ZZ",
            "https://youtube.com:abc/watch?v=\(id)",
            "https://www.youtube.com/results?search_query=\(id)",
            "https://www.youtube.com/?v=\(id)",
        ]
        for link in refused {
            XCTAssertNil(VideoLink.parse(link), link)
            assertRefusal(.youtubeNotYouTube) { try VideoLink.videoID(from: link) }
        }
        let e = IngestError(.youtubeNotYouTube)
        XCTAssertEqual(e.message(.fr), "Ce lien n'est pas une vidéo YouTube.")
    }

    /// A user-info trick does not move the host: `youtube.com@evil.net` is evil.net.
    func testUserInfoDoesNotFoolHostCheck() {
        XCTAssertNil(VideoLink.parse("https://www.youtube.com@evil.net/watch?v=\(Self.id)"))
        XCTAssertEqual(VideoLink.parse("https://user@www.youtube.com/watch?v=\(Self.id)"), Self.id)
    }

    func testLinkFiles() throws {
        let id = Self.id
        // .url (Windows Internet shortcut)
        XCTAssertEqual(try LinkFile.videoID(in: "[InternetShortcut]\r\nURL=https://www.youtube.com/watch?v=\(id)&t=5\r\nIconIndex=0\r\n"), id)
        // .webloc (XML plist), with an escaped ampersand
        let webloc = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>URL</key><string>https://www.youtube.com/watch?list=PLx&amp;v=\(id)</string></dict></plist>
        """
        XCTAssertEqual(try LinkFile.videoID(in: webloc), id)
        // Text files holding links: bare lines, sentences, Markdown, angle brackets.
        XCTAssertEqual(try LinkFile.videoID(in: "https://youtu.be/\(id)\n"), id)
        XCTAssertEqual(try LinkFile.videoID(in: "Cours 3 : voir (https://youtu.be/\(id)).\nMerci"), id)
        XCTAssertEqual(try LinkFile.videoID(in: "- [La vidéo](https://www.youtube.com/watch?v=\(id))"), id)
        XCTAssertEqual(try LinkFile.videoID(in: "<https://m.youtube.com/shorts/\(id)>"), id)
        XCTAssertEqual(try LinkFile.videoID(in: "https://www.youtube.com/@chan\nhttps://youtu.be/\(id)"), id)
        assertRefusal(.youtubeNotYouTube) { try LinkFile.videoID(in: "[InternetShortcut]\nURL=https://vimeo.com/1") }
        assertRefusal(.youtubeNotYouTube) { try LinkFile.videoID(in: "pas de lien ici") }
        assertRefusal(.youtubeNotYouTube) { try LinkFile.videoID(in: "https://www.youtube.com/playlist?list=PLx") }
    }

    /// Property: the link check never crashes and only ever returns a valid ID.
    func testArbitraryTextNeverCrashes() {
        var g = SeededGenerator(seed: 0x7E57)
        let alphabet = Array("htps:/wyoutube.comv=?&%#@._-0123456789ABCxyzé ")
        for _ in 0..<2000 {
            let s = String((0..<Int.random(in: 0...60, using: &g)).map { _ in alphabet.randomElement(using: &g)! })
            if let id = VideoLink.parse(s) { XCTAssertNotNil(VideoLink.validID(id), s) }
            _ = LinkFile.candidates(in: s)
        }
    }
}

import IngestTestSupport
