#!/usr/bin/python3
"""Issue 33, deliverable 3 for photos and scans: `ingest convert --separate-photos` over another
project's image test corpus (Pillow's Tests/images, fetched as it is), outcome counts by code,
crashes and hangs, every file Pillow opens that we refuse (with our reason), and our text against
the `tesseract` command's on the files where tesseract reads words.

Usage: bench/ocr/images33.py INGEST_BINARY CORPUS_DIR [PEER_CACHE.json]
Needs Debian's python3-pil and tesseract-ocr (fra+eng). The peer's results (Pillow, tesseract) are
kept in PEER_CACHE when given, so a second run redoes only Ingest's side."""
import collections, json, os, re, shutil, subprocess, sys, tempfile, time, unicodedata
from PIL import Image

ingest, corpus = sys.argv[1], sys.argv[2]
cache = sys.argv[3] if len(sys.argv) > 3 else None
peer = json.load(open(cache)) if cache and os.path.exists(cache) else {}
for dp, _, files in os.walk(corpus):
    for f in sorted(files):
        path = os.path.join(dp, f); rel = os.path.relpath(path, corpus)
        if rel in peer:
            continue
        r = {}
        try:
            im = Image.open(path); im.load(); r["pillow"] = "ok"; r["frames"] = getattr(im, "n_frames", 1)
        except Exception as e:
            r["pillow"] = f"{type(e).__name__}: {str(e)[:120]}"
        try:
            t = subprocess.run(["tesseract", path, "-", "-l", "fra+eng"], capture_output=True, text=True,
                               env=dict(os.environ, OMP_THREAD_LIMIT="1"), timeout=60)
            r["tesseract"] = t.stdout if t.returncode == 0 else None
        except subprocess.TimeoutExpired:
            r["tesseract"] = None
        peer[rel] = r
if cache:
    json.dump(peer, open(cache, "w"))

out = tempfile.mkdtemp(prefix="images33-")
t0 = time.time()
p = subprocess.run([ingest, "convert", corpus, "--out", out, "--library", os.path.join(out, "lib.sqlite"),
                    "--sink", "none", "--quiet", "--lang", "en", "--separate-photos"],
                   capture_output=True, text=True, timeout=7200)
summary = json.load(open(os.path.join(out, "summary.json")))
print(f"{corpus}: exit {p.returncode}, {len(summary['documents'])} documents in {time.time() - t0:.0f} s, {summary['counts']}")

def words(text):
    text = unicodedata.normalize("NFC", text or "")
    return collections.Counter(w for w in re.findall(r"\w+", text) if len(w) >= 2)

counts, refused, compared, warnings = collections.Counter(), [], [], collections.Counter()
for doc in summary["documents"]:
    name = doc["sources"][0]
    err = doc.get("error") or {}
    status = doc["status"]
    code = err.get("code") or (f"{status} ({doc.get('readiness')})" if status == "succeeded" else status)
    counts[code] += 1
    for w in doc.get("warnings", []):
        warnings[w["code"]] += 1
    r = peer.get(name, {})
    if status == "failed" and r.get("pillow") == "ok":
        refused.append((name, code, err.get("detail") or err.get("message")))
    theirs = words(r.get("tesseract"))
    if status in ("succeeded", "duplicate") and sum(len(w) * n for w, n in theirs.items()) >= 20:
        target = doc["output"] if os.path.isabs(doc["output"]) else os.path.join(out, doc["output"])
        ours = words(json.load(open(target)).get("text"))
        common = sum((ours & theirs).values())
        compared.append((name, common / max(1, sum(theirs.values())), common / max(1, sum(ours.values())),
                         sum(theirs.values())))
shutil.rmtree(out)

print(f"\n{sum(counts.values())} files; outcomes by code:")
for code, n in counts.most_common():
    print(f"  {n:4d}  {code}")
print(f"crashes (run.crashed): {counts['run.crashed']}, hangs (run.timeout): {counts['run.timeout']}")
print("warnings:", dict(warnings))
print(f"\nPillow opens, we refuse ({len(refused)}):")
for name, code, why in sorted(refused):
    print(f"  {name}: {code} — {why}")
print(f"\nword recall / precision against the tesseract command ({len(compared)} files where it reads ≥ 20 letters):")
for name, recall, precision, n in sorted(compared, key=lambda c: c[1]):
    print(f"  {recall:.3f} / {precision:.3f}  ({n} words)  {name}")
