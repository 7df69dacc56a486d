#!/usr/bin/python3
"""Issue 33, deliverable 3 for audio: `ingest convert` over other projects' audio test corpora
(mutagen's and TagLib's tests/data, fetched as they are), outcome counts by code, crashes and
hangs, and every file mutagen reads that we refuse, with our reason.

Usage: bench/audio/corpus33.py INGEST_BINARY CORPUS_DIR... (each CORPUS_DIR converted on its own)
Needs python3-mutagen (Debian's /usr/bin/python3)."""
import collections, json, os, shutil, subprocess, sys, tempfile, time
import mutagen

ingest, dirs = sys.argv[1], sys.argv[2:]
counts = collections.Counter()
refused_but_read = []
total = 0
for d in dirs:
    out = tempfile.mkdtemp(prefix="corpus33-")
    t0 = time.time()
    p = subprocess.run([ingest, "convert", d, "--out", out, "--library", os.path.join(out, "lib.sqlite"),
                        "--sink", "none", "--quiet", "--lang", "en"], capture_output=True, text=True, timeout=1800)
    wall = time.time() - t0
    summary = json.load(open(os.path.join(out, "summary.json")))
    print(f"{d}: exit {p.returncode}, {len(summary['documents'])} documents in {wall:.1f} s, counts {summary['counts']}")
    for doc in summary["documents"]:
        total += 1
        err = doc.get("error") or {}
        code = err.get("code") or doc["status"]
        counts[code] += 1
        if doc["status"] == "duplicate":
            print(f"  duplicate: {doc['sources'][0]} -> {doc.get('duplicateOf') or doc.get('output')}")
        if doc["status"] != "failed":
            continue
        path = os.path.join(d, doc["sources"][0])
        try:
            f = mutagen.File(path)
            peer = None if f is None else f"{type(f).__name__} {getattr(f.info, 'length', 0) or 0:.2f} s"
        except Exception as e:  # mutagen refuses too
            peer = None
        if peer:
            why = "a kind Ingest does not read" if code == "sniff.unknownKind" else err.get("detail") or err.get("message")
            refused_but_read.append((doc["sources"][0], code, why, peer))
    shutil.rmtree(out)

print(f"\n{total} files; outcomes by code:")
for code, n in counts.most_common():
    print(f"  {n:4d}  {code}")
print(f"crashes (run.crashed): {counts['run.crashed']}, hangs (run.timeout): {counts['run.timeout']}")
print(f"\nmutagen reads, we refuse ({len(refused_but_read)}):")
for name, code, why, peer in sorted(refused_but_read):
    print(f"  {name}: {code} — {why} (mutagen: {peer})")
