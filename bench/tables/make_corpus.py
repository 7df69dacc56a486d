"""Builds the table corpus: PDFs made by pdflatex, LibreOffice and Word-like exports (through
LibreOffice) from tables whose cells are known, and truth.json with those cells.

Usage: make_corpus.py OUT_DIR. Tables are seeded (the same corpus every run). Kinds:
  latex-ruled      tabular with | and \\hline on every row, \\multicolumn/\\multirow spans
  latex-hline      tabular with \\hline at top, under the header and at the bottom only
  latex-unruled    tabular without any rule (aligned columns)
  writer-ruled     HTML table (border, colspan/rowspan) → LibreOffice .odt → PDF
  word-ruled       the same HTML → .docx (LibreOffice's Word export) → PDF
  writer-unruled   Markdown pipe table → pandoc .odt → LibreOffice PDF
  word-unruled     Markdown pipe table → pandoc .docx → LibreOffice PDF (one rule under the header)
                   (writer-unruled-5…12, word-unruled-5…12: session 28's, with empty cells, cells
                   wrapped over lines, 2-6 columns of unequal widths, numbers of several kinds)
  *-long           a ruled table over a page break (header repeated on the next page)
A spanning cell's text is in its top-left slot, the slots it covers are "" (Ingest's `rows`).
"""
import html, json, os, random, subprocess, sys

WORDS = ("énergie vitesse masse force travail puissance tension courant résistance onde fréquence "
         "période longueur amplitude cellule noyau mitochondrie protéine enzyme glucide lipide "
         "Paris Lyon Marseille Révolution empire traité roi république siècle bataille "
         "verbe sujet complément adjectif adverbe phrase accord pluriel féminin").split()
UNITS = ["J", "m/s", "kg", "N", "W", "V", "A", "Ω", "Hz", "s", "m"]


def cell(rng, column):
    if column > 0 and rng.random() < 0.45:
        return f"{rng.randint(0, 999)},{rng.randint(0, 99):02d}" if rng.random() < 0.5 else str(rng.randint(1, 2024))
    n = rng.choice([1, 1, 1, 2, 2, 3])
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize()


def varied_cell(rng, column):
    """A cell of the session-28 tables: empty, a number of some kind, a word or two, or a phrase
    long enough to wrap in its column."""
    x = rng.random()
    if x < 0.1:
        return ""
    if column > 0 and x < 0.45:
        k = rng.randrange(5)
        if k == 0:
            return str(rng.randint(-500, 5000))
        if k == 1:
            return f"{rng.randint(0, 99)},{rng.randint(0, 999):03d}"
        if k == 2:
            return f"{rng.randint(0, 100)} %"
        if k == 3:
            return f"{rng.randint(1, 999)},{rng.randint(0, 9)} {rng.choice(UNITS)}"
        return f"{rng.randint(1, 31)}/{rng.randint(1, 12):02d}/{rng.randint(1900, 2024)}"
    n = rng.choice([1, 1, 2, 2, 3, 5, 8])
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize()


def varied_table(rng):
    """(grid, the pipe table's dashes per column) of 3-9 rows and 2-6 columns."""
    rows, cols = rng.randint(3, 9), rng.randint(2, 6)
    names = ["Grandeur", "Symbole", "Unité", "Valeur", "Date", "Lieu", "Notion", "Exemple", "Remarque", "Mesure", "Écart"]
    header = rng.sample(names, cols)
    grid = [header] + [[varied_cell(rng, c) for c in range(cols)] for _ in range(rows - 1)]
    # The first column is a row's key: never empty.
    for row in grid[1:]:
        if not row[0]:
            row[0] = rng.choice(WORDS).capitalize()
    return grid, [rng.choice([10, 14, 20]) for _ in range(cols)]


def table(rng, rows, cols, spans):
    """(grid of texts with None where a span covers, list of (r, c, rowspan, colspan))."""
    header = [w.capitalize() for w in rng.sample(["Grandeur", "Symbole", "Unité", "Valeur", "Date", "Lieu", "Notion", "Exemple", "Remarque"], cols)]
    grid = [header] + [[cell(rng, c) for c in range(cols)] for _ in range(rows - 1)]
    merges = []
    if spans and rows >= 4 and cols >= 3:
        r = rng.randint(1, rows - 3)
        merges.append((r, 0, 2, 1))                      # a cell over two rows, first column
        r2 = r + 2 if r + 2 < rows else 1
        c = rng.randint(1, cols - 2)
        merges.append((r2, c, 1, 2))                     # a cell over two columns
        for (mr, mc, rs, cs) in merges:
            for i in range(mr, mr + rs):
                for j in range(mc, mc + cs):
                    if (i, j) != (mr, mc):
                        grid[i][j] = None
    return grid, merges


def truth(grid):
    return [["" if t is None else t for t in row] for row in grid]


def latex_table(grid, merges, ruled):
    cols = len(grid[0])
    span = {(r, c): (rs, cs) for r, c, rs, cs in merges}
    spec = ("|" + "|".join("l" for _ in range(cols)) + "|") if ruled == "grid" else "l" * cols
    out = [f"\\begin{{tabular}}{{{spec}}}"]
    if ruled in ("grid", "hline"):
        out.append("\\hline")
    for r, row in enumerate(grid):
        cells, c = [], 0
        while c < cols:
            rs, cs = span.get((r, c), (1, 1))
            t = row[c]
            if t is None:
                # Covered by a multirow above (column 0): an empty cell; covered by a multicolumn: skipped.
                if any(mr < r < mr + mrs and mc == c for mr, mc, mrs, mcs in merges):
                    cells.append("")
                c += 1
                continue
            if cs > 1:
                t = f"\\multicolumn{{{cs}}}{{|l|}}{{{t}}}" if ruled == "grid" else f"\\multicolumn{{{cs}}}{{l}}{{{t}}}"
            elif rs > 1:
                t = f"\\multirow{{{rs}}}{{*}}{{{t}}}"
            cells.append(t)
            c += cs
        line = " & ".join(cells) + " \\\\"
        if ruled == "grid":
            # Under a cell spanning rows, the rule skips its column.
            open_rows = [mc for mr, mc, mrs, mcs in merges if mr <= r < mr + mrs - 1]
            if open_rows:
                line += "".join(f" \\cline{{{a + 1}-{a + 1}}}" for a in range(cols) if a not in open_rows)
            else:
                line += " \\hline"
        elif ruled == "hline" and r == 0:
            line += " \\hline"
        out.append(line)
    if ruled == "hline":
        out.append("\\hline")
    out.append("\\end{tabular}")
    return "\n".join(out)


def latex_doc(tables, long=None):
    body = ["\\section*{Cours de sciences}", "Voici les tableaux du chapitre."]
    for i, t in enumerate(tables):
        body += ["", t, "", f"Le tableau {i + 1} résume la leçon.", ""]
    if long:
        body += ["", long, "", "Fin du cours."]
    return ("\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n\\usepackage{lmodern}\n"
            "\\usepackage{multirow}\n\\usepackage{longtable}\n\\usepackage[a4paper,margin=2.5cm]{geometry}\n\\pagestyle{empty}\n"
            "\\begin{document}\n" + "\n".join(body) + "\n\\end{document}\n")


def html_table(grid, merges, long=False):
    span = {(r, c): (rs, cs) for r, c, rs, cs in merges}
    out = ['<table border="1" cellpadding="4" cellspacing="0">']
    for r, row in enumerate(grid):
        if long and r == 0:
            out.append("<thead>")
        out.append("<tr>")
        for c, t in enumerate(row):
            if t is None:
                continue
            rs, cs = span.get((r, c), (1, 1))
            tag = "th" if r == 0 else "td"
            attrs = (f' rowspan="{rs}"' if rs > 1 else "") + (f' colspan="{cs}"' if cs > 1 else "")
            out.append(f"<{tag}{attrs}>{html.escape(t)}</{tag}>")
        out.append("</tr>")
        if long and r == 0:
            out.append("</thead><tbody>")
    out.append("</tbody></table>" if long else "</table>")
    return "\n".join(out)


def md_table(grid, widths=None):
    dashes = [3] * len(grid[0]) if widths is None else widths
    lines = ["| " + " | ".join(grid[0]) + " |", "|" + "".join("-" * n + "|" for n in dashes)]
    lines += ["| " + " | ".join(row) + " |" for row in grid[1:]]
    return "\n".join(lines)


def run(cmd, cwd):
    subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def soffice(src, fmt, cwd):
    run(["soffice", "--headless", "--convert-to", fmt, src], cwd)


def main(out):
    os.makedirs(out, exist_ok=True)
    rng = random.Random(36)
    truths = {}

    def shape():
        return rng.randint(4, 7), rng.randint(3, 5)

    # LaTeX: 8 documents of 2 tables ruled (half with spans), 3 of 2 with \hline only, 5 of 2 unruled.
    for kind, docs, ruled in (("latex-ruled", 8, "grid"), ("latex-hline", 3, "hline"), ("latex-unruled", 5, "none")):
        for d in range(docs):
            made = [table(rng, *shape(), spans=(ruled == "grid" and d % 2 == 0)) for _ in range(2)]
            name = f"{kind}-{d + 1}"
            with open(os.path.join(out, name + ".tex"), "w") as f:
                f.write(latex_doc([latex_table(g, m, ruled) for g, m in made]))
            run(["pdflatex", "-interaction=batchmode", "-halt-on-error", name + ".tex"], out)
            truths[name + ".pdf"] = {"kind": kind, "tables": [truth(g) for g, m in made]}
    # A ruled LaTeX table over a page break (longtable, header repeated).
    g, m = table(rng, 70, 4, spans=False)
    long = ["\\begin{longtable}{|l|l|l|l|}", "\\hline", " & ".join(g[0]) + " \\\\ \\hline", "\\endhead"]
    long += [" & ".join(r) + " \\\\ \\hline" for r in g[1:]] + ["\\end{longtable}"]
    with open(os.path.join(out, "latex-ruled-long.tex"), "w") as f:
        f.write(latex_doc([], long="\n".join(long)))
    run(["pdflatex", "-interaction=batchmode", "-halt-on-error", "latex-ruled-long.tex"], out)
    run(["pdflatex", "-interaction=batchmode", "-halt-on-error", "latex-ruled-long.tex"], out)  # widths from the .aux
    truths["latex-ruled-long.pdf"] = {"kind": "latex-ruled", "tables": [truth(g)]}

    # LibreOffice and Word export of HTML tables with borders and spans: 5 documents of 2 tables each.
    for d in range(5):
        made = [table(rng, *shape(), spans=(d % 2 == 0 or t == 1)) for t in range(2)]
        page = "<html><body><h1>Cours</h1><p>Voici les tableaux.</p>" + "".join(
            html_table(g, m) + f"<p>Le tableau {i + 1} résume la leçon.</p>" for i, (g, m) in enumerate(made)) + "</body></html>"
        for kind, ext in (("writer-ruled", "odt"), ("word-ruled", "docx:MS Word 2007 XML")):
            name = f"{kind}-{d + 1}"
            with open(os.path.join(out, name + ".html"), "w") as f:
                f.write(page)
            soffice(name + ".html", ext, out)
            soffice(name + "." + ext.split(":")[0], "pdf", out)
            truths[name + ".pdf"] = {"kind": kind, "tables": [truth(g) for g, m in made]}
    # A LibreOffice table over a page break (header row repeated).
    g, m = table(rng, 60, 4, spans=False)
    with open(os.path.join(out, "writer-ruled-long.html"), "w") as f:
        f.write("<html><body><p>Un long tableau.</p>" + html_table(g, m, long=True) + "<p>Fin.</p></body></html>")
    soffice("writer-ruled-long.html", "odt", out)
    soffice("writer-ruled-long.odt", "pdf", out)
    truths["writer-ruled-long.pdf"] = {"kind": "writer-ruled", "tables": [truth(g)]}

    # pandoc Markdown pipe tables (no spans in pipe tables) → .odt and .docx → LibreOffice PDF.
    for d in range(4):
        made = [table(rng, *shape(), spans=False)[0] for _ in range(2)]
        md = "# Cours\n\nVoici les tableaux.\n\n" + "".join(md_table(g) + f"\n\nLe tableau {i + 1} résume la leçon.\n\n" for i, g in enumerate(made))
        for kind, ext in (("writer-unruled", "odt"), ("word-unruled", "docx")):
            name = f"{kind}-{d + 1}"
            with open(os.path.join(out, name + ".md"), "w") as f:
                f.write(md)
            run(["pandoc", name + ".md", "-o", name + "." + ext], out)
            soffice(name + "." + ext, "pdf", out)
            truths[name + ".pdf"] = {"kind": kind, "tables": made}
    # Session 28: more unruled LibreOffice and Word tables, from a generator of their own (the
    # documents above stay as they were): 2 to 6 columns, empty cells, cells long enough to wrap
    # onto several lines, numbers (signed, decimal, percentages, with units), columns of unequal
    # widths (the pipe table's dashes).
    rng2 = random.Random(2828)
    for d in range(8):
        made = [varied_table(rng2) for _ in range(2)]
        md = "# Chapitre\n\nLes tableaux de la séance.\n\n" + "".join(
            md_table(g, widths) + f"\n\nLe tableau {i + 1} est à compléter.\n\n" for i, (g, widths) in enumerate(made))
        for kind, ext in (("writer-unruled", "odt"), ("word-unruled", "docx")):
            name = f"{kind}-{d + 5}"
            with open(os.path.join(out, name + ".md"), "w") as f:
                f.write(md)
            run(["pandoc", name + ".md", "-o", name + "." + ext], out)
            soffice(name + "." + ext, "pdf", out)
            truths[name + ".pdf"] = {"kind": kind, "tables": [g for g, w in made]}
    with open(os.path.join(out, "truth.json"), "w") as f:
        json.dump(truths, f, ensure_ascii=False, indent=1)
    print(sum(len(t["tables"]) for t in truths.values()), "tables in", len(truths), "PDFs")


if __name__ == "__main__":
    main(sys.argv[1])
