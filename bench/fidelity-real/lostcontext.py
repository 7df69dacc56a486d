#!/usr/bin/env python3
"""Where the numbers (or words) a text lacks stood in the reference: for reading causes.

Usage: lostcontext.py HYPOTHESIS REFERENCE TOKEN... [--context N]

For each occurrence of TOKEN among the reference's \\w+ words, prints the reference's words
around it when the hypothesis does not hold the same TOKEN with its immediate neighbours
(neither with the word before it nor with the word after it): where it was lost or changed.
"""
import re, sys
sys.path.insert(0, "/work/shared/tools")
from textdiff import load

args = [a for a in sys.argv[1:] if not a.startswith("--")]
ctx = int(sys.argv[sys.argv.index("--context") + 1]) if "--context" in sys.argv else 8
if "--context" in sys.argv:
    args.remove(str(ctx))
hyp, ref = load(args[0]), load(args[1])
hw, rw = re.findall(r"\w+", hyp), re.findall(r"\w+", ref)
have = set(zip(hw, hw[1:]))
for token in args[2:]:
    for i, w in enumerate(rw):
        if w == token and 0 < i < len(rw) - 1 and (rw[i - 1], w) not in have and (w, rw[i + 1]) not in have:
            print(f"{token}: …{' '.join(rw[max(0, i - ctx):i])} [{w}] {' '.join(rw[i + 1:i + 1 + ctx])}…")
