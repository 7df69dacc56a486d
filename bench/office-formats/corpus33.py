#!/usr/bin/env python3
"""Issue 33, deliverable 3 for Office/EPUB: `ingest convert` over other projects' test files
(python-docx, python-pptx, odfpy, w3c epub-tests — fetched as they are), outcome counts by code,
crashes and hangs, every refusal of a file the peer reads, and word recall/precision against the
peer: `pandoc -t plain` for .docx/.odt/.epub, python-pptx's text frames and tables for .pptx.

Usage: bench/office-formats/corpus33.py INGEST_BINARY CORPUS_DIR...
Each CORPUS_DIR is converted in one run (own library), as a user would; a document withheld as a
duplicate is converted again alone so that its text can be compared too. Run with the tools venv
(.build/tools-venv/bin/python3: rapidfuzz for textdiff.py, python-pptx)."""
import collections, json, os, re, shutil, subprocess, sys, tempfile, time

TEXTDIFF = "/work/shared/tools/textdiff.py"
PANDOC_KINDS = {"docx", "docm", "dotx", "odt", "ott", "epub", "rtf"}
PPTX_KINDS = {"pptx", "pptm", "ppsx", "potx"}

def convert(ingest, path, out):
    t0 = time.time()
    p = subprocess.run([ingest, "convert", path, "--out", out, "--library", os.path.join(out, "lib.sqlite"),
                        "--sink", "none", "--quiet", "--lang", "en"], capture_output=True, text=True, timeout=1800)
    return p, time.time() - t0, json.load(open(os.path.join(out, "summary.json")))

def peer_text(path):
    ext = path.rsplit(".", 1)[-1].lower()
    try:
        if ext in PANDOC_KINDS:
            p = subprocess.run(["pandoc", "-t", "plain", "--wrap=none", path], capture_output=True, text=True, timeout=120)
            return ("pandoc", p.stdout) if p.returncode == 0 else ("pandoc", None)
        if ext in PPTX_KINDS:
            from pptx import Presentation
            words = []
            def walk(shapes):
                for s in shapes:
                    if s.shape_type == 6: walk(s.shapes); continue  # group
                    if getattr(s, "has_text_frame", False) and s.has_text_frame: words.append(s.text_frame.text)
                    if getattr(s, "has_table", False) and s.has_table:
                        for r in s.table.rows:
                            for c in r.cells: words.append(c.text)
            prs = Presentation(path)
            for slide in prs.slides:
                walk(slide.shapes)
                if slide.has_notes_slide and slide.notes_slide.notes_text_frame is not None:
                    words.append(slide.notes_slide.notes_text_frame.text)
            return ("python-pptx", "\n".join(words))
    except Exception as e:
        return ("peer", None)
    return (None, None)

def compare(doc_json, peer):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(peer); ref = f.name
    p = subprocess.run([sys.executable, TEXTDIFF, doc_json, ref, "--json"], capture_output=True, text=True)
    os.unlink(ref)
    return json.loads(p.stdout)

def main():
    ingest, dirs = sys.argv[1], sys.argv[2:]
    counts = collections.Counter()
    refused, low, pairs, no_peer_words = [], [], collections.defaultdict(list), []
    total, wall = 0, 0.0
    for d in dirs:
        out = tempfile.mkdtemp(prefix="office33-")
        p, w, summary = convert(ingest, d, out)
        wall += w
        print(f"{d}: exit {p.returncode}, {len(summary['documents'])} documents in {w:.1f} s, counts {summary['counts']}")
        for doc in summary["documents"]:
            total += 1
            err = doc.get("error") or {}
            code = err.get("code") or doc["status"]
            if doc["status"] == "succeeded" and doc.get("readiness") == "notReady": code = "succeeded (not ready)"
            counts[code] += 1
            name = doc["sources"][0]
            path = os.path.join(d, name)
            tool, peer = peer_text(path)
            if doc["status"] == "failed":
                print(f"  failed: {name}: {code}")
                if peer and re.search(r"\w", peer):
                    refused.append((name, code, err.get("detail") or err.get("message"), tool, len(peer.split())))
                continue
            output = doc.get("output")
            if doc["status"] == "duplicate" or not output:
                alone = tempfile.mkdtemp(prefix="office33-alone-")
                _, _, s2 = convert(ingest, path, alone)
                output = s2["documents"][0].get("output")
                base = alone
            else:
                base = out
            if peer is None or not output: continue
            if not re.search(r"\w", peer):
                no_peer_words.append(name)  # pandoc prints only "[]" or table rules: nothing to compare
                continue
            r = compare(os.path.join(base, output), peer)
            ext = name.rsplit(".", 1)[-1].lower()
            pairs[(tool, ext)].append((name, r))
            if (r["word_recall"] < 0.99 or r["word_precision"] < 0.99):
                low.append((name, tool, r["word_recall"], r["word_precision"], r["ref_chars"], r["hyp_chars"]))
        shutil.rmtree(out)

    print(f"\n{total} files in {wall:.0f} s; outcomes by code:")
    for code, n in counts.most_common():
        print(f"  {n:4d}  {code}")
    print(f"crashes (run.crashed): {counts['run.crashed']}, hangs (run.timeout): {counts['run.timeout']}")
    print("\nword recall / precision against the peer (files with peer words; mean, and files ≥ 0.99):")
    for (tool, ext), rs in sorted(pairs.items()):
        rs = [r for _, r in rs if r["ref_chars"] > 0]
        if not rs: continue
        rec = sum(r["word_recall"] for r in rs) / len(rs)
        pre = sum(r["word_precision"] for r in rs) / len(rs)
        ok = sum(1 for r in rs if r["word_recall"] >= 0.99 and r["word_precision"] >= 0.99)
        print(f"  {tool:12s} .{ext:5s} {len(rs):4d} files  recall {rec:.4f}  precision {pre:.4f}  both ≥ 0.99: {ok}")
    print(f"\nthe peer prints no word ({len(no_peer_words)}): " + ", ".join(sorted(no_peer_words)))
    print(f"\nunder 0.99 ({len(low)}):")
    for name, tool, rec, pre, rc, hc in sorted(low):
        print(f"  {name}: recall {rec} precision {pre} ({tool} {rc} chars, ours {hc})")
    print(f"\nthe peer reads, we refuse ({len(refused)}):")
    for name, code, why, tool, n in sorted(refused):
        print(f"  {name}: {code} — {why} ({tool}: {n} words)")

main()
