#!/usr/bin/env python3
"""Small helpers for the OCR bench scripts (kept out of the shell for readability).
  tools.py score HYP REF          → "CER% | WER%" via ../shared/tools/textdiff.py
  tools.py text DOC.json          → the document's text
  tools.py pages OUT_DIR          → pagesOCRed of the first document in OUT_DIR
  tools.py rounds TSV BASE LABEL  → median wall/CPU per command of interleaved rounds, as ratios to BASE
"""
import glob, json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
TEXTDIFF = os.path.join(HERE, "..", "..", "..", "shared", "tools", "textdiff.py")

def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "score":
        out = subprocess.run([sys.executable, os.environ.get("TEXTDIFF", TEXTDIFF), args[0], args[1], "--json"],
                             capture_output=True, text=True, check=True).stdout
        d = json.loads(out)
        print("%.2f | %.2f" % (100 * d["cer"], 100 * d["wer"]))
    elif cmd == "text":
        print(json.load(open(args[0], encoding="utf-8"))["text"])
    elif cmd == "rounds":
        import statistics
        rows = {}
        for line in open(args[0]):
            who, wall, user, system = line.split()
            rows.setdefault(who, []).append((float(wall), float(user) + float(system)))
        med = {w: (statistics.median(x[0] for x in v), statistics.median(x[1] for x in v)) for w, v in rows.items()}
        base, label = args[1], args[2]
        t = med[base]
        for w, (wall, cpu) in med.items():
            print("%s %-17s wall %7.3fs (x%.3f of %s), cpu %7.3fs (x%.3f), %d rounds"
                  % (label, w, wall, wall / t[0], base, cpu, cpu / t[1], len(rows[w])))
    elif cmd == "pages":
        docs = [f for f in glob.glob(os.path.join(args[0], "*.json")) if not f.endswith("summary.json")]
        print(json.load(open(docs[0]))["sources"][0].get("pagesOCRed"))

main()
