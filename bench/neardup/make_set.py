#!/usr/bin/env python3
"""The near-duplicate evaluation set, generated from real texts (Debian documentation packages
unpacked by run.sh under bench/work/neardup/root: Python 3.11's library reference sources, the
Debian Reference and the Developer's Reference in English and in French).

Each text is cut into chapters (2,500–7,000 characters, on section and paragraph boundaries). A
chapter is used once. Every pair is an original (orig/) and a copy (copy/) made by a real
transformation:
  docx     orig: a .docx of the chapter (our small writer);  copy: LibreOffice's PDF export of it
  scan     orig: that PDF export (born-digital);             copy: its pages rendered (pdftoppm,
           300 dpi, grey), scanner-like damage (ImageMagick: slight rotation, blur, noise, JPEG),
           assembled into an image-only PDF that `ingest` OCRs
  captions orig: the chapter as a transcript (.txt);         copy: subtitles (.srt or .vtt), cues of
           at most two 42-character lines, half of them in automatic-caption style (lower case,
           no punctuation)
  edit     orig: the chapter (.md);                          copy: light edits (a few typos fixed
           or made, words replaced, dropped or swapped: 1–3 % of the words), Windows-1252
and revisions, which are NOT duplicates:
  revision orig: v1 (.txt);  copy: v2, paragraphs rewritten (replaced by other text of the same
           manual), removed or added until 25–50 % of its characters have changed.
The docx/PDF/scan step (soffice, pdftoppm, convert) is done by run.sh; this script writes the
texts, the .docx files, the captions, the edits and `pairs.tsv` (kind, subject, original, copy).

Usage: make_set.py ROOT OUT [--small]
"""
import gzip
import html
import os
import random
import re
import sys
import zipfile

ROOT, OUT = sys.argv[1], sys.argv[2]
SMALL = "--small" in sys.argv
rng = random.Random(19)
COUNTS = {"docx": 60, "scan": 45, "captions": 55, "edit": 55, "revision": 50}
if SMALL:
    COUNTS = {"docx": 4, "scan": 2, "captions": 4, "edit": 4, "revision": 4}


# --- Texts -----------------------------------------------------------------------------------
def rst_clean(text):
    """Python's reST sources as a reader sees them: directives, roles and underlines removed."""
    out = []
    skip_indent = None
    for line in text.splitlines():
        if skip_indent is not None:
            if line.strip() == "" or line.startswith(" " * (skip_indent + 1)):
                if line.strip().startswith(":"):
                    continue
                if line.strip() == "":
                    continue
            skip_indent = None
        s = line.strip()
        if re.fullmatch(r"[=\-~^*#+\"'`.]{3,}", s):
            continue
        m = re.match(r"(\s*)\.\. ([\w:-]+)::\s*(.*)", line)
        if m:
            # keep what a directive names (a function's signature is text in the page)
            if m.group(3) and m.group(2) not in ("module", "moduleauthor", "sectionauthor", "index", "testsetup", "highlight"):
                out.append(m.group(1) + m.group(3))
            skip_indent = len(m.group(1))
            continue
        if s.startswith(".. ") or s.startswith(":mod:") and s.endswith(":") or s.startswith("**Source code:**"):
            continue
        line = re.sub(r":[\w:]+:`~?([^`<]*?)(?:\s*<[^>]*>)?`", r"\1", line)
        line = re.sub(r"``([^`]*)``", r"\1", line)
        line = re.sub(r"`([^`<]*?)(?:\s*<[^>]*>)?`_*", r"\1", line)
        line = line.replace("**", "").replace("::", ":")
        out.append(line)
    return "\n".join(out)


def paragraphs(text):
    """Blank-line separated paragraphs, each on one line (indentation and wrapping undone)."""
    paras = []
    for block in re.split(r"\n\s*\n", text):
        lines = [l.strip() for l in block.splitlines() if l.strip()]
        if lines:
            paras.append(" ".join(lines))
    return paras


def chapters(paras, low=2500, high=7000):
    """Consecutive paragraphs joined into chapters of low..high characters."""
    result, current, size = [], [], 0
    for p in paras:
        if len(p) > high:
            continue
        if size + len(p) > high and size >= low:
            result.append(current)
            current, size = [], 0
        current.append(p)
        size += len(p) + 2
    if size >= low:
        result.append(current)
    return result


def manual_sections(path):
    """A Debian manual's text export, cut at its numbered sections (`1.2. Title`)."""
    text = gzip.open(path, "rt", encoding="utf-8", errors="replace").read()
    parts = re.split(r"\n(?=\d+\.\d+\. \S)", text)
    return parts[1:]


def gather():
    subjects = {"python": [], "debian-en": [], "debian-fr": []}
    src = os.path.join(ROOT, "usr/share/doc/python3.11/html/_sources/library")
    for name in sorted(os.listdir(src)):
        if name.endswith(".rst.txt"):
            paras = paragraphs(rst_clean(open(os.path.join(src, name), encoding="utf-8").read()))
            # one chapter per module page: its beginning, as a course would quote it
            ch = chapters(paras)
            if ch:
                subjects["python"].append(ch[0])
    for lang, files in (("en", ["usr/share/debian-reference/debian-reference.en.txt.gz",
                                "usr/share/developers-reference/developers-reference.txt.gz"]),
                        ("fr", ["usr/share/debian-reference/debian-reference.fr.txt.gz",
                                "usr/share/developers-reference/fr/developers-reference.txt.gz"])):
        for f in files:
            for section in manual_sections(os.path.join(ROOT, f)):
                for ch in chapters(paragraphs(section)):
                    subjects["debian-" + lang].append(ch)
    return subjects


# --- Transformations -------------------------------------------------------------------------
def docx(path, paras, title):
    """A minimal but complete WordprocessingML package: a Heading 1 then Normal paragraphs."""
    def p(text, style=None):
        ppr = f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else ""
        return f'<w:p>{ppr}<w:r><w:t xml:space="preserve">{html.escape(text, quote=False)}</w:t></w:r></w:p>'
    body = p(title, "Heading1") + "".join(p(x) for x in paras)
    document = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
                f'<w:body>{body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/>'
                '<w:pgMar w:top="1417" w:right="1417" w:bottom="1417" w:left="1417"/></w:sectPr></w:body></w:document>')
    styles = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
              '<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
              '<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/>'
              '<w:pPr><w:spacing w:after="120"/></w:pPr><w:rPr><w:sz w:val="22"/></w:rPr></w:style>'
              '<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/>'
              '<w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:sz w:val="32"/></w:rPr></w:style></w:styles>')
    types = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
             '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
             '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
             '<Default Extension="xml" ContentType="application/xml"/>'
             '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>'
             '<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>')
    rels = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>')
    doc_rels = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>')
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", types)
        z.writestr("_rels/.rels", rels)
        z.writestr("word/document.xml", document)
        z.writestr("word/_rels/document.xml.rels", doc_rels)
        z.writestr("word/styles.xml", styles)


def timestamp(seconds, vtt):
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    sep = "." if vtt else ","
    return f"{int(h):02d}:{int(m):02d}:{int(s):02d}{sep}{int(round((s - int(s)) * 1000)):03d}"


def captions(paras, vtt, auto):
    """Subtitles of the spoken chapter: cues of at most two lines of 42 characters, 2.6 words/s."""
    words = " ".join(paras).split()
    if auto:
        # speech recognition writes words: no case, no punctuation (`systemd.mount(5)` is three)
        words = [x for w in words for x in re.sub(r"[^\w'’]+", " ", w.lower()).split()]
    cues, line, lines, t = [], "", [], 0.0
    out = ["WEBVTT", ""] if vtt else []

    def flush():
        nonlocal lines, t
        if not lines:
            return
        n = sum(len(l.split()) for l in lines)
        start, end = t, t + max(1.0, n / 2.6)
        cues.append((start, end, lines))
        t = end + 0.04
        lines = []

    for w in words:
        if len(line) + 1 + len(w) > 42 and line:
            lines.append(line)
            line = ""
            if len(lines) == 2:
                flush()
        line = (line + " " + w).strip()
    if line:
        lines.append(line)
    flush()
    for i, (start, end, ls) in enumerate(cues, 1):
        if not vtt:
            out.append(str(i))
        out.append(f"{timestamp(start, vtt)} --> {timestamp(end, vtt)}")
        out.extend(ls)
        out.append("")
    return "\n".join(out)


def typo(word):
    if len(word) < 4 or not word.isalpha():
        return word
    i = rng.randrange(1, len(word) - 1)
    op = rng.randrange(3)
    if op == 0:
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if op == 1:
        return word[:i] + word[i + 1:]
    return word[:i] + word[i] + word[i:]


def light_edit(paras, vocabulary):
    """1–3 % of the words touched: typos made or fixed, words replaced, dropped or swapped."""
    rate = rng.uniform(0.01, 0.03)
    result = []
    for p in paras:
        words = p.split()
        i = 0
        out = []
        while i < len(words):
            w = words[i]
            if rng.random() < rate:
                op = rng.randrange(4)
                if op == 0:
                    out.append(typo(w))
                elif op == 1:
                    out.append(rng.choice(vocabulary))
                elif op == 2:
                    pass
                elif i + 1 < len(words):
                    out.extend([words[i + 1], w])
                    i += 1
                else:
                    out.append(w)
            else:
                out.append(w)
            i += 1
        result.append(" ".join(out))
    return result


def revise(paras, others):
    """v2 of a chapter: paragraphs rewritten (text from elsewhere in the same manual), removed,
    or new ones added, until a quarter to a half of the chapter (in characters) has changed."""
    total = sum(map(len, paras))
    while True:
        share = rng.uniform(0.2, 0.5)
        result, changed = [], 0
        for p in paras:
            if rng.random() < share:
                op = rng.randrange(3)
                if op == 0:
                    new = rng.choice(others)
                    result.append(new)
                    changed += max(len(p), len(new))
                elif op == 1:
                    changed += len(p)
                else:
                    new = rng.choice(others)
                    result.extend([p, new])
                    changed += len(new)
            else:
                result.append(p)
        if 0.25 <= changed / total <= 0.5:
            return result


def main():
    subjects = gather()
    for s in subjects.values():
        rng.shuffle(s)
    os.makedirs(os.path.join(OUT, "orig"), exist_ok=True)
    os.makedirs(os.path.join(OUT, "copy"), exist_ok=True)
    os.makedirs(os.path.join(OUT, "docx-for-scan"), exist_ok=True)
    pairs = []
    names = list(subjects)
    # Spare chapters (never used as a document) give revisions their new paragraphs.
    spare = {s: [p for ch in subjects[s][-12:] for p in ch] for s in names}
    for s in names:
        subjects[s] = subjects[s][:-12]
    queue = {s: iter(subjects[s]) for s in names}
    vocabulary = {s: [w for ch in subjects[s] for p in ch for w in p.split() if w.isalpha() and len(w) > 3] for s in names}
    counter = 0
    for kind, count in COUNTS.items():
        made = 0
        while made < count:
            # Subjects in turn, python twice as often (it has the most chapters).
            s = ["python", "debian-en", "python", "debian-fr"][counter % 4]
            counter += 1
            ch = next(queue[s], None)
            if ch is None:
                continue
            if kind == "scan" and sum(map(len, ch)) > 4200:
                ch = ch[:max(1, len(ch) // 2)]
            title = ch[0][:70].rstrip(" .,:;")
            body = ch[1:] if len(ch) > 2 else ch
            # Long enough to be fingerprinted by content (a shorter text falls back on its title,
            # SPEC §6), whatever the first paragraph (the title) took away.
            if sum(map(len, body)) < 2000:
                continue
            made += 1
            n = f"{s}-{kind}-{made:03d}"
            if kind == "docx":
                docx(os.path.join(OUT, "orig", n + ".docx"), body, title)
                pairs.append((kind, s, n + ".docx", n + "-export.pdf"))
            elif kind == "scan":
                docx(os.path.join(OUT, "docx-for-scan", n + ".docx"), body, title)
                pairs.append((kind, s, n + ".pdf", n + "-scan.pdf"))
            elif kind == "captions":
                open(os.path.join(OUT, "orig", n + ".txt"), "w", encoding="utf-8").write("\n\n".join(ch) + "\n")
                vtt, auto = made % 2 == 0, made % 4 < 2
                ext = ".vtt" if vtt else ".srt"
                open(os.path.join(OUT, "copy", n + "-captions" + ext), "w", encoding="utf-8").write(captions(ch, vtt, auto))
                pairs.append((kind, s, n + ".txt", n + "-captions" + ext))
            elif kind == "edit":
                open(os.path.join(OUT, "orig", n + ".md"), "w", encoding="utf-8").write(
                    "# " + title + "\n\n" + "\n\n".join(body) + "\n")
                edited = "\n\n".join([title] + light_edit(body, vocabulary[s])) + "\n"
                open(os.path.join(OUT, "copy", n + "-edited.txt"), "wb").write(edited.encode("cp1252", errors="replace"))
                pairs.append((kind, s, n + ".md", n + "-edited.txt"))
            else:
                open(os.path.join(OUT, "orig", n + ".txt"), "w", encoding="utf-8").write("\n\n".join(ch) + "\n")
                open(os.path.join(OUT, "copy", n + "-v2.txt"), "w", encoding="utf-8").write(
                    "\n\n".join(revise(ch, spare[s])) + "\n")
                pairs.append((kind, s, n + ".txt", n + "-v2.txt"))
    with open(os.path.join(OUT, "pairs.tsv"), "w") as f:
        f.write("kind\tsubject\toriginal\tcopy\n")
        for p in pairs:
            f.write("\t".join(p) + "\n")
    avail = {s: len(v) for s, v in subjects.items()}
    print(f"chapters available {avail}; pairs {dict((k, sum(1 for p in pairs if p[0] == k)) for k in COUNTS)}")


main()
