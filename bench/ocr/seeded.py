#!/usr/bin/env python3
"""Shared by the seeded-page benches (`powers.py`, `chem.py`, session 26): scan a PDF as a phone or
scanner would, read each scan with `ingest convert` or the peer (the tesseract command alone), and
give the text with the characters a reader is warned about (the document's doubtful words).

scan(work, pdf, name, dpi, noise)  pdftoppm -gray (PGM: no resolution declared) -> img2pdf image-only PDF
read(binary, scan_pdf, out)        (text, flagged): flagged[i] is True for a character of a doubtful word;
                                   binary `tesseract` reads the scan's page images with `tesseract - -l fra+eng`
                                   (nothing flagged: the command warns of nothing)
find(text, number, start)          a seeded number's place (not inside a longer number), or -1
squeeze(text, flagged)             whitespace runs as one space, the flags kept beside
judge(text, flags, toks, want, ends, kind_of, clean)
                                   the loop both benches judge their items with (session 27): each
                                   item's segment from its number to the next `ends` or the next
                                   item's number; kind_of(own, want) says `source` or `changed`,
                                   else it is `flagged` or `as read` by the document's doubtful words
table(work, binaries, scans, judge) reads each scan with each binary and prints the table of KINDS
                                   per scan (judge(text, flags) -> counts, notes), then the notes;
                                   SEEDED_SCANS=a,b: only those scans (all are still made)
"""
import glob, json, os, re, subprocess


def run(cmd, **kw):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)


def scan(work, pdf, name, dpi, noise, seed=25):
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)
    for old in glob.glob(os.path.join(d, "*")):
        if os.path.isfile(old): os.remove(old)
    run(["pdftoppm", "-r", str(dpi), "-gray", pdf, os.path.join(d, "p")])
    pages = sorted(glob.glob(os.path.join(d, "p-*.pgm")))
    if noise:
        for p in pages:
            run(["convert", p, "-seed", str(seed), "-rotate", "0.6", "-attenuate", "0.6", "+noise", "Gaussian", "-blur", "0x0.6", p])
    out = os.path.join(d, name + ".pdf")
    run(["img2pdf", *pages, "-o", out])
    for p in pages: os.remove(p)
    return out


def read(binary, pdf, out):
    subprocess.run(["rm", "-rf", out])
    os.makedirs(out, exist_ok=True)
    if os.path.basename(binary) == "tesseract":
        run(["pdfimages", "-all", pdf, os.path.join(out, "img")])
        text = ""
        for img in sorted(glob.glob(os.path.join(out, "img-*"))):
            text += subprocess.run(["tesseract", img, "-", "-l", "fra+eng"], check=True, capture_output=True, text=True,
                                   env={**os.environ, "OMP_THREAD_LIMIT": "1"}).stdout + "\n"
        with open(os.path.join(out, "text.txt"), "w") as f: f.write(text)
        return text, [False] * len(text)
    name = os.path.splitext(os.path.basename(pdf))[0]
    # The time limits raised: a debug build on a loaded machine gave up pages at 60 s (session 27); the
    # text of a page read to its end is what is judged.
    run([binary, "convert", pdf, "--out", out, "--library", out + ".sqlite", "--reproducible", "--quiet",
         "--set", "ocr.pageTimeLimitSeconds=1800", "--set", "limits.documentTimeLimitSeconds=7200"])
    doc = json.load(open(os.path.join(out, name + ".json")))
    text = doc["text"]
    flagged = [False] * len(text)
    # Each block's text stands in the document's text in order; a doubtful word's offset is in
    # UTF-16 code units of its block's.
    starts, pos = [], 0
    for b in doc["blocks"]:
        at = text.find(b["text"], pos)
        starts.append(at)
        if at >= 0: pos = at + len(b["text"])
    for t in doc.get("doubt", {}).get("tokens", []):
        at = starts[t["block"]] if t["block"] < len(starts) else -1
        if at < 0: continue
        block = doc["blocks"][t["block"]]["text"]
        units = block.encode("utf-16-le")[:2 * t["offset"]].decode("utf-16-le", errors="ignore")
        i = at + len(units)
        for k in range(i, min(len(text), i + len(t["text"]))): flagged[k] = True
    return text, flagged


def find(text, number, start):
    """Where `number` (`1,58`) stands in `text` from `start` as a number of its own (not in `41,58`), or -1."""
    m = re.compile(r"(?<![\d,.])" + re.escape(number) + r"(?![\d])").search(text, start)
    return m.start() if m else -1


def squeeze(text, flagged):
    out, flags, space = [], [], False
    for c, f in zip(text, flagged):
        if c.isspace():
            if not space and out: out.append(" "); flags.append(False)
            space = True
            continue
        space = False
        out.append(c); flags.append(f)
    return "".join(out), flags


KINDS = ["source", "changed", "flagged", "as read", "lost"]


def judge(text, flags, toks, want, ends, kind_of, clean=lambda own: own, label=lambda k, w: f"{k} {w}"):
    """Each item's outcome, and the segments judged `changed`, `flagged` and `as read` (to be read by eye).

    toks: [(number, item)] in the source's order; want(item): what the source writes; ends: a regex of
    the characters that end an item's segment (the list's `;`, read `;` or `:` where no `:` belongs to
    the item); clean(own): the segment as judged (its flags are the raw segment's); kind_of(own, want):
    `source`, `changed` or None; label(number, want): how a note names the item.
    """
    counts = {k: 0 for k in KINDS}
    notes = {"changed": [], "as read": [], "flagged": []}
    pos = 0
    for j, (k, e) in enumerate(toks):
        w = want(e)
        i = find(text, k, pos)
        if i < 0: i = find(text, k, 0)
        if i < 0:
            counts["lost"] += 1
            continue
        nxt = find(text, toks[j + 1][0], i + len(k)) if j + 1 < len(toks) else len(text)
        seg = text[i + len(k):nxt if nxt >= 0 else min(len(text), i + 40)]
        pos = i + len(k)
        # The item ends at the list's `;`: what follows is the next item's, whose number OCR may
        # have misread (then the segment runs on into its item).
        cut = re.search(ends, seg)
        raw = seg[:cut.start()] if cut else seg
        flagged = any(flags[pos:pos + len(raw)])
        own = clean(raw)
        kind = kind_of(own, w) or ("flagged" if flagged else "as read")
        counts[kind] += 1
        if kind in notes: notes[kind].append(f"{label(k, w)}: {own.strip()[:40]!r}" + (" (flagged)" if kind == "changed" and flagged else ""))
    return counts, notes


def table(work, binaries, scans, judge):
    print("| scan | " + " | ".join(f"{os.path.basename(b)}: " + " / ".join(KINDS) for b in binaries) + " |")
    print("|---|" + "---|" * len(binaries))
    totals = [[0] * len(KINDS) for _ in binaries]
    notes = []
    only = [n for n in os.environ.get("SEEDED_SCANS", "").split(",") if n]
    for name, pdf in scans.items():
        if only and name not in only: continue
        cells = []
        for n, b in enumerate(binaries):
            text, flags = read(b, pdf, os.path.join(work, "out", os.path.basename(b), name))
            c, seen = judge(*squeeze(text, flags))
            cells.append(" / ".join(str(c[key]) for key in KINDS))
            for t, key in enumerate(KINDS): totals[n][t] += c[key]
            notes += [f"  {os.path.basename(b)} {name} {kind}: {x}" for kind in seen for x in seen[kind]]
        print(f"| {name} | " + " | ".join(cells) + " |")
    print("| all | " + " | ".join(" / ".join(map(str, t)) for t in totals) + " |")
    print("\n".join(notes))
