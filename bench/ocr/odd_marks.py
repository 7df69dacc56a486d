#!/usr/bin/python3
"""Issue 38 item 4, odd corpus: could a look at a page's marks, before recognition, tell the pages OCR reads
for nothing from those it reads words on? For every page an `ingest convert` output folder says was OCR'd or
left out: the page drawn by pdftoppm at 100 dpi (gray), its background (median), ink (|gray - background| >=
max(48, background / 4), PageInk's rule), 8-connected marks not touching the edge and at least 1/330 of the
short side, pairs of marks in a row (heights within 3x, overlapping vertically by half the smaller, the gap
under 1.5 heights), and marks over 1/8 of the short side both ways. One JSON line per page with the characters
OCR kept.

Usage: odd_marks.py OUT_DIR PDF_DIR > feats.jsonl   (OUT_DIR: odd_corpus.py's WORK/out-all-LABEL, PDF_DIR: WORK/all)
Session 20's answer (bench/ocr/RESULTS.md): no — "Execute" on a button, "/K -1" in boxes, "Ok" have as few marks
and row pairs as the JBIG2 smileys and gradients read for 0 characters.
"""
import json, glob, os, subprocess, sys, io
import numpy as np
from scipy import ndimage
from PIL import Image
out, allc = sys.argv[1], sys.argv[2]
DPI = 100
def feats(pdf, n):
    r = subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-f", str(n), "-l", str(n), "-singlefile", pdf], capture_output=True, timeout=120)
    if not r.stdout: return None
    a = np.asarray(Image.open(io.BytesIO(r.stdout)).convert("L")).astype(int)
    h, w = a.shape; short = min(h, w)
    bg = int(np.median(a[::4, ::4]))
    c = max(48, bg // 4)
    ink = np.abs(a - bg) >= c
    lab, k = ndimage.label(ink, structure=np.ones((3, 3)))
    boxes = ndimage.find_objects(lab)
    minm = max(3, round(short / 330 * 1))  # like PageInk, scaled page (short side in px at this dpi)
    marks = []
    for b in boxes:
        y0, y1, x0, x1 = b[0].start, b[0].stop - 1, b[1].start, b[1].stop - 1
        if x0 == 0 or y0 == 0 or x1 == w - 1 or y1 == h - 1: continue
        if max(x1 - x0, y1 - y0) + 1 < minm: continue
        marks.append((x0, y0, x1, y1))
    # pairs of marks in a row: similar heights, overlapping vertically, near horizontally
    rows = 0
    ms = sorted(marks)
    for i, (ax0, ay0, ax1, ay1) in enumerate(ms):
        ah = ay1 - ay0 + 1
        for bx0, by0, bx1, by1 in ms[i + 1:i + 40]:
            bh = by1 - by0 + 1
            if bx0 - ax1 > 1.5 * max(ah, bh): continue
            if max(ah, bh) > 3 * min(ah, bh): continue
            ov = min(ay1, by1) - max(ay0, by0) + 1
            if ov < 0.5 * min(ah, bh): continue
            rows += 1
    big = sum(1 for (x0, y0, x1, y1) in marks if (x1 - x0) > short / 8 and (y1 - y0) > short / 8)
    return dict(marks=len(marks), rows=rows, big=big, bg=bg, maxh=max([m[3] - m[1] + 1 for m in marks], default=0) / short)
for p in sorted(glob.glob(os.path.join(out, "*.json"))):
    d = json.load(open(p))
    if "sources" not in d or not isinstance(d["sources"][0], dict): continue
    s = d["sources"][0]
    for pg in s.get("pages") or []:
        if pg.get("provenance") != "ocr" and not pg.get("leftOut"): continue
        f = feats(os.path.join(allc, s["name"]), pg["number"])
        print(json.dumps(dict(name=s["name"], page=pg["number"], chars=pg.get("characters"), left=pg.get("leftOut"), conf=pg.get("ocrConfidence"), **(f or {}))), flush=True)
