import Foundation
import IngestTestSupport

/// Small whole files of each checked format, built byte by byte (completeness looks only at
/// magic bytes and end markers, so these need not be rich).
enum CompletenessFixtures {
    static func zip(comment: String = "", zip64: Bool = false) -> [UInt8] {
        var writer = ZipWriter()
        writer.add("mimetype", "application/epub+zip", stored: true)
        writer.add("word/document.xml", String(repeating: "<w:p>Le cours de mardi</w:p>", count: 40))
        writer.comment = Array(comment.utf8)
        writer.zip64 = zip64
        return writer.bytes()
    }

    static let pdf: [UInt8] = Array("""
        %PDF-1.4
        1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
        2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj
        xref
        0 3
        0000000000 65535 f\u{20}
        0000000009 00000 n\u{20}
        0000000058 00000 n\u{20}
        trailer << /Size 3 /Root 1 0 R >>
        startxref
        110
        %%EOF
        """.utf8)

    /// SOI, an APP0 (JFIF) segment, a comment segment for some length, EOI.
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8)
        + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
        + [0xFF, 0xFE, 0x00, 0x12] + Array("made by a test!!".utf8) + [0xFF, 0xD9]

    static var png: [UInt8] {
        let ihdr: [UInt8] = be32(1) + be32(1) + [8, 0, 0, 0, 0]     // 1×1 gray
        let idat: [UInt8] = [0x78, 0x01, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    /// `ftyp`, then the boxes given (type, payload), e.g. mdat then moov as a camera writes them.
    static func mp4(brand: String = "isom", _ boxes: [(String, [UInt8])]) -> [UInt8] {
        var out = box("ftyp", Array(brand.utf8) + be32(0x200) + Array(brand.utf8) + Array("mp41".utf8))
        for (type, payload) in boxes { out += box(type, payload) }
        return out
    }

    static let moov = ("moov", box("mvhd", [UInt8](repeating: 1, count: 100)))
    static let mdat = ("mdat", [UInt8](repeating: 0x42, count: 300))

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(UInt32(8 + payload.count)) + Array(type.utf8) + payload
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
