#!/usr/bin/env python3
"""Powers of ten on scans: how many `ingest convert` hands on as the source writes them (sessions 25, 26).

Usage: powers.py WORKDIR INGEST [INGEST ...]   (an INGEST named `tesseract`: the tesseract command alone, the peer)

240 seeded powers of ten (`k × 10^e`: 45 % `10⁻¹`, the rest other negative, positive and two-digit
exponents), each after a number of its own (`1,58`, `2,37`…), set two ways, as students' files are:
  - pdflatex, math mode (`$1,58 \\times 10^{-1}$`), Latin Modern 12 pt, A5 (2 pages);
  - pandoc Markdown (`1,58 × 10^−1^`) -> .odt -> LibreOffice PDF (Liberation Serif, superscripts; 6 pages).
Each PDF's pages are drawn by `pdftoppm -gray` (PGM: the images declare no resolution, as many phone
scans) and put in an image-only PDF by img2pdf: pdflatex at 150, 200 and 300 dpi and at 300 dpi
with ImageMagick's noise (seeded), LibreOffice at 200 and 300 dpi (`seeded.py`). Every INGEST converts
each scan (own library, `--reproducible`), and each power is judged in the document's text from its
number to the list's next `;` (read `;` or `:`) or the next token's number, whichever comes first:
  source   the power as the source writes it (`10⁻¹`);
  changed  another raised number there (`10³` for `10⁻³`): a number changed, the worst outcome;
  flagged  neither, and a word of it among the document's doubtful words (a reader is warned);
  as read  neither, unflagged (Tesseract's reading left, e.g. `107!`);
  lost     its number not found.
Session 25's table ended a power at the next token's number only (its `as read` is flagged + as read
here; it counted overruns into the next power as `changed`, read by eye). Every `changed`,
`flagged` and `as read` is printed with its text.
"""
import os, random, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import seeded  # noqa: E402
from seeded import run, scan, table  # noqa: E402

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
        scans[name] = scan(work, os.path.join(work, pdf), name, dpi, noise)
    return scans


def kind_of(own, want):
    """`source`: the power as the source writes it (no digit raised after it); `changed`: another raised number."""
    if want in own and not re.search(re.escape(want) + "[⁰¹²³⁴⁵⁶⁷⁸⁹]", own): return "source"
    if re.search("[⁰¹²³⁴⁵⁶⁷⁸⁹]", own): return "changed"
    return None


def judge(text, flags, toks):
    """Each power's outcome (`seeded.judge`): it ends at the list's `;`, read `;` or `:`."""
    return seeded.judge(text, flags, toks, want=lambda e: "10" + e.translate(SUP), ends="[;:]", kind_of=kind_of,
                        label=lambda k, want: f"{k} × {want}")


def main():
    work, binaries = os.path.abspath(sys.argv[1]), sys.argv[2:]
    os.makedirs(work, exist_ok=True)
    toks = tokens()
    table(work, binaries, make(work, toks), lambda text, flags: judge(text, flags, toks))


if __name__ == "__main__":
    main()
