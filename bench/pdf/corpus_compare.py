#!/usr/bin/env python3
"""Compares `ingest convert --jsonl` over a folder of PDFs with pdftotext (issue 33).

Usage: corpus_compare.py FOLDER OUT_DIR EVENTS.jsonl TEXTDIFF [--lib-dir DIR --ingest BIN]

Prints outcome counts by status and code, then word recall/precision of every written document
against `pdftotext -enc UTF-8` (through the project's textdiff.py, multiset word overlap), summed over
all words, split between documents read from the text layer only and documents with OCR'd pages
(pdftotext reads nothing on image pages); then every refusal of a file pdftotext reads, and the
documents whose recall is below 0.9, for a person to explain. Documents withheld as duplicates are
converted again alone (own library) so their text is compared too.
"""
import json, os, subprocess, sys, tempfile, collections

folder, out_dir, events_path, textdiff = sys.argv[1:5]
args = sys.argv[5:]
ingest = args[args.index("--ingest") + 1] if "--ingest" in args else None
py = os.environ.get("PYTHON", sys.executable)

def pdftotext(path):
    try:
        r = subprocess.run(["pdftotext", "-enc", "UTF-8", path, "-"], capture_output=True, timeout=120)
        return r.returncode, r.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return -1, ""

def diff(hyp_text, ref_text):
    with tempfile.TemporaryDirectory() as d:
        h, r = os.path.join(d, "h.txt"), os.path.join(d, "r.txt")
        open(h, "w").write(hyp_text); open(r, "w").write(ref_text)
        o = subprocess.run([py, textdiff, h, r, "--json"], capture_output=True, text=True)
        return json.loads(o.stdout)

events = [json.loads(l) for l in open(events_path) if l.strip()]
docs = [e for e in events if e.get("event") == "document"]
counts = collections.Counter((e["status"], e.get("code", "")) for e in docs)
print("documents:", len(docs))
for (status, code), n in sorted(counts.items(), key=lambda x: -x[1]):
    print(f"  {n:4d}  {status}  {code}")

totals = {"textLayer": [0, 0, 0, 0], "withOCR": [0, 0, 0, 0]}   # common(ref), ref words, common(hyp), hyp words
low, refusals, rows = [], [], []
for e in docs:
    src = os.path.join(folder, e["sources"][0])
    code, ref = pdftotext(src)
    if e["status"] == "failed":
        words = len(ref.split())
        if code == 0 and words > 0:
            refusals.append((e["sources"][0], e.get("code"), words))
        continue
    if e["status"] == "duplicate":
        if not ingest: continue
        with tempfile.TemporaryDirectory() as d:
            subprocess.run([ingest, "convert", src, "--out", d + "/out", "--library", d + "/lib.sqlite", "--sink", "none", "--quiet"],
                           capture_output=True, timeout=600)
            names = [n for n in os.listdir(d + "/out") if n.endswith(".json") and n != "summary.json"]
            if not names: continue
            doc = json.load(open(os.path.join(d, "out", names[0])))
    else:
        doc = json.load(open(os.path.join(out_dir, e["output"])))
    ocr = any(s.get("pagesOCRed") for s in doc.get("sources", []))
    m = diff(doc.get("text", ""), ref)
    ref_words, hyp_words = len(__import__("re").findall(r"\w+", ref)), len(__import__("re").findall(r"\w+", doc.get("text", "")))
    t = totals["withOCR" if ocr else "textLayer"]
    t[0] += m["word_recall"] * ref_words; t[1] += ref_words
    t[2] += m["word_precision"] * hyp_words; t[3] += hyp_words
    rows.append((e["sources"][0], ocr, m["word_recall"], m["word_precision"], ref_words))
    if ref_words >= 20 and m["word_recall"] < 0.9:
        low.append((e["sources"][0], ocr, m["word_recall"], m["word_precision"], ref_words))

for k, (c, n, ch, nh) in totals.items():
    docs_k = sum(1 for r in rows if r[1] == (k == "withOCR"))
    print(f"{k}: {docs_k} documents, word recall {c / max(1, n):.4f} ({n} pdftotext words), precision {ch / max(1, nh):.4f} ({nh} words)")
print("refusals of files pdftotext reads:")
for r in refusals: print("  ", r)
print("recall < 0.9 (>= 20 pdftotext words):")
for r in sorted(low, key=lambda r: r[2]): print(f"   {r[0]}  ocr={r[1]}  recall={r[2]:.3f}  precision={r[3]:.3f}  words={r[4]}")
