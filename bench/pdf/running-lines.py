#!/usr/bin/env python3
# Usage: bench/pdf/running-lines.py FILE.pdf OURS.json  (OURS.json: ingest convert's document)
# Word recall/precision of our text against pdftotext, then against pdftotext less its running lines.
# Running headers/footers in pdftotext's text: per page, the first and last two non-empty lines;
# a line counts as running when its shape (digits -> #) recurs on >= 25 % of pages, or is a bare page number.
import subprocess, sys, re, json, unicodedata
from collections import Counter
pdf, ours = sys.argv[1], sys.argv[2]
n = int(re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", pdf], capture_output=True, text=True).stdout).group(1))
pages = subprocess.run(["pdftotext", "-enc", "UTF-8", pdf, "-"], capture_output=True, text=True).stdout.split("\f")[:n]
shape = lambda l: re.sub(r"\d+", "#", l.strip())
edges = []
for p in pages:
    ls = [l for l in p.split("\n") if l.strip()]
    edges.append(ls[:2] + ls[-2:] if len(ls) > 4 else ls)
cnt = Counter(s for e in edges for s in set(map(shape, e)))
running = {s for s, c in cnt.items() if c >= 0.25 * n or s == "#" or re.fullmatch(r"[ivxlc]+", s)}
kept, removed = [], Counter()
for p, e in zip(pages, edges):
    ls = p.split("\n"); nonempty = [i for i, l in enumerate(ls) if l.strip()]
    edge_idx = set(nonempty[:2] + nonempty[-2:])
    for i, l in enumerate(ls):
        if i in edge_idx and shape(l) in running: removed[shape(l)] += 1
        else: kept.append(l)
norm = lambda t: re.findall(r"\w+", re.sub(r"\s+", " ", unicodedata.normalize("NFC", t)))
ref_all = Counter(norm("\n".join(pages))); ref = Counter(norm("\n".join(kept)))
hyp = Counter(norm(json.load(open(ours))["text"]))
def rp(r): c = sum((hyp & r).values()); return c / sum(r.values()), c / sum(hyp.values())
print(f"{pdf.split('/')[-1]}: {n} pages; running lines removed: {sum(removed.values())} "
      f"({sum(ref_all.values()) - sum(ref.values())} words)")
for s, c in removed.most_common(6): print(f"   {c:4d} x {s!r}")
print("  against pdftotext: recall %.4f precision %.4f" % rp(ref_all))
print("  against pdftotext less running lines: recall %.4f precision %.4f" % rp(ref))
miss = ref - hyp
print("  still missing (%d words): %s" % (sum(miss.values()), miss.most_common(25)))
