#!/usr/bin/env python3
"""Chemistry on scans: formulas' indices and charges, units' exponents (session 26, OCR).

Usage: chem.py WORKDIR INGEST [INGEST ...]   (an INGEST named `tesseract`: the tesseract command alone)

120 seeded items, each after a number of its own (`1,58 : SO₄²⁻ ;`): species with indices (`N₂`,
`H₂SO₄`, `C₆H₁₂O₆`), ions with charges (`Cu²⁺`, `Cl⁻`, `SO₄²⁻`, `Cr₂O₇²⁻`) and units with exponents
(`mol·L⁻¹`, `J·K⁻¹·mol⁻¹`, `cm³`), set two ways, as students' files are:
  - pdflatex, math mode (`$\\mathrm{SO_4^{2-}}$`, `$\\mathrm{mol\\cdot L^{-1}}$`), Latin Modern 12 pt, A5;
  - pandoc Markdown (`SO~4~^2−^`) -> .odt -> LibreOffice PDF (Liberation Serif, sub/superscripts).
Scanned as powers.py scans (`seeded.py`): pdflatex at 150, 200, 300 dpi and 300 dpi with noise,
LibreOffice at 200 and 300 dpi. Each item is judged in the text from its number to the list's next
`;` (or the next item's number):
  source   the item as the source writes it (`SO₄²⁻`);
  changed  a raised or lowered character written that the source does not have there (`SO₄²⁺`,
           `Cu³⁺`, `H₂O` for `N₂`): a changed formula, the worst outcome (difflib aligns the text
           with the source's; a written index or exponent outside the matching runs is a change);
  flagged  neither, and a word of it among the document's doubtful words;
  as read  neither, unflagged (`No` for `N₂`, `mol !` for `mol⁻¹`, `SO4?"`);
  lost     its number not found.
Every `changed`, `flagged` and `as read` is printed with its text.
"""
import difflib, os, random, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import seeded  # noqa: E402
from seeded import run, scan, table  # noqa: E402

# Each item as (text the source writes, LaTeX math, pandoc Markdown).
SPECIES = ["N_2", "O_2", "H_2O", "CO_2", "NH_3", "CH_4", "H_2SO_4", "CaCO_3", "C_6H_12O_6", "Fe_2O_3", "Al_2O_3",
           "Na_2CO_3", "KMnO_4", "H_2O_2", "C_2H_6O", "CuSO_4", "HNO_3", "Cl_2", "NO_2", "SO_2", "C_3H_8", "P_4O_10"]
IONS = ["Cu^2+", "Fe^3+", "Fe^2+", "Na^+", "Cl^-", "OH^-", "H_3O^+", "NH_4^+", "NO_3^-", "MnO_4^-", "Cr_2O_7^2-",
        "PO_4^3-", "CO_3^2-", "Ca^2+", "Mg^2+", "Al^3+", "HCO_3^-", "Zn^2+", "SO_4^2-", "Ag^+", "K^+", "S_2O_3^2-"]
UNITS = ["mol.L^-1", "g.mol^-1", "J.K^-1.mol^-1", "m.s^-2", "g.L^-1", "mol^-1", "L.mol^-1", "kg.m^-3", "cm^3", "dm^3",
         "m^2", "mol.L^-1.s^-1", "s^-1", "m^3"]
SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")
SUP = str.maketrans("0123456789+-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻")
SCRIPT = set("₀₁₂₃₄₅₆₇₈₉⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻")
# `X_12` an index, `X^2-` an exponent or charge (up to the next letter or `.`).
PART = re.compile(r"_(\d+)|\^([0-9+-]+)|\.|[A-Za-z]")


def forms(item):
    """(unicode, latex, markdown) of an item written `SO_4^2-`, `mol.L^-1`."""
    uni, tex, md = "", "", ""
    for m in PART.finditer(item):
        if m.group(1):
            uni += m.group(1).translate(SUB); tex += "_{" + m.group(1) + "}"; md += "~" + m.group(1) + "~"
        elif m.group(2):
            uni += m.group(2).translate(SUP); tex += "^{" + m.group(2) + "}"; md += "^" + m.group(2).replace("-", "−") + "^"
        elif m.group(0) == ".":
            uni += "·"; tex += "\\cdot "; md += "·"
        else:
            uni += m.group(0); tex += m.group(0); md += m.group(0)
    return uni, "$\\mathrm{" + tex + "}$", md


def items():
    rnd = random.Random(26)
    pool = SPECIES * 2 + IONS * 2 + UNITS * 2
    rnd.shuffle(pool)
    out = []
    for i in range(120):
        out.append((f"{i + 1},{rnd.randint(10, 99)}", pool[i % len(pool)]))
    return out


def make(work, toks):
    per = 15
    tex = os.path.join(work, "chem.tex")
    paras = ["Relevé : " + " ; ".join(f"{k} : {forms(e)[1]}" for k, e in toks[j:j + per]) + "."
             for j in range(0, len(toks), per)]
    with open(tex, "w") as f:
        f.write("\\documentclass[12pt,a5paper]{article}\n\\usepackage[T1]{fontenc}\\usepackage[utf8]{inputenc}"
                "\\usepackage{lmodern}\\usepackage[french]{babel}\n\\usepackage[margin=15mm]{geometry}\n"
                "\\begin{document}\n" + "\n\n".join(paras) + "\n\\end{document}\n")
    run(["pdflatex", "-interaction=batchmode", "-output-directory", work, tex])
    md = os.path.join(work, "chem-lo.md")
    with open(md, "w") as f:
        f.write("\n\n".join("Relevé : " + " ; ".join(f"{k} : {forms(e)[2]}" for k, e in toks[j:j + per]) + "."
                            for j in range(0, len(toks), per)) + "\n")
    run(["pandoc", md, "-o", os.path.join(work, "chem-lo.odt")])
    run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", work, os.path.join(work, "chem-lo.odt")])
    scans = {}
    for name, pdf, dpi, noise in [("chem-latex-150", "chem.pdf", 150, False), ("chem-latex-200", "chem.pdf", 200, False),
                                  ("chem-latex-300", "chem.pdf", 300, False), ("chem-latex-300-noise", "chem.pdf", 300, True),
                                  ("chem-writer-200", "chem-lo.pdf", 200, False), ("chem-writer-300", "chem-lo.pdf", 300, False)]:
        scans[name] = scan(work, os.path.join(work, pdf), name, dpi, noise)
    return scans


def changed(own, want):
    """Whether `own` writes a raised or lowered character the source `want` does not have there."""
    blocks = difflib.SequenceMatcher(None, own, want, autojunk=False).get_matching_blocks()
    matched = set()
    for b in blocks:
        matched.update(range(b.a, b.a + b.size))
    return any(c in SCRIPT and i not in matched for i, c in enumerate(own))



def kind_of(own, want):
    """`source`: the item as the source writes it (spaces aside); `changed`: a script character it does not have there."""
    if re.search(r"(^|[^A-Za-z])" + re.escape(want) + r"($|[^₀₁₂₃₄₅₆₇₈₉⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻])", own) or own.replace(" ", "") == want.replace(" ", ""):
        return "source"
    return "changed" if changed(own, want) else None


def judge(text, flags, toks):
    """Each item's outcome (`seeded.judge`): it ends at the list's `;` (its own `:` follows the number)."""
    return seeded.judge(text, flags, toks, want=lambda e: forms(e)[0], ends=";", kind_of=kind_of,
                        clean=lambda raw: raw.strip(" :."))


def main():
    work, binaries = os.path.abspath(sys.argv[1]), sys.argv[2:]
    os.makedirs(work, exist_ok=True)
    toks = items()
    table(work, binaries, make(work, toks), lambda text, flags: judge(text, flags, toks))


if __name__ == "__main__":
    main()
