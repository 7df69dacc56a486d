#!/usr/bin/env python3
"""The NUMBER check of the fidelity suite (Tests/IngestFidelityTests/FidelityFindings.swift,
`numbers`), reimplemented for the bench, plus the words each side lacks.

Usage: numbercheck.py HYPOTHESIS REFERENCE [--list N]

A number is, as in FidelityFindings.numbers: an optional sign (−, or - not after a letter or
digit; or a raised ⁻ ⁺ +), a digit (any Unicode number: ², ₄ count), more digits or raised
signs, then ",digits" groups (decimal comma). Texts are normalized as textdiff.py does (NFC,
whitespace runs one space) and every - is read as − (a minus and a hyphen-minus are one sign).
Counted as multisets: `lost` = occurrences the reference has and the hypothesis lacks,
`extra` the reverse.
Prints JSON: {"numbers_ref", "numbers_lost", "numbers_extra"} and with --list N the N most
frequent lost/extra numbers and missing/extra words (textdiff's \\w+ words).
Each argument is a text file or an ImportedDocument JSON (its "text").
"""
import json, re, sys, os, unicodedata
from collections import Counter

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../shared/tools"))
sys.path.insert(0, "/work/shared/tools")
from textdiff import load  # the project's one normalization

# \p{N}, which Python's re lacks, as an explicit class built from unicodedata (the BMP and the
# mathematical digits); \p{L}\p{N} as [^\W_] (Python's \w is letters, numbers and _).
N = "".join(re.escape(chr(c)) for c in list(range(0x10000)) + list(range(0x1D7CE, 0x1D800))
            if unicodedata.category(chr(c))[0] == "N" and not 0xD800 <= c <= 0xDFFF)
LN = r"^\W_"
PATTERN = re.compile(f"(?:(?<![{LN}])[−-]|[⁻⁺+])?[{N}][{N}⁻⁺]*(?:,[{N}]+)*")


def numbers(text):
    return Counter(PATTERN.findall(text.replace("-", "−")))


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    listing = int(sys.argv[sys.argv.index("--list") + 1]) if "--list" in sys.argv else 0
    if listing:
        args = args[:2]
    hyp, ref = load(args[0]), load(args[1])
    have, want = numbers(hyp), numbers(ref)
    lost, extra = want - have, have - want
    out = {"numbers_ref": sum(want.values()), "numbers_lost": sum(lost.values()),
           "numbers_extra": sum(extra.values())}
    if listing:
        hw, rw = Counter(re.findall(r"\w+", hyp)), Counter(re.findall(r"\w+", ref))
        out["lost"] = lost.most_common(listing)
        out["extra"] = extra.most_common(listing)
        out["missing_words"] = (rw - hw).most_common(listing)
        out["extra_words"] = (hw - rw).most_common(listing)
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
