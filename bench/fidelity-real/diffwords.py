#!/usr/bin/env python3
"""Where two texts differ, word by word, with context: for reading the causes behind the figures.

Usage: diffwords.py HYPOTHESIS REFERENCE [--context N] [--only digits] [--max M]

Aligns the \\w+ words of both (rapidfuzz's Levenshtein alignment, as textdiff's WER) and prints each change as
`- reference words` / `+ hypothesis words` with N words of the reference around it.
--only digits keeps the changes that involve a number. Arguments as for textdiff.py.
"""
import os, re, sys
from rapidfuzz.distance import Levenshtein
sys.path.insert(0, "/work/shared/tools")
from textdiff import load


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    opt = lambda k, d: sys.argv[sys.argv.index(k) + 1] if k in sys.argv else d
    ctx, only, most = int(opt("--context", 6)), opt("--only", ""), int(opt("--max", 200))
    args = [a for a in args if a not in (str(ctx), only, str(most))]
    hyp, ref = re.findall(r"\w+", load(args[0])), re.findall(r"\w+", load(args[1]))
    ids = {}
    r, h = [ids.setdefault(w, len(ids)) for w in ref], [ids.setdefault(w, len(ids)) for w in hyp]
    shown = 0
    for tag, i1, i2, j1, j2 in Levenshtein.opcodes(r, h):
        if tag == "equal":
            continue
        gone, came = ref[i1:i2], hyp[j1:j2]
        if only == "digits" and not any(re.search(r"\d", w) for w in gone + came):
            continue
        before, after = " ".join(ref[max(0, i1 - ctx):i1]), " ".join(ref[i2:i2 + ctx])
        print(f"@{i1}: …{before} [- {' '.join(gone[:40])}{' …' if len(gone) > 40 else ''} ]"
              f"[+ {' '.join(came[:40])}{' …' if len(came) > 40 else ''} ] {after}…")
        shown += 1
        if shown >= most:
            break


if __name__ == "__main__":
    main()
