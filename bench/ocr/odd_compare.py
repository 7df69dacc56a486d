#!/usr/bin/python3
"""Issue 38 item 4, odd corpus: what a change did to every page, from two `ingest convert` output
folders of the same PDFs (odd_corpus.py's WORK/out-all-LABEL, or two --reproducible runs).

Usage: odd_compare.py BEFORE_OUT AFTER_OUT PDF_DIR [LOOK_DIR]
For every page either run read by OCR or left out: its verdict (read / blank / junk /
scriptNotInstalled) and characters before and after; the documents whose text changed; and
every page whose verdict changed or that lost characters, drawn by pdftoppm (40 dpi) into
LOOK_DIR with a contact sheet (changed.png) for a person to look at. Documents of the text
layer alone (no OCR'd or left-out page in either run) are compared byte for byte (the JSON
document, its id and timings aside when not --reproducible).
"""
import json, os, subprocess, sys


def documents(out):
    rows = {}
    for d in json.load(open(os.path.join(out, "summary.json"), encoding="utf-8"))["documents"]:
        name = os.path.basename(d["sources"][0])
        doc = None
        if d.get("output") and os.path.exists(os.path.join(out, d["output"])):
            doc = json.load(open(os.path.join(out, d["output"]), encoding="utf-8"))
        rows[name] = (d, doc)
    return rows


def pages(doc):
    """number -> (verdict, characters) of the pages OCR read or left out."""
    if not doc or "sources" not in doc: return {}
    out = {}
    for p in doc["sources"][0].get("pages") or []:
        if p.get("provenance") == "ocr" or p.get("leftOut"):
            out[p["number"]] = (p.get("leftOut") or "read", p.get("characters") or 0)
    return out


def main():
    before, after, pdfs = sys.argv[1], sys.argv[2], sys.argv[3]
    look = sys.argv[4] if len(sys.argv) > 4 else None
    a, b = documents(before), documents(after)
    same_text = changed_text = 0
    text_docs = text_same = 0
    flagged = []
    print("| document | page | before | after |")
    print("|---|---|---|---|")
    for name in sorted(set(a) | set(b)):
        (_, da), (_, db) = a.get(name, ({}, None)), b.get(name, ({}, None))
        pa, pb = pages(da), pages(db)
        if not pa and not pb:
            text_docs += 1
            if da == db: text_same += 1
            else: print(f"| {name} (text layer only) | | differs | |")
            continue
        if (da or {}).get("text") == (db or {}).get("text"): same_text += 1
        else: changed_text += 1
        for n in sorted(set(pa) | set(pb)):
            va, vb = pa.get(n, ("-", 0)), pb.get(n, ("-", 0))
            if va == vb: continue
            print(f"| {name} | {n} | {va[0]} {va[1]} | {vb[0]} {vb[1]} |")
            if va[0] != vb[0] or vb[1] < va[1]: flagged.append((name, n))
    print(f"\ndocuments with an OCR'd or left-out page: text identical {same_text}, changed {changed_text}; "
          f"text-layer documents: {text_same} of {text_docs} identical")
    print(f"pages whose verdict changed or that lost characters: {len(flagged)}")
    if look and flagged:
        os.makedirs(look, exist_ok=True)
        drawn = []
        for name, n in flagged:
            stem = os.path.join(look, f"{name[:-4]}--p{n}")
            subprocess.run(["pdftoppm", "-r", "40", "-f", str(n), "-l", str(n), "-singlefile", "-png", os.path.join(pdfs, name), stem],
                           capture_output=True, timeout=60)
            if os.path.exists(stem + ".png"): drawn.append(stem + ".png")
        if drawn:
            subprocess.run(["montage", "-label", "%t", "-pointsize", "9", "-geometry", "160x200+4+4", "-tile", "8x"] + drawn
                           + [os.path.join(look, "changed.png")], capture_output=True, timeout=300)
        print(f"drawn in {look}/ (changed.png)")


main()
