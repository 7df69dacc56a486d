#!/usr/bin/env python3
"""Writes a QA manifest for the shared test corpus (../shared/corpus), so `ingest qa` measures
Ingest on documents other projects wrote, against the expected texts those projects keep.

Usage: qa/corpus-manifest.py CORPUS OUTDIR
  then: ingest qa CORPUS --manifest OUTDIR/corpus.manifest.json --html OUTDIR/corpus.html

Expected texts, from CORPUS/MANIFEST.tsv (an expected row's notes name its input):
  - plain expected text kept upstream: pypdf `.txt`, pdfminer `.txt.ref`, pdfplumber's and pypdf's
    layout-mode text (whitespace is collapsed before comparing, so layout mode is fair for CER
    except where columns are side by side), OCR17 `.gt.txt` line transcriptions, OCRmyPDF linn.txt;
  - for each .docx, `pandoc -t plain --wrap=none` of it, written to OUTDIR/expected/ (pandoc is the
    reference this project's DOCX figures use; where pandoc keeps something Ingest leaves out on
    purpose — comments, deleted text — the figures say so).
Left out as references, not documents: upstream AST and diagnostics (`.native`, `.out`), the
LaTeX and HTML sources PDFs were made from, tags transcribed from tests, Tesseract reference
outputs (they have known errors: not ground truth), the corpus's own README and MANIFEST.
"""
import csv, json, os, re, shutil, subprocess, sys

def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr); sys.exit(2)
    corpus, out = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    os.makedirs(os.path.join(out, "expected"), exist_ok=True)
    rows = list(csv.DictReader(open(os.path.join(corpus, "MANIFEST.tsv"), encoding="utf-8"), delimiter="\t"))
    documents = {}
    def name_of(path):  # the document's name in the corpus: its path without extension
        return os.path.splitext(path)[0]
    text_expected = re.compile(r"\.(txt|txt\.ref|gt\.txt|layout\.txt)$")
    for row in rows:
        if row["kind"] != "expected" or not text_expected.search(row["path"]):
            continue
        if ".tesseract-" in row["path"]:
            continue   # reference OCR output with known errors, not ground truth
        inputs = re.findall(r"(?:pdf|scans|docx|text)/[\w.\-]+\.(?:pdf|png|tif|tiff|jpg|docx)", row["notes"])
        if "linn.txt" in row["path"]:
            inputs = ["scans/ocrmypdf-linn.png"]
        if not inputs:   # notes that name no file: the input of the same stem (`x.txt.ref` → `x.pdf`)
            stem = row["path"].split(".")[0]
            inputs = [stem + ext for ext in (".pdf", ".png", ".tif") if os.path.exists(os.path.join(corpus, stem + ext))]
        for inp in inputs[:1]:
            if not os.path.exists(os.path.join(corpus, inp)):
                continue
            documents[name_of(inp)] = {"name": name_of(inp),
                                       "expected": os.path.relpath(os.path.join(corpus, row["path"]), out)}
    pandoc = shutil.which("pandoc")
    for row in rows:
        if row["kind"] != "docx" or not row["path"].endswith(".docx") or not pandoc:
            continue
        target = os.path.join(out, "expected", name_of(row["path"]) + ".expected.txt")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        r = subprocess.run([pandoc, "-t", "plain", "--wrap=none", os.path.join(corpus, row["path"])],
                           capture_output=True)
        if r.returncode != 0:
            continue   # pandoc refuses it too (a broken file): measured without an expected text
        open(target, "wb").write(r.stdout)
        documents[name_of(row["path"])] = {"name": name_of(row["path"]), "expected": os.path.relpath(target, out)}
    manifest = {
        "exclude": ["*.native", "*.out", "*.ref", "*.tex", "pdf/*.html", "*.expected-from-tests.json", "*.tesseract-*.txt",
                    "README.md", "MANIFEST.tsv"],
        "documents": sorted(documents.values(), key=lambda d: d["name"]),
    }
    with open(os.path.join(out, "corpus.manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, ensure_ascii=False, indent=1)
    print(f"{len(documents)} documents with an expected text; manifest: {os.path.join(out, 'corpus.manifest.json')}")

if __name__ == "__main__":
    main()
