#!/usr/bin/env python3
"""Numbers of a reference text a hypothesis does not hold as written (session 22, SCANFID).

Usage: numbers_changed.py HYPOTHESIS REFERENCE   (text files or ImportedDocument JSON, as textdiff.py)

A number is a run of digits with its decimal separators (`4,9`, `6,022`), a sign glued before it
(`+1,1`, `−273,15`) and an exponent of superscript digits glued after (`10²³`). Prints how many of
the reference's numbers are missing from the hypothesis (as multisets), and which, then the
hypothesis's numbers that are not in the reference (a changed number shows on both sides).
"""
import json, re, sys, unicodedata
from collections import Counter

NUMBER = re.compile(r"[+\-−]?\d+(?:[,.]\d+)*[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]*")

def load(path):
    raw = open(path, encoding="utf-8", errors="replace").read()
    if path.endswith(".json"):
        doc = json.loads(raw)
        raw = doc.get("text", raw) if isinstance(doc, dict) else raw
    return unicodedata.normalize("NFC", raw)

def numbers(text):
    return Counter(NUMBER.findall(text))

hyp, ref = numbers(load(sys.argv[1])), numbers(load(sys.argv[2]))
missing, extra = ref - hyp, hyp - ref
print(f"ref_numbers={sum(ref.values())} missing={sum(missing.values())} extra={sum(extra.values())}")
print("  missing:", " ".join(sorted(missing.elements())))
print("  extra:  ", " ".join(sorted(extra.elements())))
