#!/usr/bin/env python3
"""Powers of ten on scans: how many `ingest convert` hands on as the source writes them (session 25).

Usage: powers.py WORKDIR INGEST [INGEST ...]

240 seeded powers of ten (`k × 10^e`: 45 % `10⁻¹`, the rest other negative, positive and two-digit
exponents), each after a number of its own (`1,58`, `2,37`…), set two ways, as students' files are:
  - pdflatex, math mode (`$1,58 \\times 10^{-1}$`), Latin Modern 12 pt, A5 (2 pages);
  - pandoc Markdown (`1,58 × 10^−1^`) -> .odt -> LibreOffice PDF (Liberation Serif, superscripts; 6 pages).
Each PDF's pages are drawn by `pdftoppm -gray` (PGM: the images declare no resolution, as many phone
scans) and put in an image-only PDF by img2pdf: pdflatex at 150, 200 and 300 dpi and at 300 dpi
with ImageMagick's noise (seeded), LibreOffice at 200 and 300 dpi. Every INGEST converts each scan
(own library, `--reproducible`), and each power is judged in the document's text from its number to
the next token's number:
  source   the power as the source writes it (`10⁻¹`);
  changed  another raised number there (`10³` for `10⁻³`): a number changed, the worst outcome;
  as read  neither (Tesseract's reading left, e.g. `107!`, flagged or not);
  lost     its number not found.
A segment can run into the next token's power when OCR misread that token's number: every
`changed` is printed with its text so it can be checked by eye.
"""
import glob, json, os, random, re, subprocess, sys

SUP = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def tokens():
    rnd = random.Random(25)
    out = []
    for i in range(240):
        k = f"{i + 1},{rnd.randint(10, 99)}"
        r = rnd.random()
        if r < 0.45: e = "-1"
        elif r < 0.7: e = "-" + str(rnd.randint(2, 9))
        elif r < 0.85: e = str(rnd.randint(1, 9))
        else: e = ("-" if rnd.random() < 0.5 else "") + str(rnd.randint(10, 29))
        out.append((k, e))
    return out


def run(cmd, **kw):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, **kw)


def make(work, toks):
    tex = os.path.join(work, "powers.tex")
    paras = ["Les valeurs mesurées sont : " + " ; ".join(f"{k} $\\times 10^{{{e}}}$" for k, e in toks[j:j + 20]) + "."
             for j in range(0, len(toks), 20)]
    with open(tex, "w") as f:
        f.write("\\documentclass[12pt,a5paper]{article}\n\\usepackage[T1]{fontenc}\\usepackage[utf8]{inputenc}"
                "\\usepackage{lmodern}\\usepackage[french]{babel}\n\\usepackage[margin=15mm]{geometry}\n"
                "\\begin{document}\n" + "\n\n".join(paras) + "\n\\end{document}\n")
    run(["pdflatex", "-interaction=batchmode", "-output-directory", work, tex])
    md = os.path.join(work, "lo.md")
    with open(md, "w") as f:
        f.write("\n\n".join("Les valeurs mesurées sont : " + " ; ".join(f"{k} × 10^{e.replace('-', '−')}^" for k, e in toks[j:j + 20]) + "."
                            for j in range(0, len(toks), 20)) + "\n")
    run(["pandoc", md, "-o", os.path.join(work, "lo.odt")])
    run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", work, os.path.join(work, "lo.odt")])
    scans = {}
    for name, pdf, dpi, noise in [("latex-150", "powers.pdf", 150, False), ("latex-200", "powers.pdf", 200, False),
                                  ("latex-300", "powers.pdf", 300, False), ("latex-300-noise", "powers.pdf", 300, True),
                                  ("writer-200", "lo.pdf", 200, False), ("writer-300", "lo.pdf", 300, False)]:
        d = os.path.join(work, name)
        os.makedirs(d, exist_ok=True)
        for old in glob.glob(os.path.join(d, "*")): os.remove(old)
        run(["pdftoppm", "-r", str(dpi), "-gray", os.path.join(work, pdf), os.path.join(d, "p")])
        pages = sorted(glob.glob(os.path.join(d, "p-*.pgm")))
        if noise:
            for p in pages:
                run(["convert", p, "-seed", "25", "-rotate", "0.6", "-attenuate", "0.6", "+noise", "Gaussian", "-blur", "0x0.6", p])
        run(["img2pdf", *pages, "-o", os.path.join(d, name + ".pdf")])
        for p in pages: os.remove(p)
        scans[name] = os.path.join(d, name + ".pdf")
    return scans


def judge(text, toks):
    text = re.sub(r"\s+", " ", text)
    counts = {"source": 0, "changed": 0, "as read": 0, "lost": 0}
    changed = []
    pos = 0
    for j, (k, e) in enumerate(toks):
        want = "10" + e.translate(SUP)
        i = text.find(k, pos)
        if i < 0:
            counts["lost"] += 1
            continue
        nxt = text.find(toks[j + 1][0], i + len(k)) if j + 1 < len(toks) else len(text)
        seg = text[i + len(k):nxt if nxt >= 0 else min(len(text), i + 40)]
        pos = i + len(k)
        if want in seg and not re.search(re.escape(want) + "[⁰¹²³⁴⁵⁶⁷⁸⁹]", seg):
            counts["source"] += 1
        elif re.search("[⁰¹²³⁴⁵⁶⁷⁸⁹]", seg):
            counts["changed"] += 1
            changed.append(f"{k} × {want}: {seg.strip()[:60]}")
        else:
            counts["as read"] += 1
    return counts, changed


def main():
    work, binaries = os.path.abspath(sys.argv[1]), sys.argv[2:]
    os.makedirs(work, exist_ok=True)
    toks = tokens()
    scans = make(work, toks)
    print("| scan | " + " | ".join(f"{os.path.basename(b)}: source / changed / as read / lost" for b in binaries) + " |")
    print("|---|" + "---|" * len(binaries))
    totals = [[0, 0, 0, 0] for _ in binaries]
    notes = []
    for name, pdf in scans.items():
        cells = []
        for n, b in enumerate(binaries):
            out = os.path.join(work, "out", os.path.basename(b), name)
            subprocess.run(["rm", "-rf", out])
            run([b, "convert", pdf, "--out", out, "--library", out + ".sqlite", "--reproducible", "--quiet"])
            doc = json.load(open(os.path.join(out, name + ".json")))
            c, changed = judge(doc["text"], toks)
            cells.append(f"{c['source']} / {c['changed']} / {c['as read']} / {c['lost']}")
            for t, key in zip(range(4), ["source", "changed", "as read", "lost"]): totals[n][t] += c[key]
            notes += [f"  {os.path.basename(b)} {name} changed? {x}" for x in changed]
        print(f"| {name} | " + " | ".join(cells) + " |")
    print("| all | " + " | ".join(" / ".join(map(str, t)) for t in totals) + " |")
    print("\n".join(notes))


if __name__ == "__main__":
    main()
