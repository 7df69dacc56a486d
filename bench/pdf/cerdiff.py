#!/usr/bin/env python3
"""Shows where two texts differ, normalized like textdiff.py (NFC, whitespace collapsed).
Usage: cerdiff.py OURS REFERENCE [max]"""
import re, sys, unicodedata
from rapidfuzz.distance import Levenshtein
def load(p):
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", open(p, encoding="utf-8", errors="replace").read())).strip()
a, b = load(sys.argv[1]), load(sys.argv[2])
n = int(sys.argv[3]) if len(sys.argv) > 3 else 15
for tag, i1, i2, j1, j2 in [o for o in Levenshtein.opcodes(a, b) if o[0] != "equal"][:n]:
    print(f"{tag:8} ours[{a[max(0,i1-15):i1]}|{a[i1:i2]!r}|{a[i2:i2+15]}]  ref[{b[j1:j2]!r}]")
