"""TEDS of Ingest's PDF tables and of pdfplumber's table finder against the source tables.

Usage: run.py CORPUS_DIR [INGEST]  (CORPUS_DIR made by make_corpus.py; INGEST defaults to
.build/debug/ingest). Each truth table is matched with the found table of the same PDF that
scores best (each found table used once); a table not found scores 0. Prints a Markdown table
of mean TEDS per kind for both, and the time each took.
"""
import json, os, subprocess, sys, tempfile, time
from collections import defaultdict

import pdfplumber
from teds import teds

HERE = os.path.dirname(os.path.abspath(__file__))


def ingest_tables(ingest, pdf):
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([ingest, "convert", pdf, "--out", os.path.join(tmp, "out"), "--library", os.path.join(tmp, "lib")],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        name = os.path.splitext(os.path.basename(pdf))[0]
        with open(os.path.join(tmp, "out", name + ".json")) as f:
            doc = json.load(f)
    return [[[c["text"] for c in row] for row in b["rows"]] for b in doc["blocks"] if b["kind"] == "table"]


def plumber_tables(pdf):
    out = []
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages:
            for t in page.extract_tables():
                out.append([[c or "" for c in row] for row in t])
    return out


def score(found, tables):
    scores, used = [], set()
    for t in tables:
        best, which = 0.0, None
        for i, f in enumerate(found):
            if i in used:
                continue
            s = teds(f, t)
            if s > best:
                best, which = s, i
        if which is not None:
            used.add(which)
        scores.append(best)
    return scores


def main(corpus, ingest):
    with open(os.path.join(corpus, "truth.json")) as f:
        truths = json.load(f)
    results = {"Ingest": defaultdict(list), "pdfplumber": defaultdict(list)}
    seconds = {"Ingest": 0.0, "pdfplumber": 0.0}
    for name, t in sorted(truths.items()):
        pdf = os.path.join(corpus, name)
        for tool, read in (("Ingest", lambda p: ingest_tables(ingest, p)), ("pdfplumber", plumber_tables)):
            start = time.monotonic()
            found = read(pdf)
            seconds[tool] += time.monotonic() - start
            s = score(found, t["tables"])
            results[tool][t["kind"]] += s
            if os.environ.get("VERBOSE"):
                print(tool, name, ["%.2f" % x for x in s], file=sys.stderr)
    kinds = sorted(results["Ingest"])
    print("| kind | tables | Ingest TEDS | pdfplumber TEDS |")
    print("|---|---|---|---|")
    groups = {"ruled": [k for k in kinds if "unruled" not in k], "unruled": [k for k in kinds if "unruled" in k]}
    for k in kinds:
        a, b = results["Ingest"][k], results["pdfplumber"][k]
        print(f"| {k} | {len(a)} | {sum(a) / len(a):.3f} | {sum(b) / len(b):.3f} |")
    for g, ks in groups.items():
        a = [x for k in ks for x in results["Ingest"][k]]
        b = [x for k in ks for x in results["pdfplumber"][k]]
        print(f"| **all {g}** | {len(a)} | **{sum(a) / len(a):.3f}** | **{sum(b) / len(b):.3f}** |")
    print(f"\nwall time: Ingest {seconds['Ingest']:.1f} s (one `ingest convert` per PDF, debug build), "
          f"pdfplumber {seconds['pdfplumber']:.1f} s")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "..", "..", ".build", "debug", "ingest"))
