#!/usr/bin/env python3
"""Writes the hostile corpus (issue #20, item 2) into OUTDIR, with `manifest.json`.

    Tests/Hostile/make_hostile.py OUTDIR [--samples DIR]

Python 3 standard library only. Every file is built from bytes here (ZIPs, PDFs, PNG, TIFF, ID3,
FLAC by hand), in seconds and a few megabytes: bombs are repeated deflate blocks, big images are
1-bit rows of zeros, the 500-page TIFF shares one strip. A few good documents are copied from
`samples/` beside them.

The manifest lists, per case, a `match` (an ASCII piece of the file name, unique in the corpus),
the file name as written (`name`, which may hold a newline, quotes or invalid UTF-8 shown as
\\uDCxx surrogate escapes), what it is (`what`) and what `ingest convert` must make of it
(`expect`: a list of accepted outcomes, each a stable error code, `ok` for a ready or short
document, `notReady`, or `duplicate`); `kind` is `hostile` or `good`. The manifest is
`OUTDIR/.manifest.json`: hidden, so `ingest convert OUTDIR` passes it over. Two files change
during the run, by the test's hand (`measure.py --grow growing.txt --shrink shrinking-photo.jpg`);
the FIFO `x.txt` needs no writer: nothing may open it.
"""
import hashlib
import json
import os
import random
import shutil
import struct
import sys
import zlib

CASES = []


def case(name, what, expect, match=None, kind="hostile"):
    CASES.append({"name": name, "match": match or name, "what": what,
                  "expect": expect if isinstance(expect, list) else [expect], "kind": kind})


# ---------------------------------------------------------------- text made up for the cases

WORDS = ("onde sonore vibration fréquence période amplitude milieu propagation vitesse signal mesure "
         "courbe écran distance célérité réflexion absorption intensité niveau seuil audition bruit "
         "musique instrument corde tension note spectre analyse expérience élève classe exercice "
         "question réponse résultat calcul formule valeur unité lumière rayon lentille image objet "
         "miroir prisme couleur énergie puissance chaleur moteur courant circuit résistance pile lampe "
         "atome molécule noyau électron charge force masse poids planète soleil lune orbite mouvement "
         "trajectoire repère position accélération inertie principe loi théorème hypothèse conclusion "
         "volcan magma lave cratère séisme plaque croûte manteau roche minéral cellule membrane noyau "
         "chlorophylle photosynthèse glucose racine feuille tige fleur graine pollen insecte écosystème "
         "le la les un une des du de et ou donc car que qui dans par pour sur avec sans entre plus très").split()


def prose(seed, sentences=40):
    """Distinct French-looking text (seeded): two seeds give texts that are no near-duplicates."""
    rng = random.Random(seed)
    out = []
    for s in range(sentences):
        words = [rng.choice(WORDS) for _ in range(rng.randint(8, 16))]
        sentence = " ".join(words)
        out.append(sentence[0].upper() + sentence[1:] + ".")
    paragraphs = [" ".join(out[i:i + 5]) for i in range(0, len(out), 5)]
    return "\n\n".join(paragraphs) + "\n"


def xml_escape(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# ---------------------------------------------------------------- deflate made cheaply

def repeated_deflate(chunk, times):
    """A raw deflate stream that inflates to `chunk` × `times`, built from one compressed copy of
    the chunk (a full flush resets the window, so the copies can be concatenated), in the time it
    takes to compress one chunk. Returns (stream, crc32 of the whole, size of the whole)."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)
    stream = block * times + b"\x03\x00"   # a final, empty fixed-Huffman block
    crc = 0
    for _ in range(times):
        crc = zlib.crc32(chunk, crc)
    return stream, crc, len(chunk) * times


def deflate(data):
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush()


# ---------------------------------------------------------------- ZIP written by hand

class Zip:
    """A ZIP writer that can lie: every field of an entry may be overridden."""

    def __init__(self):
        self.body = bytearray()
        self.central = []

    def add(self, name, data=None, *, raw=None, method=8, crc=None, size=None, csize=None, flags=0,
            local_size=None, local_csize=None, descriptor=None, offset=None, write_local=True):
        nb = name.encode("utf-8") if isinstance(name, str) else name
        if raw is None:
            raw = deflate(data) if method == 8 else data
        if crc is None:
            crc = zlib.crc32(data) if data is not None else 0
        if size is None:
            size = len(data) if data is not None else 0
        if csize is None:
            csize = len(raw)
        at = len(self.body) if offset is None else offset
        if write_local:
            self.body += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, flags, method, 0, 0x21,
                                     0 if flags & 8 else crc,
                                     csize if local_csize is None else local_csize,
                                     size if local_size is None else local_size, len(nb), 0) + nb
            self.body += raw
            if descriptor is not None:
                self.body += struct.pack("<IIII", 0x08074B50, *descriptor)
        self.central.append(struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, flags, method, 0, 0x21,
                                        crc, csize, size, len(nb), 0, 0, 0, 0, 0, at) + nb)
        return at

    def bytes(self, count=None):
        cd = b"".join(self.central)
        n = len(self.central) if count is None else count
        end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, min(n, 0xFFFF), min(n, 0xFFFF), len(cd), len(self.body), 0)
        if n > 0xFFFF:
            # ZIP64 end record and locator for an entry count over 65,535.
            z64 = struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 45, 45, 0, 0, n, n, len(cd), len(self.body))
            loc = struct.pack("<IIQI", 0x07064B50, 0, len(self.body) + len(cd), 1)
            end = z64 + loc + struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0)
        return bytes(self.body) + cd + end


W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
CONTENT_TYPES = (b'<?xml version="1.0" encoding="UTF-8"?>'
                 b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                 b'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                 b'<Default Extension="xml" ContentType="application/xml"/>'
                 b'<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
                 b'</Types>')
ROOT_RELS = (b'<?xml version="1.0" encoding="UTF-8"?>'
             b'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
             b'<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>'
             b'</Relationships>')


def docx_xml(text):
    paras = "".join(f"<w:p><w:r><w:t>{xml_escape(p)}</w:t></w:r></w:p>" for p in text.split("\n\n"))
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="{W_NS}">'
            f"<w:body>{paras}</w:body></w:document>").encode()


def docx(document_xml, extra=()):
    z = Zip()
    z.add("[Content_Types].xml", CONTENT_TYPES)
    z.add("_rels/.rels", ROOT_RELS)
    z.add("word/document.xml", document_xml)
    for name, data in extra:
        z.add(name, data, method=0)
    return z.bytes()


# ---------------------------------------------------------------- PDF written by hand

def pdf(objects, root=1, trailer_extra=b"", catalog_first=True):
    """A PDF from numbered object bodies (bytes, 1-based), with a correct xref table."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for o in offsets:
        out += b"%010d 00000 n \n" % o
    out += b"trailer\n<< /Size %d /Root %d 0 R %s>>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, root, trailer_extra, xref)
    return bytes(out)


def stream(data, compress=True, extra=b""):
    if compress:
        data = zlib.compress(data)
        return b"<< /Length %d /Filter /FlateDecode %s>>\nstream\n" % (len(data), extra) + data + b"\nendstream"
    return b"<< /Length %d %s>>\nstream\n" % (len(data), extra) + data + b"\nendstream"


def pdf_string(s):
    # The standard Helvetica encoding covers Latin-1 in WinAnsi: keep to it.
    b = s.encode("cp1252", "replace")
    return b"(" + b.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def page_content(lines):
    ops = [b"BT /F1 11 Tf 14 TL 56 780 Td"]
    for line in lines:
        ops.append(pdf_string(line) + b" '")
    ops.append(b"ET")
    return b"\n".join(ops)


def wrap(text, width=90):
    lines = []
    for para in text.split("\n\n"):
        line = ""
        for word in para.split():
            if len(line) + len(word) + 1 > width:
                lines.append(line)
                line = word
            else:
                line = (line + " " + word).strip()
        if line:
            lines.append(line)
        lines.append("")
    return lines


def text_pdf(pages_text, kids_override=None):
    """A born-digital PDF, one page per text. Objects: 1 catalog, 2 pages, 3 font, then per page
    (page, content)."""
    n = len(pages_text)
    objs = [None, None, b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"]
    kids = []
    for i, t in enumerate(pages_text):
        page_no = 4 + 2 * i
        kids.append(b"%d 0 R" % page_no)
        objs.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> "
                    b"/Contents %d 0 R >>" % (page_no + 1))
        objs.append(stream(page_content(wrap(t)[:50])))
    objs[0] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objs[1] = b"<< /Type /Pages /Kids [" + b" ".join(kids_override or kids) + b"] /Count %d >>" % n
    return pdf(objs)


# RC4 and the standard security handler (revision 2, 40-bit), for an encrypted PDF.
PAD = bytes.fromhex("28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A")


def rc4(key, data):
    s = list(range(256))
    j = 0
    for i in range(256):
        j = (j + s[i] + key[i % len(key)]) % 256
        s[i], s[j] = s[j], s[i]
    i = j = 0
    out = bytearray()
    for b in data:
        i = (i + 1) % 256
        j = (j + s[i]) % 256
        s[i], s[j] = s[j], s[i]
        out.append(b ^ s[(s[i] + s[j]) % 256])
    return bytes(out)


def encrypted_pdf(text, user_password=b"secret", owner_password=b"owner"):
    doc_id = hashlib.md5(b"hostile-encrypted").digest()
    P = -44
    okey = hashlib.md5((owner_password + PAD)[:32]).digest()[:5]
    O = rc4(okey, (user_password + PAD)[:32])
    key = hashlib.md5((user_password + PAD)[:32] + O + struct.pack("<i", P) + doc_id).digest()[:5]
    U = rc4(key, PAD)

    def obj_key(num):
        return hashlib.md5(key + struct.pack("<I", num)[:3] + b"\x00\x00").digest()[:10]

    content = page_content(wrap(text)[:50])
    enc_content = rc4(obj_key(4), content)
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
            b"<< /Length %d >>\nstream\n" % len(enc_content) + enc_content + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            b"<< /Filter /Standard /V 1 /R 2 /O <" + O.hex().encode() + b"> /U <" + U.hex().encode() + b"> /P %d >>" % P]
    return pdf(objs, trailer_extra=b"/Encrypt 6 0 R /ID [<" + doc_id.hex().encode() + b"> <" + doc_id.hex().encode() + b">] ")


# ---------------------------------------------------------------- images

def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def huge_png(width, height, depth=1, value=0):
    """A grayscale PNG (`depth` bits) of width × height pixels, every byte `value`, its IDAT one
    zlib stream of repeated rows (a few hundred KB for 30,000 × 30,000 at 1 bit)."""
    row = b"\x00" + bytes([value]) * ((width * depth + 7) // 8)
    rows_per_chunk = max(1, (1 << 20) // len(row))
    times = height // rows_per_chunk
    raw, _, _ = repeated_deflate(row * rows_per_chunk, times)
    rest = height - times * rows_per_chunk
    tail = deflate(row * rest) if rest else b"\x03\x00"
    # zlib wrapper: header, raw deflate, adler32 (not checked by every decoder; computed anyway)
    adler = 1
    for _ in range(times):
        adler = zlib.adler32(row * rows_per_chunk, adler)
    if rest:
        adler = zlib.adler32(row * rest, adler)
    body = raw[:-2] + tail if rest else raw
    idat = b"\x78\xda" + body + struct.pack(">I", adler)
    ihdr = struct.pack(">IIBBBBB", width, height, depth, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr) + png_chunk(b"IDAT", idat) + png_chunk(b"IEND", b"")


def many_page_tiff(pages, width=1240, height=1754):
    """A little-endian TIFF of `pages` blank bilevel pages (A4 at 150 dpi), every page pointing at
    one shared PackBits strip: a few KB for 500 pages."""
    row_bytes = (width + 7) // 8
    row = b""
    left = row_bytes
    while left > 0:                      # PackBits: a run of up to 128 zero bytes is 2 bytes
        n = min(128, left)
        row += bytes([257 - n, 0]) if n > 1 else b"\x00\x00"
        left -= n
    strip = row * height
    out = bytearray(b"II*\x00" + struct.pack("<I", 8))
    strip_at = 8
    out += strip
    ifd_at = len(out)
    if ifd_at % 2:
        out += b"\x00"
        ifd_at += 1
    struct.pack_into("<I", out, 4, ifd_at)
    entries_count = 10
    ifd_size = 2 + entries_count * 12 + 4
    for p in range(pages):
        here = len(out)
        nxt = here + ifd_size + 16 if p + 1 < pages else 0
        res_at = here + ifd_size
        tags = [(256, 4, 1, width), (257, 4, 1, height), (258, 3, 1, 1), (259, 3, 1, 32773),
                (262, 3, 1, 0), (273, 4, 1, strip_at), (278, 4, 1, height), (279, 4, 1, len(strip)),
                (282, 5, 1, res_at), (283, 5, 1, res_at + 8)]
        out += struct.pack("<H", entries_count)
        for tag, typ, count, value in tags:
            if typ == 3:
                out += struct.pack("<HHIHH", tag, typ, count, value, 0)
            else:
                out += struct.pack("<HHII", tag, typ, count, value)
        out += struct.pack("<I", nxt)
        out += struct.pack("<IIII", 150, 1, 150, 1)
    return bytes(out)


# ---------------------------------------------------------------- audio

def synchsafe(n):
    return bytes([(n >> 21) & 0x7F, (n >> 14) & 0x7F, (n >> 7) & 0x7F, n & 0x7F])


def mpeg_frames(count):
    # MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, no padding: 417-byte frames of silence.
    header = b"\xff\xfb\x90\x64"
    return (header + b"\x00" * 413) * count


def id3_lying_mp3():
    """An ID3v2.3 tag whose TIT2 frame claims 2 GB (its size field is a plain 32-bit number)."""
    frame = b"TIT2" + struct.pack(">I", 0x7FFFFFF0) + b"\x00\x00" + b"\x00Titre"
    tag_body = frame + b"\x00" * 64
    return b"ID3\x03\x00\x00" + synchsafe(len(tag_body)) + tag_body + mpeg_frames(40)


def flac_picture_past_end():
    streaminfo = struct.pack(">HH", 4096, 4096) + b"\x00\x00\x00" + b"\x00\x00\x00"
    # 44.1 kHz, 2 channels, 16 bits, 441,000 samples
    sr, ch, bps, total = 44100, 2, 16, 441000
    packed = (sr << 44) | ((ch - 1) << 41) | ((bps - 1) << 36) | total
    streaminfo += packed.to_bytes(8, "big") + b"\x00" * 16
    blocks = b"\x00" + len(streaminfo).to_bytes(3, "big") + streaminfo
    # VORBIS_COMMENT with a title, then a PICTURE block claiming 16 MB that the file ends inside.
    vendor = b"hostile"
    comments = [b"TITLE=Pochette mensongere"]
    vc = struct.pack("<I", len(vendor)) + vendor + struct.pack("<I", len(comments))
    for c in comments:
        vc += struct.pack("<I", len(c)) + c
    blocks += b"\x04" + len(vc).to_bytes(3, "big") + vc
    picture = struct.pack(">II", 3, 9) + b"image/png" + struct.pack(">I", 0) + struct.pack(">IIIII", 600, 600, 24, 0, 0x7FFFFFF0)
    blocks += bytes([0x80 | 6]) + (0xFFFFFF).to_bytes(3, "big") + picture + b"\x89PNG\r\n\x1a\n" + b"\x00" * 100
    return b"fLaC" + blocks


# ---------------------------------------------------------------- the corpus

def write(out, name, data):
    path = os.path.join(os.fsencode(out), os.fsencode(name) if isinstance(name, str) else name)
    with open(path, "wb") as f:
        f.write(data)


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__, file=sys.stderr)
        return 2
    out = args[0]
    samples = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "samples")
    if "--samples" in args:
        samples = args[args.index("--samples") + 1]
    os.makedirs(out, exist_ok=True)

    # ---- ZIP and Office
    big = b"<w:p><w:r><w:t>" + b" " * (1 << 20) + b"</w:t></w:r></w:p>"
    head = f'<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="{W_NS}"><w:body>'.encode()
    stream_, crc, size = repeated_deflate(b"a" * (1 << 20), 1024)       # 1 GiB of "a"
    z = Zip()
    z.add("[Content_Types].xml", CONTENT_TYPES)
    z.add("_rels/.rels", ROOT_RELS)
    z.add("word/document.xml", raw=stream_, crc=crc, size=size)
    write(out, "bomb-ratio.docx", z.bytes())
    case("bomb-ratio.docx", "document.xml inflates 1 GiB from 1 MB, sizes declared honestly", "zip.bomb.ratio")

    z = Zip()
    z.add("[Content_Types].xml", CONTENT_TYPES)
    z.add("_rels/.rels", ROOT_RELS)
    z.add("word/document.xml", raw=stream_, crc=0x1234, size=2000)
    write(out, "bomb-lying.docx", z.bytes())
    case("bomb-lying.docx", "document.xml declares 2,000 bytes and inflates to 1 GiB", "zip.bomb.ratio")

    # Parts under the ratio limit that nothing references: they must not be inflated at all.
    inner, icrc, isize = repeated_deflate(os.urandom(256) * 256, 64)       # 4 MiB, ratio ~100
    z = Zip()
    z.add("[Content_Types].xml", CONTENT_TYPES)
    z.add("_rels/.rels", ROOT_RELS)
    z.add("word/document.xml", docx_xml(prose(101)))
    for i in range(40):                                                    # 40 × 4 MiB
        z.add(f"word/media/part{i}.xml", raw=inner, crc=icrc, size=isize)
    write(out, "bomb-many-parts.docx", z.bytes())
    case("bomb-many-parts.docx", "40 unreferenced parts of 4 MiB each (ratio ~100): the text is read",
         "ok")

    # Nested: a zip of zips of zips (42.zip's shape, stored), inside a docx and alone.
    leaf, lcrc, lsize = repeated_deflate(b"\x00" * (1 << 20), 64)          # 64 MiB of zeros
    level = Zip()
    for i in range(2):
        level.add(f"leaf{i}.bin", raw=leaf, crc=lcrc, size=lsize)
    nested = level.bytes()
    for depth in range(3):
        z = Zip()
        for i in range(2):
            z.add(f"level{depth}-{i}.zip", nested, method=0)
        nested = z.bytes()
    write(out, "bomb-nested.zip", nested)
    case("bomb-nested.zip", "a zip of zips of zips of zips (16 leaves of 64 MiB)", "sniff.unknownKind")
    write(out, "bomb-nested-inside.docx", docx(docx_xml(prose(102)), extra=[("word/embeddings/bomb.zip", nested)]))
    case("bomb-nested-inside.docx", "a good docx carrying the nested bomb as an embedded object", "ok")

    # 100,000 entries: every central record points at one local header (5 MB of directory).
    z = Zip()
    first = z.add("[Content_Types].xml", CONTENT_TYPES)
    z.add("_rels/.rels", ROOT_RELS)
    z.add("word/document.xml", docx_xml(prose(103)))
    for i in range(100_000):
        z.add(f"f{i}", CONTENT_TYPES, offset=first, write_local=False)
    write(out, "entries-100k.docx", z.bytes())
    case("entries-100k.docx", "100,003 central directory entries (ZIP64 count)", "zip.bomb.entries")

    # Overlapping entries: every part shares document.xml's data (Fifield's overlap, small).
    z = Zip()
    z.add("[Content_Types].xml", CONTENT_TYPES)
    z.add("_rels/.rels", ROOT_RELS)
    at = z.add("word/document.xml", docx_xml(prose(104)))
    doc = docx_xml(prose(104))
    for part in ["word/styles.xml", "word/numbering.xml", "word/footnotes.xml", "docProps/core.xml",
                 "word/endnotes.xml", "word/settings.xml"]:
        z.add(part, doc, offset=at, write_local=False)
    write(out, "overlap.docx", z.bytes())
    case("overlap.docx", "styles, numbering, notes and properties all overlap document.xml's bytes", "ok")

    # Overlap into the central directory: document.xml's data range runs over the directory.
    z = Zip()
    z.add("[Content_Types].xml", CONTENT_TYPES)
    z.add("_rels/.rels", ROOT_RELS)
    z.add("word/document.xml", docx_xml(prose(105)), csize=None)
    data = bytearray(z.bytes())
    # raise the document's compressed size in its central record so it spans the directory
    idx = data.rfind(b"word/document.xml")
    rec = idx - 46
    old = struct.unpack_from("<I", data, rec + 20)[0]
    struct.pack_into("<I", data, rec + 20, old + 60)
    write(out, "overlap-directory.docx", bytes(data))
    case("overlap-directory.docx", "document.xml's compressed size runs 60 bytes into the central directory "
         "(its deflate stream ends before them; CRC and size check)", "ok")

    # Data descriptor lying about sizes (flag bit 3; the central record agrees with the lie).
    body = docx_xml(prose(106))
    raw = deflate(body)
    z = Zip()
    z.add("[Content_Types].xml", CONTENT_TYPES)
    z.add("_rels/.rels", ROOT_RELS)
    z.add("word/document.xml", body, raw=raw, flags=8, size=300, descriptor=(zlib.crc32(body), len(raw), 300))
    write(out, "descriptor-lying.docx", z.bytes())
    case("descriptor-lying.docx", "data descriptor and directory say 300 bytes; the part inflates to more",
         "zip.corrupt")

    # An encrypted entry (traditional PKWARE flag, random bytes).
    z = Zip()
    z.add("[Content_Types].xml", CONTENT_TYPES)
    z.add("_rels/.rels", ROOT_RELS)
    z.add("word/document.xml", None, raw=os.urandom(400), flags=1, crc=0, size=900)
    write(out, "encrypted-entry.docx", z.bytes())
    case("encrypted-entry.docx", "document.xml flagged encrypted (PKWARE)", "zip.encryptedEntry")

    # Billion laughs in a docx and in an .odt.
    laughs = b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    prev = "lol"
    for i in range(1, 10):
        laughs += b'<!ENTITY lol%d "%s">' % (i, ("&" + prev + ";").encode() * 10)
        prev = "lol%d" % i
    laughs_doc = laughs + f']><w:document xmlns:w="{W_NS}"><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>'.encode()
    write(out, "billion-laughs.docx", docx(laughs_doc))
    case("billion-laughs.docx", "nine levels of entities (10^9 'lol')", "office.entityExpansion")
    odt = Zip()
    odt.add("mimetype", b"application/vnd.oasis.opendocument.text", method=0)
    odt.add("META-INF/manifest.xml", b'<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
            b'<manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/>'
            b'<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>')
    odt.add("content.xml", laughs + b']><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
            b'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:text><text:p>&lol9;</text:p>'
            b'</office:text></office:body></office:document-content>')
    write(out, "billion-laughs.odt", odt.bytes())
    case("billion-laughs.odt", "the same entities in an OpenDocument text", "office.entityExpansion")

    # Deeply nested XML: 100,000 open elements, with random attributes so that the part does not
    # compress past the ZIP ratio limit (which would refuse it before any XML is read).
    depth = 100_000
    rng = random.Random(7)
    opens = b"".join(b'<w:x w:id="%08x">' % rng.getrandbits(32) for _ in range(depth))
    deep = (f'<?xml version="1.0"?><w:document xmlns:w="{W_NS}"><w:body><w:p><w:r><w:t>'.encode()
            + prose(123).encode() + opens + b"</w:x>" * depth + b"</w:t></w:r></w:p></w:body></w:document>")
    write(out, "deep-nesting.docx", docx(deep))
    case("deep-nesting.docx", "100,000 nested elements inside one run (2.5 MB of XML)",
         "ok")

    # Billion laughs in an EPUB chapter (XHTML may carry a DOCTYPE; its internal subset may not grow).
    epub = Zip()
    epub.add("mimetype", b"application/epub+zip", method=0)
    epub.add("META-INF/container.xml", b'<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">'
             b'<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>')
    epub.add("OEBPS/content.opf", b'<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id">'
             b'<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Rires</dc:title><dc:identifier id="id">x</dc:identifier></metadata>'
             b'<manifest><item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/></spine></package>')
    epub.add("OEBPS/c1.xhtml", laughs.replace(b"lolz", b"html") + b']><html xmlns="http://www.w3.org/1999/xhtml"><body><p>&lol9;</p></body></html>')
    write(out, "billion-laughs.epub", epub.bytes())
    case("billion-laughs.epub", "the entities in an EPUB chapter's internal DTD subset",
         "office.entityExpansion")

    # A PDF named .docx, and a docx cut in half.
    write(out, "really-a-pdf.docx", text_pdf([prose(107)]))
    case("really-a-pdf.docx", "a PDF named .docx: read as a PDF, with a warning", "ok")
    good_docx = docx(docx_xml(prose(108)))
    write(out, "truncated.docx", good_docx[: len(good_docx) // 2])
    case("truncated.docx", "a docx cut in half (no central directory)", "zip.truncated")

    # ---- PDF
    pages = [f"Page {i + 1}. " + prose(10_000 + i, sentences=6) for i in range(2000)]
    write(out, "pages-2000.pdf", text_pdf(pages))
    case("pages-2000.pdf", "a born-digital PDF of 2,000 pages", "ok")

    good_pdf = text_pdf([prose(109), prose(110)])
    write(out, "truncated.pdf", good_pdf[: int(len(good_pdf) * 0.55)])
    case("truncated.pdf", "a PDF cut at 55% (no xref, no trailer; poppler cannot rebuild it)", "pdf.corrupt")

    write(out, "encrypted.pdf", encrypted_pdf(prose(111)))
    case("encrypted.pdf", "RC4 40-bit, user password “secret”", "pdf.encrypted")

    cyc = text_pdf([prose(112)], kids_override=[b"2 0 R", b"4 0 R"])
    write(out, "cyclic-pages.pdf", cyc)
    case("cyclic-pages.pdf", "the page tree's Kids include the Pages node itself: its one real page is read", "ok")

    # A page whose content stream inflates to 1 GiB of spaces.
    content_bomb, _, _ = repeated_deflate(b" " * (1 << 20), 1024)
    zcontent = b"\x78\xda" + content_bomb + b"\x00\x00\x00\x01"
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(zcontent) + zcontent + b"\nendstream"]
    write(out, "content-bomb.pdf", pdf(objs))
    case("content-bomb.pdf", "one page whose content stream inflates to 1 GiB of spaces (≈ 40 s: read, classified, rendered)",
         "notReady")

    # An object stream claiming 100 million objects (and the xref stream pointing into it).
    objstm = b"1 0 "
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
            stream(page_content(wrap(prose(113))[:40])),
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
            stream(objstm + b"<< /Bogus true >>", extra=b"/Type /ObjStm /N 100000000 /First 4 ")]
    write(out, "huge-objstm.pdf", pdf(objs))
    case("huge-objstm.pdf", "an object stream claiming 100,000,000 objects beside a good page", "ok")

    # xref whose /Prev points at itself.
    p = bytearray(text_pdf([prose(114)]))
    sx = p.rfind(b"startxref")
    xref_at = int(p[sx + 10:].split(b"\n")[0])
    p = p.replace(b"/Root 1 0 R ", b"/Root 1 0 R /Prev %d " % xref_at)
    write(out, "xref-loop.pdf", bytes(p))
    case("xref-loop.pdf", "the trailer's /Prev points at its own xref table", "ok")

    # A page without text whose MediaBox is 200 inches square: rendered for OCR at 300 dpi it
    # would be 60,000 × 60,000 pixels (14 GB of RGBA).
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 14400] /Contents 4 0 R >>",
            stream(b"q 14400 0 0 14400 0 0 cm BI /W 16 /H 16 /CS /G /BPC 8 ID\n" + bytes(range(0, 256)) + b"\nEI Q", compress=False)]
    write(out, "huge-mediabox.pdf", pdf(objs))
    case("huge-mediabox.pdf", "a text-less page of 200 × 200 inches (OCR would render 60,000² pixels)",
         "notReady")

    # 100,000 nested arrays in the catalog; a page tree 5,000 levels deep.
    deep_arrays = b"[" * 100_000 + b"]" * 100_000
    objs = [b"<< /Type /Catalog /Pages 2 0 R /Deep " + deep_arrays + b" >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
            stream(page_content(wrap(prose(130))[:40])),
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"]
    write(out, "deep-arrays.pdf", pdf(objs))
    case("deep-arrays.pdf", "100,000 nested arrays in the catalog beside a good page", "ok")
    levels = 5000
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    for i in range(levels):
        parent = b"/Parent %d 0 R " % (1 + i) if i else b""
        objs.append(b"<< /Type /Pages " + parent + b"/Kids [%d 0 R] /Count 1 >>" % (3 + i))
    leaf = 2 + levels
    objs.append(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 %d 0 R >> >> "
                b"/Contents %d 0 R >>" % (leaf - 1, leaf + 2, leaf + 1))
    objs.append(stream(page_content(wrap(prose(131))[:40])))
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    write(out, "deep-page-tree.pdf", pdf(objs))
    case("deep-page-tree.pdf", "one page at the bottom of a page tree 5,000 levels deep", "ok")

    # ---- Images
    write(out, "huge-png.png", huge_png(30_000, 30_000))
    case("huge-png.png", "a 30,000 × 30,000 1-bit PNG in a few hundred KB", "ocr.imageTooLarge")
    write(out, "at-pixel-cap.png", huge_png(14_000, 14_000, depth=8, value=255))
    case("at-pixel-cap.png", "a white 8-bit 14,000 × 14,000 PNG, just under ocr.maxImagePixels: decoded and recognised",
         "notReady")
    write(out, "pages-many.tiff", many_page_tiff(500))
    case("pages-many.tiff", "a TIFF of 500 blank A4 pages sharing one strip", "notReady")
    jpg = os.path.join(samples, "IMG_20241015_101512.jpg")
    if os.path.exists(jpg):
        data = open(jpg, "rb").read()
        write(out, "truncated-scan.jpg", data[: len(data) * 2 // 5])
        case("truncated-scan.jpg", "a photo's JPEG cut at 40% of its scan", "ocr.truncatedImage")

    # ---- Audio
    write(out, "id3-2gb.mp3", id3_lying_mp3())
    case("id3-2gb.mp3", "an ID3v2.3 TIT2 frame claiming 2 GB", "audio.frameOutOfBounds")
    write(out, "flac-picture-past-end.flac", flac_picture_past_end())
    case("flac-picture-past-end.flac", "a FLAC PICTURE block claiming 16 MB past the end of the file",
         "audio.truncated")

    # An M4A whose moov atom claims a 64-bit size of 2^62 bytes.
    ftyp = struct.pack(">I", 20) + b"ftypM4A " + b"\x00\x00\x02\x00" + b"M4A "
    moov = struct.pack(">I", 1) + b"moov" + struct.pack(">Q", 1 << 62) + struct.pack(">I", 0xFFFFFFF0) + b"udta" + b"\x00" * 64
    write(out, "atom-lies.m4a", ftyp + moov)
    case("atom-lies.m4a", "an MP4 moov atom claiming 2^62 bytes, a udta inside claiming 4 GB",
         "audio.truncated")

    # ---- Text
    t = prose(115).encode("utf-8")
    bad = bytearray()
    for i, b in enumerate(t):
        bad.append(b)
        if i % 97 == 0:
            bad += b"\xc3\x28\xff\xfe\xed\xa0\x80"      # bad continuation, 0xFF, a UTF-16 surrogate
    write(out, "invalid-utf8.txt", bytes(bad))
    case("invalid-utf8.txt", "UTF-8 text with invalid sequences every 97 bytes", "ok")
    write(out, "utf16le-nobom.txt", prose(116).encode("utf-16-le"))
    case("utf16le-nobom.txt", "UTF-16 little-endian without BOM", "ok")
    write(out, "utf16be-nobom.md", ("# Chapitre\n\n" + prose(117)).encode("utf-16-be"))
    case("utf16be-nobom.md", "UTF-16 big-endian Markdown without BOM", "ok")
    write(out, "binary-as.txt", os.urandom(4000))
    case("binary-as.txt", "random bytes named .txt", "text.binary")

    write(out, "one-long-line.txt", ("abcdefghij" * 400_000).encode())
    case("one-long-line.txt", "4 MB on one line without a space", "ok")

    write(out, "deep-list.md", ("# Liste\n\n" + "".join("  " * i + f"- élément {i}\n" for i in range(1500))).encode())
    case("deep-list.md", "a Markdown list 1,500 levels deep (2 MB of indentation)", "ok")

    fifo = os.path.join(out, "x.txt")
    if not os.path.exists(fifo):
        os.mkfifo(fifo)
    case("x.txt", "a FIFO named x.txt (nothing ever writes to it): never opened", "file.notRegular")
    write(out, "growing.txt", prose(118).encode() * 40)
    # `ok` only if the read fell between two appends (64 KiB every 2 ms; hashing takes longer).
    case("growing.txt", "a text file the test appends to while the run reads it", ["file.changing", "ok"])

    # Names: a newline, quotes, a backslash, invalid UTF-8.
    write(out, "name-with\nnewline.txt", prose(119).encode())
    case("name-with\nnewline.txt", "a newline in the name", "ok", match="name-with")
    write(out, 'quotes-"double" and \'single\'.md', prose(120).encode())
    case('quotes-"double" and \'single\'.md', "quotes in the name", "ok", match="quotes-")
    write(out, "back\\slash-tab\there.txt", prose(121).encode())
    case("back\\slash-tab\there.txt", "a backslash and a tab in the name", "ok", match="slash-tab")
    write(out, b"latin1-\xe9t\xe9-\xff.txt", prose(122).encode())
    case("latin1-\\xe9t\\xe9-\\xff.txt", "a name in Latin-1 (invalid UTF-8 bytes): read through an alias, named as its bytes", "ok", match="latin1-")

    # Symbolic link loop.
    loop = os.path.join(out, "self-link")
    if not os.path.lexists(loop):
        os.symlink("self-link", loop)
    case("self-link", "a symbolic link to itself", "file.symlinkLoop")

    # Zero bytes of each extension (each its own stem: `empty.srt` would be `empty.mp3`'s transcript).
    for ext in ["pdf", "docx", "pptx", "odt", "epub", "txt", "md", "srt", "vtt", "png", "jpg", "tiff",
                "heic", "webp", "mp3", "m4a", "flac", "ogg", "wav", "url"]:
        write(out, f"empty-{ext}.{ext}", b"")
        case(f"empty-{ext}.{ext}", f"a zero-byte .{ext}", "file.empty")

    # A photo cut to a third and written back every 3 ms while the run reads it (measure.py --shrink).
    photo = os.path.join(samples, "tableau-1.jpg")
    if os.path.exists(photo):
        shutil.copyfile(photo, os.path.join(out, "shrinking-photo.jpg"))
        case("shrinking-photo.jpg", "a photo the test cuts short and restores while the run reads it",
             ["ok", "file.changing", "ocr.truncatedImage", "ocr.corruptImage"])

    # ---- Good documents beside them
    for name in ["cours-ondes-sonores.pdf", "cours-roman-realiste.docx", "the-water-cycle.txt",
                 "photosynthese.md", "lecon-volcans.mp3", "lecon-volcans.srt", "IMG_20241015_101512.jpg"]:
        src = os.path.join(samples, name)
        if os.path.exists(src):
            shutil.copyfile(src, os.path.join(out, name))
            if name != "lecon-volcans.srt":       # the transcript of the mp3, not a document
                case(name, "a good document from samples/", "ok", kind="good")

    # Hidden (a leading dot): `ingest convert` skips it, as it skips every hidden file.
    with open(os.path.join(out, ".manifest.json"), "w", encoding="utf-8") as f:
        json.dump({"cases": CASES}, f, ensure_ascii=True, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
